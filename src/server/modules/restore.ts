// The restore flow, used for a forgotten password and for the first login alike:
// POST sends a code by e-mail; PUT sets the password when the code is right ({ success }).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { loadSchema } from '../validation.ts';
import { consumeCode, issueCode } from './auth/codes.ts';
import { clearFailures, identityKey } from './auth/lockout.ts';
import { hashSecret } from './auth/secrets.ts';
import { deleteUserSessions } from './auth/sessions.ts';
import { enqueue, type OutboxDispatcher } from './outbox.ts';
import { fillTemplate, getSetting } from './settings.ts';
import { findStaffByLogin } from './users.ts';

const RESTORE_CODE_TTL = 15 * 60;

export function restoreRoutes(app: FastifyInstance, db: Db, config: Config, outbox: OutboxDispatcher): void {
  app.post<{ Body: { identity: string } }>(
    '/api/user/restorePassword',
    { config: { public: true }, schema: { body: loadSchema('forms/restore-request') } },
    async (request) => {
      const user = await findStaffByLogin(db, request.body.identity);
      // The same answer whether or not the user exists.
      if (user?.email) {
        const template = (await getSetting(db, 'EMAIL_VERIFICATION_CODE_MESSAGE')) ?? '{PASS}';
        await db.transaction().execute(async (trx) => {
          const code = await issueCode(trx, { userId: user.id, purpose: 'RESTORE', ttlSeconds: RESTORE_CODE_TTL });
          await enqueue(trx, { channel: 'email', recipient: user.email!, subject: `${config.appName}: password`, body: fillTemplate(template, { PASS: code }) });
        });
        void outbox.kick();
      }
      return { success: true };
    },
  );

  app.put<{ Body: { identity: string; emailAuthorizationCode: string; password: string } }>(
    '/api/user/restorePassword',
    { config: { public: true }, schema: { body: loadSchema('forms/restore-confirm') } },
    async (request) => {
      const { identity, emailAuthorizationCode, password } = request.body;
      const user = await findStaffByLogin(db, identity);
      const ok = user ? await consumeCode(db, { userId: user.id, purposes: ['RESTORE'], code: emailAuthorizationCode.trim() }) : false;
      if (!ok || !user) return { success: false };
      const hash = await hashSecret(password);
      await db.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', user.id).execute();
      await deleteUserSessions(db, user.id);
      await clearFailures(db, identityKey('login', user.login));
      return { success: true };
    },
  );
}
