// Login lockout, in buckets. A guess is charged to every bucket it belongs to *before* the secret is
// checked, so parallel guesses cannot slip past a limit; a bucket that reaches its limit is blocked
// for a while. State lives in the database, so a block holds across restarts and instances.
//
// Which buckets a guess belongs to is decided so that a stranger cannot lock a user out:
//   - a device that has confirmed an SMS code for the user is judged on its own failures only;
//   - every other device (or none) is judged per identity *and source*: a stranger's failures
//     block unknown devices at the stranger's source, not the user's new browser elsewhere. This is
//     all that guards the user when there is no device step (DEVICE_AUTHORIZATION=false);
//   - a source is an IPv4 address, or an IPv6 /64 (one network's share: a single machine may hold
//     all of it, so each address of it is no new source);
//   - unknown devices of an identity are also counted across all sources, the last resort, with a
//     much higher limit (LOGIN_IDENTITY_MAX_FAILURES, above one source's): only a guessing attack
//     spread over many networks reaches it, and even then the user's trusted devices go on working;
//   - every guess also counts against its source address, across all identities, which stops one
//     source from spraying guesses over many accounts. A success refunds its own charge there, so
//     the source bucket counts failures, not logins.
import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';

export interface Bucket {
  key: string;
  maxFailures: number;
  /** Charged on every guess but refunded on success (the source bucket), rather than cleared. */
  refundOnSuccess?: boolean;
}

export interface LockoutPolicy {
  maxFailures: number;
  blockSeconds: number;
  /** Failed guesses one source address may make across all identities before it is blocked. */
  sourceMaxFailures: number;
  /** Failures of an identity's unknown devices across all sources before they are blocked everywhere (LOGIN_IDENTITY_MAX_FAILURES). */
  identityMaxFailures?: number;
}

/** The policy of the configuration, one for every route that charges attempts (login, restore, the collection page's sign-in). */
export function lockoutPolicy(config: Config): LockoutPolicy {
  return {
    maxFailures: config.loginMaxFailures,
    blockSeconds: config.loginBlockSeconds,
    sourceMaxFailures: config.loginSourceMaxFailures,
    identityMaxFailures: config.loginIdentityMaxFailures,
  };
}

const blocked = () => new AppError(429, 'LOGIN_BLOCKED');
const sourceBlocked = () => new AppError(429, 'TOO_MANY_ATTEMPTS');

export function identityKey(kind: 'login' | 'phone' | 'restore' | 'recipient', value: string): string {
  return `${kind}:${value.trim().toLowerCase()}`;
}

/** The identity-wide limit when the policy names none: ten times one source's (the default of LOGIN_IDENTITY_MAX_FAILURES). */
const SPREAD_FACTOR = 10;

/** The source a request's address counts as: an IPv4 address as it is, an IPv6 address by its /64. */
export function sourceOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip); // an IPv4-mapped address is its IPv4 address
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** The buckets of one guess at an identity (see the rules above). */
export function bucketsFor(identity: string, trustedDeviceHash: string | null, address: string, policy: LockoutPolicy): Bucket[] {
  const source = sourceOf(address);
  const sourceBucket: Bucket = { key: `source:${source}`, maxFailures: policy.sourceMaxFailures, refundOnSuccess: true };
  if (trustedDeviceHash) return [{ key: `${identity}|device:${trustedDeviceHash}`, maxFailures: policy.maxFailures }, sourceBucket];
  return [
    { key: `${identity}|unknown|source:${source}`, maxFailures: policy.maxFailures },
    { key: `${identity}|unknown`, maxFailures: policy.identityMaxFailures ?? policy.maxFailures * SPREAD_FACTOR },
    sourceBucket,
  ];
}

export interface Charge {
  buckets: Bucket[];
  /** The count each bucket reached with this guess. */
  counts: Map<string, number>;
}

/** Counts one guess in every bucket; throws while any of them is blocked (and then charges none). */
export async function chargeAttempt(db: Db, buckets: Bucket[], policy: Pick<LockoutPolicy, 'blockSeconds'>): Promise<Charge> {
  const keys = buckets.map((b) => b.key);
  const rows = await sql<{ identity: string; failures: number }>`
    WITH already AS (
      SELECT 1 FROM login_failures WHERE identity IN (${sql.join(keys)}) AND blocked_until > now() LIMIT 1)
    INSERT INTO login_failures AS f (identity, failures, last_failure_at)
    SELECT k, 1, now() FROM (VALUES ${sql.join(keys.map((k) => sql`(${k}::text)`))}) AS v(k)
    WHERE NOT EXISTS (SELECT 1 FROM already)
    ON CONFLICT (identity) DO UPDATE SET
      -- A bucket blocked by a parallel guess since the check above stays blocked (its count only grows).
      failures = CASE
        WHEN f.blocked_until > now() THEN f.failures + 1
        WHEN f.blocked_until IS NOT NULL OR f.last_failure_at < now() - make_interval(secs => ${policy.blockSeconds}) THEN 1
        ELSE f.failures + 1 END,
      last_failure_at = CASE WHEN f.blocked_until > now() THEN f.last_failure_at ELSE now() END,
      blocked_until = CASE WHEN f.blocked_until > now() THEN f.blocked_until ELSE NULL END
    RETURNING identity, failures`.execute(db);
  const counts = new Map(rows.rows.map((r) => [r.identity, r.failures]));
  // No row back: one of the buckets is blocked (a bucket blocked by a parallel guess since shows as an excess count).
  if (counts.size < keys.length) throw await blockedError(db, keys);
  const over = buckets.filter((b) => (counts.get(b.key) ?? 0) > b.maxFailures);
  if (over.length) {
    await block(db, over.map((b) => b.key), policy.blockSeconds);
    throw over.some((b) => !b.refundOnSuccess) ? blocked() : sourceBlocked();
  }
  return { buckets, counts };
}

/** After a failed check: blocks every bucket that has now reached its limit. Returns the error to answer with, if any. */
export async function failAttempt(db: Db, charge: Charge, policy: Pick<LockoutPolicy, 'blockSeconds'>): Promise<AppError | null> {
  const full = charge.buckets.filter((b) => (charge.counts.get(b.key) ?? 0) >= b.maxFailures);
  if (!full.length) return null;
  await block(db, full.map((b) => b.key), policy.blockSeconds);
  return full.some((b) => !b.refundOnSuccess) ? blocked() : sourceBlocked();
}

/** After a success: the identity's bucket starts again; the source gets its charge back. */
export async function clearFailures(db: Db, charge: Charge): Promise<void> {
  const cleared = charge.buckets.filter((b) => !b.refundOnSuccess).map((b) => b.key);
  const refunded = charge.buckets.filter((b) => b.refundOnSuccess).map((b) => b.key);
  if (cleared.length) await db.deleteFrom('login_failures').where('identity', 'in', cleared).execute();
  if (refunded.length) {
    await sql`UPDATE login_failures SET failures = greatest(failures - 1, 0)
      WHERE identity IN (${sql.join(refunded)}) AND blocked_until IS NULL`.execute(db);
  }
}

/** Forgets every bucket of an identity (after its password was reset). */
export async function clearIdentity(db: Db, identity: string): Promise<void> {
  await db.deleteFrom('login_failures').where('identity', 'like', `${identity.replace(/[\\%_]/g, (c) => `\\${c}`)}|%`).execute();
}

async function blockedError(db: Db, keys: string[]): Promise<AppError> {
  const rows = await db.selectFrom('login_failures').select('identity').where('identity', 'in', keys).where('blocked_until', '>', sql<Date>`now()`).execute();
  return rows.some((r) => !r.identity.startsWith('source:')) || rows.length === 0 ? blocked() : sourceBlocked();
}

async function block(db: Db, keys: string[], blockSeconds: number): Promise<void> {
  await sql`UPDATE login_failures
    SET blocked_until = now() + make_interval(secs => ${blockSeconds})
    WHERE identity IN (${sql.join(keys)}) AND (blocked_until IS NULL OR blocked_until <= now())`.execute(db);
}
