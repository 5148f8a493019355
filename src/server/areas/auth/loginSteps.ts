// The steps of a staff login (login.ts): whom the identity names in the page's variant, the lockout charge of a guess,
// the SMS code, and the session it ends in. The variant is the customer's (from the page's customer url), else the
// deployment default (LOGIN_VARIANT).
import type { LoginAuthorizeForm, LoginForm } from '../../../shared/generated/forms.ts';
import type { FastifyInstance } from 'fastify';
import type { LoginVariant } from '../../config.ts';
import type { UserRow } from '../../db/types.ts';
import { fieldFailure } from '../../errors.ts';
import { normalisePhone } from '../../../shared/validation/rules.ts';
import { consumeCode, issueCode } from '../../platform/auth/codes.ts';
import { bucketsFor, chargeAttempt, clearFailures, failAttempt, identityKey, lockoutPolicy, type Charge } from '../../platform/auth/lockout.ts';
import { hashPassword, hashToken, passwordHashOutdated } from '../../platform/auth/secrets.ts';
import { createSession } from '../../platform/auth/sessions.ts';
import { enqueue } from '../../platform/outbox.ts';
import { messageSubject, messageText, staffLanguage } from '../../platform/messageTexts.ts';
import { fillTemplate } from '../../platform/settings.ts';
import type { MessageLanguage } from '../../../shared/customers.ts';
import { findCustomerByUrl, findStaffByLogin, findStaffByPhone } from '../../platform/users.ts';

/** The body of either login step (forms/login, forms/login-authorize): the second adds the code. */
export type LoginBody = LoginForm & Partial<Pick<LoginAuthorizeForm, 'verificationCode'>>;

export interface LoginContext {
  variant: LoginVariant;
  identity: string;
  findUser: () => Promise<UserRow | undefined>;
}

/** A guess, charged to its lockout buckets before it is checked. */
export interface Guess {
  user: UserRow | undefined;
  /** Whether the device has confirmed a code for this very user. */
  trusted: boolean;
  charge: Charge;
}

/** Which fields are required depends on the variant, so that check lives here rather than in the schema. */
export const required = (property: string) => fieldFailure(property, 'REQUIRED');

/** The login steps of an application, reading its database, configuration and outbox. */
export function loginSteps(app: FastifyInstance) {
  const { db, config, outbox } = app;
  const policy = lockoutPolicy(config);

  async function context(body: LoginBody): Promise<LoginContext> {
    const customer = body.customer ? await findCustomerByUrl(db, body.customer) : undefined;
    const variant = customer?.login_variant ?? config.loginVariant;
    const customerId = customer?.id;
    if (variant === 'PHONE') {
      if (!body.phoneNumber?.trim()) throw required('phoneNumber');
      const phone = normalisePhone(body.phoneNumber, 'PL');
      if (!phone) throw fieldFailure('phoneNumber', 'INVALID_PHONE_NUMBER');
      return { variant, identity: identityKey('phone', phone), findUser: () => findStaffByPhone(db, phone, customerId) };
    }
    const login = body.login?.trim();
    if (!login) throw required('login');
    return { variant, identity: identityKey('login', login), findUser: () => findStaffByLogin(db, login, customerId) };
  }

  /** The user must belong to the variant the page offered, so a stricter variant cannot be bypassed. */
  async function variantOf(user: UserRow): Promise<LoginVariant> {
    if (!user.customer_id) return config.loginVariant;
    const c = await db.selectFrom('customers').select('login_variant').where('id', '=', user.customer_id).executeTakeFirst();
    return c?.login_variant ?? config.loginVariant;
  }

  async function isKnownDevice(userId: number, device: string | undefined): Promise<boolean> {
    if (!device) return false;
    const row = await db.selectFrom('known_devices').select('user_id').where('user_id', '=', userId).where('device_hash', '=', hashToken(device)).executeTakeFirst();
    return !!row;
  }

  return {
    context,

    /** The user the identity names (if it may log in through this variant), and the lockout buckets of this guess. */
    async chargeGuess(ctx: LoginContext, device: string | undefined, source: string): Promise<Guess> {
      const found = await ctx.findUser();
      const user = found && (await variantOf(found)) === ctx.variant ? found : undefined;
      // Only a device that has confirmed a code for this very user gets a bucket of its own.
      const trusted = user && device && (await isKnownDevice(user.id, device)) ? hashToken(device) : null;
      const charge = await chargeAttempt(db, bucketsFor(ctx.identity, trusted, source, policy), policy);
      return { user, trusted: trusted !== null, charge };
    },

    /** A wrong guess: the lockout's refusal when a bucket is now full, else null. */
    failGuess: (charge: Charge) => failAttempt(db, charge, policy),

    passGuess: (charge: Charge) => clearFailures(db, charge),

    /**
     * A right password whose stored hash was made with other parameters than a new one (PASSWORD_HASH was raised since):
     * hashed again now, the one moment the password is known. Only the hash changes, as long as it is still the one
     * just checked (a password changed meanwhile stays); the user's sessions go on.
     */
    async renewPasswordHash(user: UserRow, password: string): Promise<void> {
      if (!user.password_hash || !passwordHashOutdated(user.password_hash)) return;
      const hash = await hashPassword(password);
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).where('password_hash', '=', user.password_hash).execute();
    },

    /** Texts (or, without a phone, e-mails) a code in the user's language: `stated` by the request, else the customer's. */
    async sendCode(user: UserRow, purpose: 'LOGIN' | 'DEVICE', device: string | undefined, stated: MessageLanguage | undefined): Promise<void> {
      const lang = await staffLanguage(db, user, stated);
      const template = await messageText(db, 'SMS_VERIFICATION_CODE_MESSAGE', lang);
      await db.transaction().execute(async (trx) => {
        const code = await issueCode(trx, { userId: user.id, purpose, ttlSeconds: config.codeTtl, deviceHash: device ? hashToken(device) : null });
        const body = fillTemplate(template, { PASS: code });
        if (user.phone_number) await enqueue(trx, { channel: 'sms', recipient: user.phone_number, body, lane: 'code' });
        else if (user.email) await enqueue(trx, { channel: 'email', recipient: user.email, subject: messageSubject('verificationCode', lang), body, lane: 'code' });
      });
      void outbox.kick();
    },

    /** Whether the code is the user's live one for these purposes (and this device), using it up if so. */
    checkCode: (userId: number, purposes: ('LOGIN' | 'DEVICE')[], code: string, deviceHash: string | null) =>
      consumeCode(db, { userId, purposes, code, deviceHash }),

    async trustDevice(userId: number, deviceHash: string): Promise<void> {
      await db.insertInto('known_devices').values({ user_id: userId, device_hash: deviceHash }).onConflict((oc) => oc.doNothing()).execute();
    },

    async startSession(user: UserRow) {
      const { token, expiresAt } = await createSession(db, user.id, config.sessionTtl);
      return { token, expiresIn: expiresAt.toISOString() };
    },
  };
}
