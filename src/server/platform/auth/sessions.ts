// Sessions are random bearer tokens; only their hash is stored, with an expiry.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CustomerRow, UserRow } from '../../db/types.ts';
import { hashToken, newToken } from './secrets.ts';

export interface SessionInfo {
  sessionId: number;
  expiresAt: Date;
  /** A recipient's session opened on a program's collection page sees that program's payouts only. */
  programId: number | null;
  user: UserRow;
  customer: CustomerRow | null;
}

export async function createSession(db: Db, userId: number, ttlSeconds: number, programId: number | null = null): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const row = await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, program_id: programId, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return { token, expiresAt: row.expires_at };
}

/** The live session of a token, with its active user and the user's customer; null otherwise. */
export async function findSession(db: Db, token: string): Promise<SessionInfo | null> {
  // One query: every authenticated request starts here, and on the embedded engine each query holds the
  // server's only thread.
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.program_id as session_program_id',
      'customers.id as c_id',
      'customers.name as c_name',
      'customers.url as c_url',
      'customers.logo_url as c_logo_url',
      'customers.primary_color as c_primary_color',
      'customers.login_variant as c_login_variant',
      'customers.country_code as c_country_code',
      'customers.is_active as c_is_active',
      'customers.created_at as c_created_at',
      'customers.updated_at as c_updated_at',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const { session_id, session_expires_at, session_program_id, c_id, c_name, c_url, c_logo_url, c_primary_color, c_login_variant, c_country_code, c_is_active, c_created_at, c_updated_at, ...user } =
    row;
  const customer: CustomerRow | null =
    c_id === null
      ? null
      : {
          id: c_id,
          name: c_name!,
          url: c_url!,
          logo_url: c_logo_url,
          primary_color: c_primary_color,
          login_variant: c_login_variant,
          country_code: c_country_code!,
          is_active: c_is_active!,
          created_at: c_created_at!,
          updated_at: c_updated_at!,
        };
  if (customer && !customer.is_active) return null;
  return { sessionId: session_id, expiresAt: session_expires_at, programId: session_program_id, user, customer };
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
