// The restore flow, used for a forgotten password and for the first login alike, under the auth area's prefix (/api):
//   POST {prefix}/user/restorePassword   sends a code by e-mail
//   PUT  {prefix}/user/restorePassword   sets the password when the code is right ({ success })
//
// Abuse rules (docs/security.md):
//   - POST answers the same, after the same work, whether or not the identity exists.
//   - An identity holds at most MAX_LIVE_CODES live codes: further requests send nothing until one
//     expires, so nobody can flood a mailbox. A new request never cancels an earlier code, so a
//     stranger's requests cannot spoil the code a genuine user is about to type.
//   - Wrong codes are charged to the identity *and source*, in the login lockout's buckets: a
//     stranger's wrong guesses block the stranger, not the genuine user. A code dies only after
//     RESTORE_CODE_ATTEMPTS wrong answers in all, which only a spread-out attack can reach.
import type { RestoreConfirmForm, RestoreRequestForm } from '../../../shared/generated/forms.ts';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../audit/log.ts';
import { loadSchema } from '../../validation.ts';
import { MAX_LIVE_CODES, consumeCode, issueCode, liveCodeCount } from '../../platform/auth/codes.ts';
import { chargeAttempt, clearFailures, clearIdentity, failAttempt, identityKey, lockoutPolicy, sourceOf, type Bucket } from '../../platform/auth/lockout.ts';
import { authRateLimit } from '../../platform/auth/rateLimit.ts';
import { hashOneTimeCode, hashPassword, newNumericCode, verifyOneTimeCode } from '../../platform/auth/secrets.ts';
import { deleteUserSessions } from '../../platform/auth/sessions.ts';
import { enqueue } from '../../platform/outbox.ts';
import { messageSubject, messageText, staffLanguage } from '../../platform/messageTexts.ts';
import { fillTemplate } from '../../platform/settings.ts';
import { statedLanguage } from '../../platform/texts.ts';
import { findStaffByLogin } from '../../platform/users.ts';

/** Wrong answers one restore code survives, across all sources. */
export const RESTORE_CODE_ATTEMPTS = 50;

const PATH = '/user/restorePassword';

export function restoreRoutes(app: FastifyInstance): void {
  const { db, config, outbox } = app;
  const rateLimit = authRateLimit(config);
  const policy = lockoutPolicy(config);
  const success = { 200: loadSchema('responses/success') };

  app.post<{ Body: RestoreRequestForm }>(
    PATH,
    { config: { public: true, rateLimit }, schema: { body: loadSchema('forms/restore-request'), response: success } },
    async (request) => {
      const user = await findStaffByLogin(db, request.body.identity);
      const mayReceive = user?.email ? (await liveCodeCount(db, user.id, 'RESTORE')) < MAX_LIVE_CODES : false;
      if (user?.email && mayReceive) {
        const lang = await staffLanguage(db, user, statedLanguage(request));
        const template = await messageText(db, 'EMAIL_VERIFICATION_CODE_MESSAGE', lang);
        await db.transaction().execute(async (trx) => {
          const code = await issueCode(trx, { userId: user.id, purpose: 'RESTORE', ttlSeconds: config.restoreCodeTtl, replace: false });
          await enqueue(trx, { channel: 'email', recipient: user.email!, subject: fillTemplate(messageSubject('restorePassword', lang), { APP_NAME: config.appName }), body: fillTemplate(template, { PASS: code }), lane: 'code' });
        });
        void outbox.kick();
      } else {
        // The hashing of a code is what takes time when one is sent: spend it here too, so the answer's
        // timing does not tell whether the identity exists.
        await hashOneTimeCode(newNumericCode(6));
      }
      return { success: true };
    },
  );

  app.put<{ Body: RestoreConfirmForm }>(
    PATH,
    { config: { public: true, rateLimit }, schema: { body: loadSchema('forms/restore-confirm'), response: success } },
    async (request) => {
      const { identity, emailAuthorizationCode, password } = request.body;
      const key = identityKey('restore', identity);
      const buckets: Bucket[] = [
        { key: `${key}|source:${sourceOf(request.ip)}`, maxFailures: policy.maxFailures },
        { key: `source:${sourceOf(request.ip)}`, maxFailures: policy.sourceMaxFailures, refundOnSuccess: true },
      ];
      const charge = await chargeAttempt(db, buckets, policy);
      const user = await findStaffByLogin(db, identity);
      const code = emailAuthorizationCode.trim();
      const ok = user
        ? await consumeCode(db, { userId: user.id, purposes: ['RESTORE'], code, maxAttempts: RESTORE_CODE_ATTEMPTS })
        : await verifyOneTimeCode(code, null);
      if (!ok || !user) {
        const block = await failAttempt(db, charge, policy);
        if (block) throw block;
        return { success: false };
      }
      const hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', user.id).execute();
        // The other live codes of this identity die with the reset.
        await trx.updateTable('verification_codes').set({ consumed_at: new Date() }).where('user_id', '=', user.id).where('purpose', '=', 'RESTORE').where('consumed_at', 'is', null).execute();
        await deleteUserSessions(trx, user.id);
        // The user acts on their own account, proven by the e-mailed code.
        await writeAudit(trx, {
          actor: { userId: user.id },
          customerId: user.customer_id,
          action: 'user.restorePassword',
          entity: 'user',
          entityId: user.id,
          before: { password_hash: '[hidden]' },
          after: { password_hash: '[hidden]' },
        });
      });
      await clearFailures(db, charge);
      await clearIdentity(db, identityKey('login', user.login));
      if (user.phone_number) await clearIdentity(db, identityKey('phone', user.phone_number));
      return { success: true };
    },
  );
}
