// One-time codes sent by SMS or e-mail: stored hashed, expiring, with a bounded number of tries,
// and consumed at most once even when two requests present the right code together.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CodePurpose } from '../../db/types.ts';
import { hashSecret, newNumericCode, verifySecret } from './secrets.ts';

export const MAX_CODE_ATTEMPTS = 5;

export async function issueCode(
  db: Db,
  args: { userId: number; purpose: CodePurpose; ttlSeconds: number; deviceHash?: string | null },
): Promise<string> {
  const code = newNumericCode(6);
  const codeHash = await hashSecret(code);
  // A new code replaces any earlier one of the same purpose.
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: sql<Date>`now()` })
    .where('user_id', '=', args.userId)
    .where('purpose', '=', args.purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('verification_codes')
    .values({
      user_id: args.userId,
      purpose: args.purpose,
      code_hash: codeHash,
      device_hash: args.deviceHash ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${args.ttlSeconds})`,
    })
    .execute();
  return code;
}

/** True when `code` matches the newest live code of one of the purposes; the code is then used up. */
export async function consumeCode(
  db: Db,
  args: { userId: number; purposes: CodePurpose[]; code: string; deviceHash?: string | null },
): Promise<boolean> {
  // Charge the try first, atomically, so parallel guesses cannot exceed the limit.
  const live = await sql<{ id: number; code_hash: string; device_hash: string | null }>`
    UPDATE verification_codes SET attempts = attempts + 1
    WHERE id = (
      SELECT id FROM verification_codes
      WHERE user_id = ${args.userId} AND purpose IN (${sql.join(args.purposes)})
        AND consumed_at IS NULL AND expires_at > now()
      ORDER BY id DESC LIMIT 1)
      AND attempts < ${MAX_CODE_ATTEMPTS}
    RETURNING id, code_hash, device_hash`.execute(db);
  const row = live.rows[0];
  if (!row) return false;
  if (row.device_hash && row.device_hash !== (args.deviceHash ?? null)) return false;
  if (!/^\d{4,10}$/.test(args.code) || !(await verifySecret(args.code, row.code_hash))) return false;
  const used = await db
    .updateTable('verification_codes')
    .set({ consumed_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}
