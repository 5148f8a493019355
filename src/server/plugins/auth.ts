// Authentication and permissions, declared on each route:
//   config: { public: true }                 no session needed
//   config: { permissions: ['user.read'] }   a session holding any one of them
//   config: { userTypes: ['SUPER_ADMIN'] }   a session of a user of one of these types (with permissions: both)
//   (nothing)                                any valid session of a staff user
//   config: { anySession: true }             a recipient's session too (/api/me, /api/logout)
// A recipient's session (the collection page) reaches only routes granting payout.collection, and those marked.
// A route that declares nothing is therefore protected by default. A rule that belongs to a type of user rather
// than to a permission (only a SUPER_ADMIN records a top-up) is declared with userTypes, so it is checked here too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import { findSession, type SessionInfo } from '../modules/auth/sessions.ts';
import { hasAnyPermission, permissionsOf } from '../../shared/permissions.ts';
import type { Db } from '../db/index.ts';
import type { UserRow } from '../db/types.ts';

export interface Auth extends SessionInfo {
  permissions: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permissions?: string[];
    userTypes?: UserRow['type'][];
    anySession?: boolean;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith('/api') || config.public) return;
    const token = bearerToken(request);
    const session = token ? await findSession(db, token) : null;
    if (!session) throw unauthorized();
    const permissions = permissionsOf(session.user.type, session.user.representative_kind);
    request.auth = { ...session, permissions };
    if (config.permissions && !hasAnyPermission(permissions, config.permissions)) throw forbidden();
    if (config.userTypes && !config.userTypes.includes(session.user.type)) throw forbidden();
    if (session.user.type === 'RECIPIENT' && !config.anySession && !config.permissions?.includes('payout.collection')) throw forbidden();
  });
}

/** The authenticated session of a protected route (the hook guarantees it). */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
