// POST /api/login and POST /api/login/authorize, in the three variants of the spec:
//   LOGIN_PASSWORD  user name + password; an unknown device must confirm an SMS code
//   LOGIN           user name only; an SMS code always follows
//   PHONE           phone number only; an SMS code always follows
// The variant is the customer's (from the page's customer url), else the deployment default.
import type { FastifyInstance } from 'fastify';
import type { Config, LoginVariant } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { UserRow } from '../../db/types.ts';
import { AppError, fieldFailure } from '../../errors.ts';
import { loadSchema } from '../../validation.ts';
import { normalisePhone } from '../../../shared/validation/rules.ts';
import { enqueue, type OutboxDispatcher } from '../../platform/outbox.ts';
import { fillTemplate, getSetting } from '../../platform/settings.ts';
import { findCustomerByUrl, findStaffByLogin, findStaffByPhone } from '../../platform/users.ts';
import { consumeCode, issueCode } from '../../platform/auth/codes.ts';
import { bucketsFor, chargeAttempt, clearFailures, failAttempt, identityKey, lockoutPolicy } from '../../platform/auth/lockout.ts';
import { authRateLimit } from '../../platform/auth/rateLimit.ts';
import { hashSecret, hashToken, newNumericCode, verifySecret } from '../../platform/auth/secrets.ts';
import { createSession } from '../../platform/auth/sessions.ts';

interface LoginBody {
  login?: string;
  phoneNumber?: string;
  password?: string;
  device?: string;
  customer?: string;
  verificationCode?: string;
}

interface Context {
  variant: LoginVariant;
  customerId?: number;
  identity: string;
  findUser: () => Promise<UserRow | undefined>;
}

/** Which fields are required depends on the variant, so that check lives here rather than in the schema. */
const required = (property: string) => fieldFailure(property, 'REQUIRED');

export function authRoutes(app: FastifyInstance, db: Db, config: Config, outbox: OutboxDispatcher): void {
  const policy = lockoutPolicy(config);
  const rateLimit = authRateLimit(config);

  async function context(body: LoginBody): Promise<Context> {
    const customer = body.customer ? await findCustomerByUrl(db, body.customer) : undefined;
    const variant = customer?.login_variant ?? config.loginVariant;
    const customerId = customer?.id;
    if (variant === 'PHONE') {
      if (!body.phoneNumber?.trim()) throw required('phoneNumber');
      const phone = normalisePhone(body.phoneNumber, 'PL');
      if (!phone) throw fieldFailure('phoneNumber', 'INVALID_PHONE_NUMBER');
      return { variant, customerId, identity: identityKey('phone', phone), findUser: () => findStaffByPhone(db, phone, customerId) };
    }
    const login = body.login?.trim();
    if (!login) throw required('login');
    return { variant, customerId, identity: identityKey('login', login), findUser: () => findStaffByLogin(db, login, customerId) };
  }

  /** The user must belong to the variant the page offered, so a stricter variant cannot be bypassed. */
  async function variantOf(user: UserRow): Promise<LoginVariant> {
    if (!user.customer_id) return config.loginVariant;
    const c = await db.selectFrom('customers').select('login_variant').where('id', '=', user.customer_id).executeTakeFirst();
    return c?.login_variant ?? config.loginVariant;
  }

  async function sendCode(user: UserRow, purpose: 'LOGIN' | 'DEVICE', device: string | undefined): Promise<void> {
    const template = (await getSetting(db, 'SMS_VERIFICATION_CODE_MESSAGE')) ?? '{PASS}';
    await db.transaction().execute(async (trx) => {
      const code = await issueCode(trx, { userId: user.id, purpose, ttlSeconds: config.codeTtl, deviceHash: device ? hashToken(device) : null });
      const body = fillTemplate(template, { PASS: code });
      if (user.phone_number) await enqueue(trx, { channel: 'sms', recipient: user.phone_number, body, lane: 'code' });
      else if (user.email) await enqueue(trx, { channel: 'email', recipient: user.email, subject: 'Verification code', body, lane: 'code' });
    });
    void outbox.kick();
  }

  async function isKnownDevice(userId: number, device: string | undefined): Promise<boolean> {
    if (!device) return false;
    const row = await db.selectFrom('known_devices').select('user_id').where('user_id', '=', userId).where('device_hash', '=', hashToken(device)).executeTakeFirst();
    return !!row;
  }

  /** The user the identity names (if it may log in through this variant), and the lockout buckets of this guess. */
  async function chargeGuess(ctx: Context, device: string | undefined, source: string) {
    const found = await ctx.findUser();
    const user = found && (await variantOf(found)) === ctx.variant ? found : undefined;
    // Only a device that has confirmed a code for this very user gets a bucket of its own.
    const trusted = user && device && (await isKnownDevice(user.id, device)) ? hashToken(device) : null;
    const charge = await chargeAttempt(db, bucketsFor(ctx.identity, trusted, source, policy), policy);
    return { user, trusted: trusted !== null, charge };
  }

  async function startSession(user: UserRow) {
    const { token, expiresAt } = await createSession(db, user.id, config.sessionTtl);
    return { token, expiresIn: expiresAt.toISOString() };
  }

  app.post<{ Body: LoginBody }>(
    '/api/login',
    { config: { public: true, rateLimit }, schema: { body: loadSchema('forms/login') } },
    async (request) => {
      const body = request.body;
      const ctx = await context(body);
      if (ctx.variant === 'LOGIN_PASSWORD' && !body.password) throw required('password');
      const { user, trusted, charge } = await chargeGuess(ctx, body.device, request.ip);

      if (ctx.variant !== 'LOGIN_PASSWORD') {
        // Whether or not the user exists, the answer is the same: nothing to learn by probing. Making a code is the
        // slow part (scrypt), so a number without a user costs the same work.
        if (user) await sendCode(user, 'LOGIN', body.device);
        else await hashSecret(newNumericCode(6));
        return { authorize: true };
      }
      const ok = await verifySecret(body.password!, user?.password_hash);
      if (!ok || !user) throw (await failAttempt(db, charge, policy)) ?? new AppError(400, 'INVALID_CREDENTIALS');
      await clearFailures(db, charge);
      if (config.deviceAuthorization && !trusted) {
        await sendCode(user, 'DEVICE', body.device);
        return { authorize: true };
      }
      return startSession(user);
    },
  );

  app.post<{ Body: LoginBody }>(
    '/api/login/authorize',
    { config: { public: true, rateLimit }, schema: { body: loadSchema('forms/login-authorize') } },
    async (request) => {
      const body = request.body;
      const ctx = await context(body);
      const { user, charge } = await chargeGuess(ctx, body.device, request.ip);
      const purposes: ('LOGIN' | 'DEVICE')[] = ctx.variant === 'LOGIN_PASSWORD' ? ['DEVICE'] : ['LOGIN'];
      const deviceHash = body.device ? hashToken(body.device) : null;
      const code = body.verificationCode!.trim();
      const ok = user ? await consumeCode(db, { userId: user.id, purposes, code, deviceHash }) : await verifySecret(code, null);
      if (!ok || !user) throw (await failAttempt(db, charge, policy)) ?? new AppError(400, 'INVALID_VERIFICATION_CODE');
      await clearFailures(db, charge);
      if (deviceHash) {
        await db.insertInto('known_devices').values({ user_id: user.id, device_hash: deviceHash }).onConflict((oc) => oc.doNothing()).execute();
      }
      return startSession(user);
    },
  );
}
