// Sessions are random bearer tokens; only their hash is stored, with an expiry.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CustomerRow, UserRow } from '../../db/types.ts';
import { hashToken, newToken } from './secrets.ts';

export interface SessionInfo {
  sessionId: number;
  expiresAt: Date;
  user: UserRow;
  customer: CustomerRow | null;
}

export async function createSession(db: Db, userId: number, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const row = await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return { token, expiresAt: row.expires_at };
}

/** The live session of a token, with its active user and the user's customer; null otherwise. */
export async function findSession(db: Db, token: string): Promise<SessionInfo | null> {
  const session = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!session) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).where('is_active', '=', true).executeTakeFirst();
  if (!user) return null;
  const customer = user.customer_id
    ? ((await db.selectFrom('customers').selectAll().where('id', '=', user.customer_id).executeTakeFirst()) ?? null)
    : null;
  if (customer && !customer.is_active) return null;
  return { sessionId: session.id, expiresAt: session.expires_at, user, customer };
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
