// Many payouts changing status at once (the bulk change, a row action, the expiry job), with their money, in a
// few set-based statements rather than one movement per payout, so 100,000 payouts move in one request. The payouts
// are named by their ids, or by a query of their ids (a list's filters: the ids never leave the database):
//   1. the accounts of the payouts are locked, in id order (as every movement locks its account);
//   2. one statement moves the payouts still in a source status (a conditional UPDATE: a payout another
//      transaction has moved meanwhile is not moved twice), writes their status history, writes one statement row
//      per payout with the balances after it (running sums per account, in payout id order, from the locked
//      balances), one journal entry per payout (with its leg on the payout sink when it is paid out), and applies
//      each account's total.
// The statement rows and entries are exactly those unlockFunds / releaseFunds would write one by one (payoutFunds.ts).
import { sql, type Expression } from 'kysely';
import { fundsEffect, type PayoutStatus } from '../../shared/payouts.ts';
import type { Actor } from '../audit/log.ts';
import type { Trx } from '../db/index.ts';
import { queuePayoutEvents } from '../platform/webhooks/events.ts';
import { nextEntryId, outsideAccountId } from './journal.ts';

export interface PayoutsMove {
  /** The payouts to move, or a query of their ids (those no longer in a source status stay as they are). */
  ids: readonly number[] | Expression<unknown>;
  from: readonly PayoutStatus[];
  to: PayoutStatus;
  actor: Actor;
  /**
   * The accounts the payouts are on, when the caller has read them already (a bulk change's count): they are locked
   * without another pass over the payouts, and only payouts on them move.
   */
  accounts?: readonly number[];
}

export interface MovedPayout {
  id: number;
  from: PayoutStatus;
}

/** Moves the payouts in one transaction; answers those moved. */
export async function movePayouts(trx: Trx, move: PayoutsMove): Promise<MovedPayout[]> {
  if (('length' in move.ids && move.ids.length === 0) || move.from.length === 0) return [];
  const named = 'length' in move.ids ? sql`id = ANY(${[...move.ids]}::bigint[])` : sql`id IN (${move.ids})`;
  const from = sql.join([...move.from]);
  // 1. The accounts, locked before any payout row: the same order as a single movement (account, then its rows).
  const accounts = move.accounts
    ? sql`SELECT unnest(${[...move.accounts]}::int[])`
    : sql`SELECT DISTINCT account_id FROM payouts WHERE ${named} AND status IN (${from})`;
  const locked = await sql<{ id: number; currency: string }>`SELECT id, currency FROM accounts WHERE id IN (${accounts}) ORDER BY id FOR UPDATE`.execute(trx);
  if (locked.rows.length === 0) return [];
  const onLocked = move.accounts ? sql`AND account_id = ANY(${locked.rows.map((r) => r.id)}::int[])` : sql``;

  const effect = fundsEffect(move.to);
  // A payout paid out is the spec's PAYOUT on the statement; its entry's other leg is on the currency's payout sink.
  const type = effect === 'RELEASE' ? 'PAYOUT' : effect;
  const sinks: number[] = [];
  if (effect === 'RELEASE') for (const currency of new Set(locked.rows.map((r) => r.currency))) sinks.push(await outsideAccountId(trx, 'PAYOUT_SINK', currency));
  // Signs of the movement per payout amount: UNLOCK gives it back to the available funds, RELEASE pays it out.
  const [balanceSign, lockedSign] = effect === 'UNLOCK' ? [1, -1] : effect === 'RELEASE' ? [0, -1] : [0, 0];
  const userId = move.actor.userId;
  const sessionId = move.actor.sessionId ?? null;
  const apiKeyId = move.actor.apiKeyId ?? null;
  const money = effect
    ? sql`,
      entries AS MATERIALIZED (
        SELECT id, account_id, amount, reference, ${nextEntryId} AS entry_id FROM moved ORDER BY id
      ),
      journal AS (
        INSERT INTO journal_entries (id) SELECT entry_id FROM entries ORDER BY entry_id
      ),
      movements AS (
        INSERT INTO balance_updates (account_id, type, balance_change, locked_balance_change, balance_after, locked_balance_after,
                                     payout_id, reference, created_by, session_id, api_key_id, entry_id)
        SELECT m.account_id, ${type}, ${balanceSign}::bigint * m.amount, ${lockedSign}::bigint * m.amount,
               a.balance + ${balanceSign}::bigint * sum(m.amount) OVER w,
               a.locked_balance + ${lockedSign}::bigint * sum(m.amount) OVER w,
               m.id, m.reference, ${userId}::int, ${sessionId}::bigint, ${apiKeyId}::bigint, m.entry_id
        FROM entries m JOIN accounts a ON a.id = m.account_id
        WINDOW w AS (PARTITION BY m.account_id ORDER BY m.id ROWS UNBOUNDED PRECEDING)
        ORDER BY m.account_id, m.id
      ),
      outside AS (
        INSERT INTO outside_legs (entry_id, outside_account_id, amount)
        SELECT m.entry_id, o.id, m.amount
        FROM entries m JOIN accounts a ON a.id = m.account_id JOIN outside_accounts o ON o.currency = a.currency
        WHERE o.id = ANY(${sinks}::int[])
        ORDER BY m.entry_id
      ),
      totals AS (
        UPDATE accounts a
        SET balance = a.balance + ${balanceSign}::bigint * t.total, locked_balance = a.locked_balance + ${lockedSign}::bigint * t.total, updated_at = now()
        FROM (SELECT account_id, sum(amount) AS total FROM moved GROUP BY account_id) t
        WHERE a.id = t.account_id
        RETURNING a.id
      )`
    : sql``;
  // Data-modifying parts of one statement all see the balances as locked in step 1, so the running sums start there.
  const { rows } = await sql<{ id: number; from: PayoutStatus }>`
    WITH moved AS (
      UPDATE payouts p
      SET status = ${move.to}, updated_at = now()
      FROM (SELECT id, status FROM payouts WHERE ${named} AND status IN (${from}) ${onLocked} ORDER BY id FOR UPDATE) o
      WHERE p.id = o.id
      RETURNING p.id, o.status AS old, p.account_id, p.amount, p.reference
    ),
    history AS (
      INSERT INTO payout_status_changes (payout_id, from_status, to_status, created_by)
      SELECT id, old, ${move.to}, ${userId}::int FROM moved ORDER BY id
    )${money}
    SELECT id, old AS "from" FROM moved ORDER BY id`.execute(trx);
  const moved = rows.map((r) => ({ id: Number(r.id), from: r.from }));
  await queuePayoutEvents(trx, moved, move.to);
  return moved;
}
