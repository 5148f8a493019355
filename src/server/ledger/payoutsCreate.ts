// Many new payouts at once (a spreadsheet import), with their money, in a few set-based statements rather than
// one creation per payout, so 50,000 payouts are made in one request:
//   1. the account is locked (the caller has locked the programs and recipients first, as a single creation does);
//   2. when its available funds do not cover the total, INSUFFICIENT_FUNDS, and nothing is written;
//   3. one statement inserts the payouts, their first status, one LOCK statement row per payout with the balances
//      after it (running sums in payout id order, from the locked balances), each its own journal entry, and the
//      account's total.
// The rows are exactly those a creation one by one writes (payouts/create.ts with lockFunds).
import { sql } from 'kysely';
import type { PayoutSource, PayoutStatus } from '../../shared/payouts.ts';
import type { Actor } from '../audit/log.ts';
import type { Trx } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { assertAmount } from './amount.ts';
import { queuePayoutEvents } from '../platform/webhooks/events.ts';
import { nextEntryId } from './journal.ts';

export interface NewPayout {
  reference: string;
  programId: number;
  recipientId: number;
  /** Thousandths of the account's currency. */
  amount: number;
  title: string | null;
  smsMessage: string | null;
  startDate: Date;
  endDate: Date;
}

export interface PayoutsCreation {
  accountId: number;
  customerId: number;
  currency: string;
  status: Extract<PayoutStatus, 'TO_COLLECT' | 'TO_APPROVE'>;
  source: PayoutSource;
  /** The spreadsheet import that creates them, if one does. */
  importId?: number | null;
  actor: Actor;
  payouts: readonly NewPayout[];
}

/** Creates the payouts and blocks their money; answers their ids in the order given. */
export async function createPayouts(trx: Trx, creation: PayoutsCreation): Promise<number[]> {
  const list = creation.payouts;
  if (list.length === 0) return [];
  for (const payout of list) assertAmount(payout.amount);
  const total = list.reduce((sum, p) => sum + p.amount, 0);
  assertAmount(total);
  const account = await trx
    .selectFrom('accounts')
    .select(['balance', 'currency', 'customer_id'])
    .where('id', '=', creation.accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!account || account.customer_id !== creation.customerId) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
  if (account.currency !== creation.currency) throw new AppError(400, 'CURRENCY_MISMATCH');
  if (Number(account.balance) < total) throw new AppError(400, 'INSUFFICIENT_FUNDS');

  const userId = creation.actor.userId;
  const column = <T>(pick: (p: NewPayout) => T) => list.map(pick);
  const { rows } = await sql<{ id: number; reference: string }>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((p) => p.reference)}::text[], ${column((p) => p.programId)}::int[], ${column((p) => p.recipientId)}::int[],
        ${column((p) => p.amount)}::bigint[], ${column((p) => p.title)}::text[], ${column((p) => p.smsMessage)}::text[],
        ${column((p) => p.startDate.toISOString())}::timestamptz[], ${column((p) => p.endDate.toISOString())}::timestamptz[]
      ) WITH ORDINALITY AS i(reference, program_id, recipient_id, amount, title, sms_message, start_date, end_date, n)
    ),
    created AS (
      INSERT INTO payouts (customer_id, reference, status, source, account_id, program_id, recipient_id, amount, currency, title,
                           sms_message, start_date, end_date, import_id, created_by)
      SELECT ${creation.customerId}::int, reference, ${creation.status}, ${creation.source}, ${creation.accountId}::int, program_id, recipient_id,
             amount, ${creation.currency}, title, sms_message, start_date, end_date, ${creation.importId ?? null}::bigint, ${userId}::int
      FROM input ORDER BY n
      RETURNING id, reference, amount
    ),
    history AS (
      INSERT INTO payout_status_changes (payout_id, from_status, to_status, created_by)
      SELECT id, NULL, ${creation.status}, ${userId}::int FROM created ORDER BY id
    ),
    entries AS MATERIALIZED (
      SELECT id, amount, reference, ${nextEntryId} AS entry_id FROM created ORDER BY id
    ),
    journal AS (
      INSERT INTO journal_entries (id) SELECT entry_id FROM entries ORDER BY entry_id
    ),
    movements AS (
      INSERT INTO balance_updates (account_id, type, balance_change, locked_balance_change, balance_after, locked_balance_after,
                                   payout_id, reference, created_by, session_id, api_key_id, entry_id)
      SELECT a.id, 'LOCK', -c.amount, c.amount, a.balance - sum(c.amount) OVER w, a.locked_balance + sum(c.amount) OVER w,
             c.id, c.reference, ${userId}::int, ${creation.actor.sessionId ?? null}::bigint, ${creation.actor.apiKeyId ?? null}::bigint, c.entry_id
      FROM entries c CROSS JOIN accounts a
      WHERE a.id = ${creation.accountId}::int
      WINDOW w AS (ORDER BY c.id ROWS UNBOUNDED PRECEDING)
      ORDER BY c.id
    ),
    totals AS (
      UPDATE accounts SET balance = balance - ${total}::bigint, locked_balance = locked_balance + ${total}::bigint, updated_at = now()
      WHERE id = ${creation.accountId}::int
      RETURNING id
    )
    SELECT id, reference FROM created`.execute(trx);
  // In the order given, by reference (unique): matched here in one pass rather than by a join inside the statement.
  const idOf = new Map(rows.map((r) => [r.reference, Number(r.id)]));
  const ids = list.map((p) => idOf.get(p.reference)!);
  await queuePayoutEvents(trx, ids.map((id) => ({ id, from: null })), creation.status, creation.customerId);
  return ids;
}
