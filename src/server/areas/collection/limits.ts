// The recipient's limits at collection (DESIGN.md): with the customer's PAYOUT_LIMIT_ENABLED on, what a recipient
// collects in a calendar month and year of the customer's TIME_ZONE stays within PAYOUT_MONTHLY_LIMIT and
// PAYOUT_YEARLY_LIMIT. The caller holds the recipient's row locked, so two collections never both see room for one.
import { sql } from 'kysely';
import { COLLECTED_STATUSES } from '../../../shared/collection.ts';
import type { Db } from '../../db/index.ts';
import { intervalStart, recipientLimits } from '../payouts/rules.ts';

/** Of the chosen payouts (in the order they are offered), those the limits let the recipient collect now. */
export async function fittingPayouts(db: Db, customerId: number, recipientId: number, chosen: readonly { id: number; amount: number }[], timeZone: string): Promise<number[]> {
  const limits = await recipientLimits(db, customerId);
  if (!limits) return chosen.map((p) => p.id);
  const { rows } = await sql<{ month: number; year: number }>`
    SELECT COALESCE(sum(amount) FILTER (WHERE collected_at >= ${intervalStart('MONTHLY', timeZone)}), 0)::bigint AS month,
           COALESCE(sum(amount), 0)::bigint AS year
    FROM payouts
    WHERE recipient_id = ${recipientId} AND collected_at >= ${intervalStart('YEARLY', timeZone)}
      AND status IN (${sql.join([...COLLECTED_STATUSES])})`.execute(db);
  let month = Number(rows[0]?.month ?? 0);
  let year = Number(rows[0]?.year ?? 0);
  const fitting: number[] = [];
  for (const payout of chosen) {
    if (month + payout.amount > limits.monthly || year + payout.amount > limits.yearly) continue;
    month += payout.amount;
    year += payout.amount;
    fitting.push(payout.id);
  }
  return fitting;
}
