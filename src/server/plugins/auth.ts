// Authentication and permissions, declared on each route:
//   config: { public: true }                 no session needed
//   config: { permissions: ['user.read'] }   a session holding any one of them
//   config: { userTypes: ['SUPER_ADMIN'] }   a session of a user of one of these types (with permissions: both)
//   (nothing)                                any valid session of a staff user
//   config: { anySession: true }             a recipient's session too (/api/me, /api/logout)
//   config: { keyPermissions: [...] }         an API key must also hold one of these (the payouts area's
//                                            integration_api_payout); sessions are not asked for them
// A recipient's session (the collection page) reaches only routes granting payout.collection, and those marked.
// A route that declares nothing is therefore protected by default. A rule that belongs to a type of user rather
// than to a permission (only a SUPER_ADMIN records a top-up) is declared with userTypes, so it is checked here too.
// The credential is a session's token or an integration API key (src/server/platform/apiKeys): a key reaches only routes that
// declare permissions, with the key's permissions, as its creator of its customer, within its calls a minute; every
// call made with a key is audited with the key's id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { findSession, type SessionInfo } from '../platform/auth/sessions.ts';
import { findKeyAuth, isApiKeyToken } from '../platform/apiKeys/keys.ts';
import { keyCallWait } from '../platform/apiKeys/rateLimit.ts';
import { RequestCounter } from '../platform/rateLimitStore.ts';
import { writeAudit } from '../audit/log.ts';
import { hasAnyPermission, permissionsOf, type Permission } from '../../shared/permissions.ts';
import type { UserRow } from '../db/types.ts';

export interface Auth extends Omit<SessionInfo, 'sessionId'> {
  /** The session, or null for a call made with an API key. */
  sessionId: number | null;
  /** The API key a call is made with, or null for a session. */
  apiKeyId: number | null;
  permissions: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permissions?: readonly Permission[];
    userTypes?: UserRow['type'][];
    anySession?: boolean;
    keyPermissions?: readonly Permission[];
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export function registerAuth(app: FastifyInstance): void {
  const { db } = app;
  const keyCalls = new RequestCounter(db, app.log);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith('/api') || config.public) return;
    const token = bearerToken(request);
    if (token && isApiKeyToken(token)) {
      const key = await findKeyAuth(db, token);
      if (!key) throw unauthorized();
      const wait = await keyCallWait(keyCalls, key.apiKeyId, app.config.apiKeyRateLimit);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, 'TOO_MANY_REQUESTS');
      }
      request.auth = { sessionId: null, apiKeyId: key.apiKeyId, expiresAt: new Date(8.64e15), programId: null, user: key.user, customer: key.customer, permissions: key.permissions };
      // Keys call what their permissions name: a route open to any session (my profile, sign-out) is not for them.
      if (!config.permissions?.length || !hasAnyPermission(key.permissions, config.permissions)) throw forbidden();
      if (config.keyPermissions && !hasAnyPermission(key.permissions, config.keyPermissions)) throw forbidden();
      if (config.userTypes && !config.userTypes.includes(key.user.type)) throw forbidden();
      return;
    }
    const session = token ? await findSession(db, token) : null;
    if (!session) throw unauthorized();
    const permissions = permissionsOf(session.user.type, session.user.representative_kind);
    request.auth = { ...session, apiKeyId: null, permissions };
    if (config.permissions && !hasAnyPermission(permissions, config.permissions)) throw forbidden();
    if (config.userTypes && !config.userTypes.includes(session.user.type)) throw forbidden();
    if (session.user.type === 'RECIPIENT' && !config.anySession && !config.permissions?.includes('payout.collection')) throw forbidden();
  });
}

/**
 * Every call made with an API key, answered or refused after the key was recognised, is audited with the key's id,
 * before its answer leaves (so whoever reads the log after the answer finds the call).
 */
export function auditKeyCalls(app: FastifyInstance): void {
  const { db } = app;
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (!auth?.apiKeyId) return payload;
    await db
      .transaction()
      .execute((trx) =>
        writeAudit(trx, {
          actor: { userId: auth.user.id, apiKeyId: auth.apiKeyId },
          customerId: auth.customer?.id ?? null,
          action: 'apiKey.call',
          entity: 'route',
          entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
          after: { status: reply.statusCode, url: request.url.split('?')[0] },
        }),
      )
      .catch((err: unknown) => request.log.error({ err }, 'the audit entry of an API key call was not written'));
    return payload;
  });
}

/** The authenticated session of a protected route (the hook guarantees it). */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
