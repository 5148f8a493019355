// The collection page's sign-in (public), a plugin under /api/payout/recipient: POST {prefix}/login sends an SMS code
// to a recipient of the page's customer, POST {prefix}/authenticate trades the code for a RECIPIENT session. A recipient signs
// in as a user of type RECIPIENT tied to its row (created at its first sign-in), so the codes (hashed, expiring,
// bounded tries, single use), the lockout buckets and the sessions are those of staff.
// No enumeration: the first step answers { authorize: true } for any number, after the same work whether or not it
// sends a code (sendCode); the second answers the same error for a wrong code and for a number without payouts.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { RECIPIENT_SESSION_TTL_SECONDS, type RecipientAuthenticateBody, type RecipientLoginBody } from '../../../shared/collection.ts';
import { normalisePhone } from '../../../shared/validation/rules.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { RecipientsTable, UserRow } from '../../db/types.ts';
import { AppError, fieldFailure } from '../../errors.ts';
import { consumeCode, issueCode } from '../../platform/auth/codes.ts';
import { bucketsFor, chargeAttempt, clearFailures, failAttempt, identityKey, lockoutPolicy } from '../../platform/auth/lockout.ts';
import { authRateLimit } from '../../platform/auth/rateLimit.ts';
import { verifyOneTimeCode } from '../../platform/auth/secrets.ts';
import { createSession } from '../../platform/auth/sessions.ts';
import { enqueue } from '../../platform/outbox.ts';
import { customerLanguage, messageText } from '../../platform/messageTexts.ts';
import { fillTemplate, getCustomerSetting } from '../../platform/settings.ts';
import { findCustomerByUrl } from '../../platform/users.ts';
import { loadSchema } from '../../validation.ts';

interface Page {
  customerId: number;
  programId: number | null;
  phone: string;
}

/** The page's customer and program (404 when unknown, as the page shows its not-found screen) and the number. */
async function pageOf(db: Db, body: RecipientLoginBody): Promise<Page> {
  const customer = await findCustomerByUrl(db, body.customerUrl);
  if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  let programId: number | null = null;
  if (body.programUrl) {
    const program = await db.selectFrom('programs').select('id').where('customer_id', '=', customer.id).where(sql`lower(url)`, '=', body.programUrl.toLowerCase()).executeTakeFirst();
    if (!program) throw new AppError(404, 'PROGRAM_NOT_FOUND');
    programId = program.id;
  }
  const phone = normalisePhone(body.phoneNumber, 'PL');
  if (!phone) throw fieldFailure('phoneNumber', 'INVALID_PHONE_NUMBER');
  return { customerId: customer.id, programId, phone };
}

/** The customer's recipient of that number, unless blocked (a blocked recipient cannot collect). */
async function recipientOf(db: Db, page: Page): Promise<Pick<RecipientsTable, 'first_name' | 'last_name'> & { id: number } | undefined> {
  return db
    .selectFrom('recipients')
    .select(['id', 'first_name', 'last_name'])
    .where('customer_id', '=', page.customerId)
    .where('phone_number', '=', page.phone)
    .where('blocked', '=', false)
    .executeTakeFirst();
}

/** The RECIPIENT user of a recipient, made at its first sign-in. */
async function recipientUser(db: Db, customerId: number, recipient: { id: number; first_name: string | null; last_name: string | null }): Promise<UserRow> {
  // A recipient created from a payout file may have only its phone number; its user needs names, so empty ones.
  const names = { first_name: recipient.first_name ?? '', last_name: recipient.last_name ?? '' };
  return db
    .insertInto('users')
    .values({ customer_id: customerId, login: `recipient:${recipient.id}`, first_name: names.first_name, last_name: names.last_name, type: 'RECIPIENT', recipient_id: recipient.id })
    .onConflict((oc) => oc.column('recipient_id').doUpdateSet({ ...names, updated_at: sql<Date>`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Thrown to undo the stand-in's work (see sendCode). */
const UNDO = Symbol('undo');

/**
 * Texts a sign-in code to the recipient. A number that gets none (no recipient, or a blocked one) goes through the
 * same statements for a stand-in recipient, in a savepoint rolled back at the end, and the transaction still commits:
 * the answer then takes as long either way (the hashing, the writes and the commit's flush), and nothing is kept or
 * sent.
 */
async function sendCode(db: Db, config: Config, page: Page, recipient: { id: number; first_name: string | null; last_name: string | null } | undefined): Promise<void> {
  const template = await messageText(db, 'SMS_VERIFICATION_CODE_MESSAGE', await customerLanguage(db, page.customerId));
  const sender = (await getCustomerSetting(db, page.customerId, 'SMS_SENDER_NAME')) ?? null;
  await db.transaction().execute(async (trx) => {
    await sql`SAVEPOINT sign_in_code`.execute(trx);
    try {
      const who = recipient ?? (await standIn(trx, page.customerId));
      const user = await recipientUser(trx, page.customerId, who);
      const code = await issueCode(trx, { userId: user.id, purpose: 'LOGIN', ttlSeconds: config.codeTtl });
      await enqueue(trx, { channel: 'sms', recipient: page.phone, subject: sender, body: fillTemplate(template, { PASS: code }), customerId: page.customerId, lane: 'code' });
      if (!recipient) throw UNDO;
      await sql`RELEASE SAVEPOINT sign_in_code`.execute(trx);
    } catch (err) {
      if (err !== UNDO) throw err;
      await sql`ROLLBACK TO SAVEPOINT sign_in_code`.execute(trx);
    }
  });
}

/** A recipient row that only lives inside the rolled-back savepoint; its number can match no real one. */
async function standIn(db: Db, customerId: number): Promise<{ id: number; first_name: string | null; last_name: string | null }> {
  return db
    .insertInto('recipients')
    .values({ customer_id: customerId, first_name: '-', last_name: '-', phone_number: `stand-in:${randomUUID()}`, email: null, external_id: null, billon_user_name: null, blocked: false })
    .returning(['id', 'first_name', 'last_name'])
    .executeTakeFirstOrThrow();
}

export const collectionSignInArea: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const policy = lockoutPolicy(config);
  const rateLimit = authRateLimit(config);
  const identity = (page: Page) => identityKey('recipient', `${page.customerId}:${page.phone}`);

  app.post<{ Body: RecipientLoginBody }>(
    '/login',
    {
      config: { public: true, collectionPage: true, rateLimit },
      schema: { body: loadSchema('forms/recipient-login'), response: { 200: loadSchema('responses/collection-login') } },
    },
    async (request) => {
      const page = await pageOf(db, request.body);
      // Each code sent is a guess charged to the number at this address, so the page cannot be used to flood a phone.
      await chargeAttempt(db, bucketsFor(identity(page), null, request.ip, policy), policy);
      await sendCode(db, config, page, await recipientOf(db, page));
      // Kicked for a stand-in too, where it finds nothing new: the same work again.
      void app.outbox.kick();
      return { authorize: true };
    },
  );

  app.post<{ Body: RecipientAuthenticateBody }>(
    '/authenticate',
    {
      config: { public: true, collectionPage: true, rateLimit },
      schema: { body: loadSchema('forms/recipient-authenticate'), response: { 200: loadSchema('responses/collection-authenticate') } },
    },
    async (request) => {
      const page = await pageOf(db, request.body);
      const charge = await chargeAttempt(db, bucketsFor(identity(page), null, request.ip, policy), policy);
      const recipient = await recipientOf(db, page);
      const user = recipient ? await db.selectFrom('users').selectAll().where('recipient_id', '=', recipient.id).where('is_active', '=', true).executeTakeFirst() : undefined;
      const code = request.body.verificationCode.trim();
      const ok = user ? await consumeCode(db, { userId: user.id, purposes: ['LOGIN'], code }) : await verifyOneTimeCode(code, null);
      if (!ok || !user || !recipient) throw (await failAttempt(db, charge, policy)) ?? new AppError(400, 'INVALID_VERIFICATION_CODE');
      await clearFailures(db, charge);
      await db.updateTable('recipients').set({ last_login_at: sql<Date>`now()` }).where('id', '=', recipient.id).execute();
      const { token, expiresAt } = await createSession(db, user.id, Math.min(RECIPIENT_SESSION_TTL_SECONDS, config.sessionTtl), page.programId);
      return { token, expiresIn: expiresAt.toISOString() };
    },
  );
};
