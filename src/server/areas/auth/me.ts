// The signed-in user, under the auth area's prefix (/api):
//   GET  {prefix}/me          who is signed in, with the permissions and the customer the panel needs
//   POST {prefix}/myprofile   a new password for oneself (the current one confirms it)
//   POST {prefix}/logout      ends this session (204)
import type { MyprofileForm } from '../../../shared/generated/forms.ts';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../audit/log.ts';
import { AppError, forbidden } from '../../errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { customerFeatures, customerTimeZone } from '../../platform/settings.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/secrets.ts';
import { deleteSession, deleteUserSessions } from '../../platform/auth/sessions.ts';
import { noContent } from '../../toolkit/index.ts';
import { loadSchema } from '../../validation.ts';

type ProfileBody = MyprofileForm;

const success = { 200: loadSchema('responses/success') };

export function meRoutes(app: FastifyInstance): void {
  const { db } = app;

  app.get('/me', { config: { anySession: true }, schema: { response: { 200: loadSchema('responses/me') } } }, async (request) => {
    const { user, customer, permissions, expiresAt } = authOf(request);
    return {
      id: user.id,
      login: user.login,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      phoneNumber: user.phone_number,
      type: user.type,
      representativeKind: user.representative_kind,
      isActive: user.is_active,
      permissions,
      customerId: user.customer_id,
      // The zone the panel reads calendar periods in (the dashboard's "this month"); the features its navigation needs.
      customer: customer
        ? {
            id: customer.id,
            name: customer.name,
            url: customer.url,
            logoUrl: customer.logo_url,
            primaryColor: customer.primary_color,
            timeZone: await customerTimeZone(db, customer.id),
            features: await customerFeatures(db, customer.id),
          }
        : null,
      expiresIn: expiresAt.toISOString(),
    };
  });

  app.post<{ Body: ProfileBody }>(
    '/myprofile',
    { config: { permissions: ['myprofile'] }, schema: { body: loadSchema('forms/myprofile'), response: success } },
    async (request) => {
      const auth = authOf(request);
      // Users change only their own password.
      if (request.body.id !== auth.user.id) throw forbidden();
      const current = await db.selectFrom('users').select('password_hash').where('id', '=', auth.user.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(request.body.currentPassword, current.password_hash))) throw new AppError(400, 'INVALID_CURRENT_PASSWORD');
      const hash = await hashPassword(request.body.newPassword);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', auth.user.id).execute();
        // Other sessions of this user end; this one goes on.
        await deleteUserSessions(trx, auth.user.id, auth.sessionId ?? undefined);
        await writeAudit(trx, {
          actor: { userId: auth.user.id, sessionId: auth.sessionId, apiKeyId: auth.apiKeyId },
          customerId: auth.user.customer_id,
          action: 'user.changePassword',
          entity: 'user',
          entityId: auth.user.id,
          before: { password_hash: '[hidden]' },
          after: { password_hash: '[hidden]' },
        });
      });
      return { success: true };
    },
  );

  app.post('/logout', { config: { anySession: true }, schema: { response: { 204: noContent } } }, async (request, reply) => {
    // An API key has no session to end (and never reaches this route: it declares no permissions).
    const { sessionId } = authOf(request);
    if (sessionId !== null) await deleteSession(db, sessionId);
    return reply.status(204).send();
  });
}
