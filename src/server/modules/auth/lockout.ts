// Login lockout: an identity (a login or a phone number) is blocked for a while after repeated
// failures. Each attempt is charged before the secret is checked, so parallel guesses cannot
// slip past the limit; a success clears the record. State lives in the database, so the block
// holds across restarts and instances.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';

export interface LockoutPolicy {
  maxFailures: number;
  blockSeconds: number;
}

export const blocked = () => new AppError(429, 'LOGIN_BLOCKED');

export function identityKey(kind: 'login' | 'phone', value: string): string {
  return `${kind}:${value.trim().toLowerCase()}`;
}

/** Counts one attempt; throws LOGIN_BLOCKED while the identity is blocked. Returns the attempt number. */
export async function chargeAttempt(db: Db, identity: string, policy: LockoutPolicy): Promise<number> {
  const row = await sql<{ failures: number; blocked: boolean }>`
    INSERT INTO login_failures AS f (identity, failures, last_failure_at)
    VALUES (${identity}, 1, now())
    ON CONFLICT (identity) DO UPDATE SET
      failures = CASE
        WHEN f.blocked_until > now() THEN f.failures
        WHEN f.blocked_until IS NOT NULL OR f.last_failure_at < now() - make_interval(secs => ${policy.blockSeconds}) THEN 1
        ELSE f.failures + 1 END,
      last_failure_at = CASE WHEN f.blocked_until > now() THEN f.last_failure_at ELSE now() END,
      blocked_until = CASE WHEN f.blocked_until > now() THEN f.blocked_until ELSE NULL END
    RETURNING failures, coalesce(blocked_until > now(), false) AS blocked`.execute(db);
  const { failures, blocked: isBlocked } = row.rows[0];
  if (isBlocked) throw blocked();
  if (failures > policy.maxFailures) {
    await block(db, identity, policy);
    throw blocked();
  }
  return failures;
}

/** After a failed check: blocks the identity once the limit is reached. */
export async function failAttempt(db: Db, identity: string, attempt: number, policy: LockoutPolicy): Promise<AppError | null> {
  if (attempt < policy.maxFailures) return null;
  await block(db, identity, policy);
  return blocked();
}

export async function clearFailures(db: Db, identity: string): Promise<void> {
  await db.deleteFrom('login_failures').where('identity', '=', identity).execute();
}

async function block(db: Db, identity: string, policy: LockoutPolicy): Promise<void> {
  await sql`UPDATE login_failures
    SET blocked_until = now() + make_interval(secs => ${policy.blockSeconds})
    WHERE identity = ${identity} AND (blocked_until IS NULL OR blocked_until <= now())`.execute(db);
}
