// One-time codes sent by SMS or e-mail: stored hashed, expiring, with a bounded number of tries,
// and consumed at most once even when two requests present the right code together.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CodePurpose } from '../../db/types.ts';
import { hashOneTimeCode, newNumericCode, verifyOneTimeCode } from './secrets.ts';

export const MAX_CODE_ATTEMPTS = 5;
/** Live codes tried against one answer; a restore identity may hold this many at once. */
export const MAX_LIVE_CODES = 3;

export interface IssueCodeArgs {
  userId: number;
  purpose: CodePurpose;
  ttlSeconds: number;
  /** The device the code is bound to: only that device can use it, or spend its tries. */
  deviceHash?: string | null;
  /**
   * Whether the new code replaces the live ones of the same purpose and device (login codes). Restore codes are not
   * bound to a device, so a new request must not cancel the code a genuine user is about to type: they accumulate.
   */
  replace?: boolean;
  /**
   * The operation the code authorizes (step-up codes): only a consumer naming the same operation can use the
   * code or spend its tries, and a new code replaces only the live codes of the same operation.
   */
  operationHash?: string | null;
}

export async function issueCode(db: Db, args: IssueCodeArgs): Promise<string> {
  const code = newNumericCode(6);
  const codeHash = await hashOneTimeCode(code);
  if (args.replace ?? true) {
    await db
      .updateTable('verification_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('user_id', '=', args.userId)
      .where('purpose', '=', args.purpose)
      .where('consumed_at', 'is', null)
      .where(sql<boolean>`device_hash IS NOT DISTINCT FROM ${args.deviceHash ?? null}`)
      .where(sql<boolean>`operation_hash IS NOT DISTINCT FROM ${args.operationHash ?? null}`)
      .execute();
  }
  await db
    .insertInto('verification_codes')
    .values({
      user_id: args.userId,
      purpose: args.purpose,
      code_hash: codeHash,
      device_hash: args.deviceHash ?? null,
      operation_hash: args.operationHash ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${args.ttlSeconds})`,
    })
    .execute();
  return code;
}

/** How many unexpired, unused codes of a purpose the user holds. */
export async function liveCodeCount(db: Db, userId: number, purpose: CodePurpose): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface ConsumeCodeArgs {
  userId: number;
  purposes: CodePurpose[];
  code: string;
  deviceHash?: string | null;
  /** Tries one code allows before it is dead. */
  maxAttempts?: number;
  /** The operation the code must have been issued for (see IssueCodeArgs.operationHash). */
  operationHash?: string | null;
}

/** True when `code` matches a live code of one of the purposes that this device may use; that code is then used up. */
export async function consumeCode(db: Db, args: ConsumeCodeArgs): Promise<boolean> {
  // Charge the try first, atomically, so parallel guesses cannot exceed the limit. Codes bound to another device
  // are left alone: a stranger can neither use them nor spend their tries.
  const live = await sql<{ id: number; code_hash: string }>`
    UPDATE verification_codes SET attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM verification_codes
      WHERE user_id = ${args.userId} AND purpose IN (${sql.join(args.purposes)})
        AND consumed_at IS NULL AND expires_at > now()
        AND (device_hash IS NULL OR device_hash = ${args.deviceHash ?? ''})
        AND operation_hash IS NOT DISTINCT FROM ${args.operationHash ?? null}
      ORDER BY id DESC LIMIT ${MAX_LIVE_CODES})
      AND attempts < ${args.maxAttempts ?? MAX_CODE_ATTEMPTS}
    RETURNING id, code_hash`.execute(db);
  const wellFormed = /^\d{4,10}$/.test(args.code);
  if (!live.rows.length) {
    // The same work as a real check, so the answer's timing does not tell whether a code was pending.
    await verifyOneTimeCode(args.code, null);
    return false;
  }
  for (const row of live.rows) {
    if (!wellFormed || !(await verifyOneTimeCode(args.code, row.code_hash))) continue;
    const used = await db
      .updateTable('verification_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows === 1n;
  }
  return false;
}
