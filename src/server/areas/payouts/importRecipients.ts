// The recipients a payouts file names, by phone number (import.ts): read, or locked and read again under the lock, a
// few thousand a statement (statementRows.ts), the event loop turning between.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ImportRow } from '../../imports/index.ts';
import { inSlices, type StatementRows } from '../../imports/statementRows.ts';

/** The customer's recipients the rows name, by phone number. */
export type KnownRecipients = Map<string, { id: number; blocked: boolean }>;

export async function knownRecipients(db: Db, sizes: Pick<StatementRows, 'lookup'>, customerId: number, rows: readonly ImportRow[], lock = false): Promise<KnownRecipients> {
  const phones = [...new Set(rows.map((row) => String(row.data.phoneNumber ?? '')))];
  const columns = ['id', 'phone_number', 'blocked'] as const;
  const byPhone = (slice: string[]) => db.selectFrom('recipients').select(columns).where('customer_id', '=', customerId).where(sql<boolean>`phone_number = ANY(${slice}::text[])`);
  const known: KnownRecipients = new Map();
  const keep = (found: { id: number; phone_number: string; blocked: boolean }[]) => {
    for (const r of found) known.set(r.phone_number, { id: r.id, blocked: r.blocked });
  };
  // A file that one statement takes: found and locked together, in id order.
  if (lock && phones.length <= sizes.lookup) {
    keep(await byPhone(phones).orderBy('id').forUpdate().execute());
    return known;
  }
  await inSlices(phones, sizes.lookup, async (slice) => keep(await byPhone(slice).execute()));
  if (!lock) return known;
  // Locked in one id order across the whole file, as any other locker of several recipients takes them, and read
  // again under the lock.
  const ids = [...known.values()].map((r) => r.id).sort((a, b) => a - b);
  known.clear();
  await inSlices(ids, sizes.lookup, async (slice) => keep(await db.selectFrom('recipients').select(columns).where(sql<boolean>`id = ANY(${slice}::int[])`).orderBy('id').forUpdate().execute()));
  return known;
}
