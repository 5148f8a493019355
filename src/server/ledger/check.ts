// The ledger's invariants, checked by the tests after every kind of operation and by the operators' check (job and
// route, jobs/ledgerCheck.ts):
//   * for every account, balance = sum(balance_change) and locked_balance = sum(locked_balance_change) over its
//     balance updates; each row's balances after equal the previous row's plus its changes; the last row's equal the
//     account's (checkLedger);
//   * every journal entry has legs, in one currency, summing to zero (checkJournal).
import { sql } from 'kysely';
import type { LedgerDiscrepancy, UnbalancedEntry } from '../../shared/ledgerCheck.ts';
import type { Db } from '../db/index.ts';

export type { LedgerDiscrepancy, UnbalancedEntry };

/** The accounts (all, or the one named) whose balances disagree with their statement; empty when the ledger holds. */
export async function checkLedger(db: Db, accountId?: number): Promise<LedgerDiscrepancy[]> {
  const onlyUpdates = accountId === undefined ? sql`` : sql`WHERE account_id = ${accountId}`;
  const onlyAccount = accountId === undefined ? sql`` : sql`AND a.id = ${accountId}`;
  const result = await sql<LedgerDiscrepancy>`
    WITH sums AS (
      SELECT account_id, sum(balance_change)::bigint AS sum_balance, sum(locked_balance_change)::bigint AS sum_locked
      FROM balance_updates ${onlyUpdates}
      GROUP BY account_id
    ), chained AS (
      SELECT account_id, balance_change, locked_balance_change, balance_after, locked_balance_after,
        lag(balance_after, 1, 0::bigint) OVER w AS previous_balance,
        lag(locked_balance_after, 1, 0::bigint) OVER w AS previous_locked
      FROM balance_updates ${onlyUpdates}
      WINDOW w AS (PARTITION BY account_id ORDER BY id)
    ), breaks AS (
      SELECT account_id, count(*)::int AS n FROM chained
      WHERE balance_after <> previous_balance + balance_change OR locked_balance_after <> previous_locked + locked_balance_change
      GROUP BY account_id
    ), last AS (
      SELECT DISTINCT ON (account_id) account_id, balance_after, locked_balance_after
      FROM balance_updates ${onlyUpdates}
      ORDER BY account_id, id DESC
    )
    SELECT a.id AS "accountId", a.balance, a.locked_balance AS "lockedBalance",
      coalesce(s.sum_balance, 0::bigint) AS "sumBalanceChange", coalesce(s.sum_locked, 0::bigint) AS "sumLockedBalanceChange",
      l.balance_after AS "lastBalanceAfter", l.locked_balance_after AS "lastLockedBalanceAfter",
      coalesce(b.n, 0) AS "chainBreaks"
    FROM accounts a
    LEFT JOIN sums s ON s.account_id = a.id
    LEFT JOIN breaks b ON b.account_id = a.id
    LEFT JOIN last l ON l.account_id = a.id
    WHERE (a.balance <> coalesce(s.sum_balance, 0) OR a.locked_balance <> coalesce(s.sum_locked, 0)
      OR a.balance <> coalesce(l.balance_after, 0) OR a.locked_balance <> coalesce(l.locked_balance_after, 0)
      OR coalesce(b.n, 0) > 0) ${onlyAccount}
    ORDER BY a.id`.execute(db);
  return result.rows;
}

/** At most this many unbalanced entries are answered: one is already a fault to look into. */
const ENTRIES_SHOWN = 1000;

/** The journal entries whose legs do not sum to zero, have no leg or span currencies; empty when the journal holds. */
export async function checkJournal(db: Db): Promise<UnbalancedEntry[]> {
  const result = await sql<UnbalancedEntry>`
    WITH legs AS (
      SELECT b.entry_id, b.balance_change + b.locked_balance_change AS amount, a.currency
      FROM balance_updates b JOIN accounts a ON a.id = b.account_id
      UNION ALL
      SELECT l.entry_id, l.amount, o.currency
      FROM outside_legs l JOIN outside_accounts o ON o.id = l.outside_account_id
    )
    SELECT e.id AS "entryId", coalesce(sum(l.amount), 0)::bigint AS sum, count(l.entry_id)::int AS legs,
      count(DISTINCT l.currency)::int AS currencies
    FROM journal_entries e LEFT JOIN legs l ON l.entry_id = e.id
    GROUP BY e.id
    HAVING coalesce(sum(l.amount), 0) <> 0 OR count(l.entry_id) = 0 OR count(DISTINCT l.currency) > 1
    ORDER BY e.id
    LIMIT ${ENTRIES_SHOWN}`.execute(db);
  return result.rows.map((r) => ({ entryId: Number(r.entryId), sum: Number(r.sum), legs: r.legs, currencies: r.currencies }));
}
