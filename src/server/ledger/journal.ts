// Journal entries (migration 022): every movement is one entry linking its legs, and its legs sum to zero. A leg on
// a customer's account is its balance_updates row (amount: balance_change + locked_balance_change); money that
// enters or leaves the system has its other leg on an outside account, the currency's top-up source or payout sink.
import { sql } from 'kysely';
import type { Trx } from '../db/index.ts';
import type { OutsideAccountKind } from '../db/types.ts';

/** A new entry's id, for the legs of one movement. */
export async function newEntry(trx: Trx, at?: Date): Promise<number> {
  const row = await trx
    .insertInto('journal_entries')
    .values({ created_at: at ?? sql<Date>`clock_timestamp()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The outside account of a kind and currency, made on first use (concurrent first uses meet on the unique key). */
export async function outsideAccountId(trx: Trx, kind: OutsideAccountKind, currency: string): Promise<number> {
  const find = () => trx.selectFrom('outside_accounts').select('id').where('kind', '=', kind).where('currency', '=', currency).executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await trx.insertInto('outside_accounts').values({ kind, currency }).onConflict((oc) => oc.columns(['kind', 'currency']).doNothing()).execute();
  return (await find())!.id;
}

/** The leg of an entry on the outside world: `amount` is minus what the customer's legs moved. */
export async function outsideLeg(trx: Trx, entryId: number, kind: OutsideAccountKind, currency: string, amount: number, at?: Date): Promise<void> {
  const accountId = await outsideAccountId(trx, kind, currency);
  await trx
    .insertInto('outside_legs')
    .values({ entry_id: entryId, outside_account_id: accountId, amount, ...(at ? { created_at: at } : {}) })
    .execute();
}

/** SQL naming the next entry id, for set-based moves that make one entry per row. */
export const nextEntryId = sql<number>`nextval(pg_get_serial_sequence('journal_entries', 'id'))`;
