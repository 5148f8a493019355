// The operators' ledger check: the ledger's invariants (ledger/check.ts) over every account and journal entry, run by
// a job every LEDGER_CHECK_INTERVAL_MS and on demand by a SUPER_ADMIN (POST /api/ledger/check, areas/ledger). What it
// finds goes to the log as an error and to the SUPER_ADMINs' bell; a finding they have not read yet is not rung again.
import type { FastifyBaseLogger } from 'fastify';
import type { LedgerCheckResult } from '../../shared/ledgerCheck.ts';
import type { Db } from '../db/index.ts';
import { checkJournal, checkLedger } from '../ledger/index.ts';
import { notify, superAdmins } from '../platform/notifications.ts';

/** How many findings of each kind the log line names (the route answers up to the check's own limit). */
const LOGGED = 20;

export async function runLedgerCheck(db: Db, log: FastifyBaseLogger): Promise<LedgerCheckResult> {
  const [accounts, entries] = await Promise.all([checkLedger(db), checkJournal(db)]);
  const result: LedgerCheckResult = { checkedAt: new Date().toISOString(), ok: accounts.length === 0 && entries.length === 0, accounts, entries };
  if (result.ok) return result;
  log.error(
    { ledgerCheck: { accounts: accounts.length, entries: entries.length, firstAccounts: accounts.slice(0, LOGGED), firstEntries: entries.slice(0, LOGGED) } },
    'ledger check found discrepancies',
  );
  const params = { accounts: accounts.length, entries: entries.length };
  const told = await db
    .selectFrom('notifications')
    .select('user_id')
    .where('title_key', '=', 'ledgerDiscrepancy')
    .where('params', '=', JSON.stringify(params))
    .where('read_at', 'is', null)
    .execute();
  const already = new Set(told.map((row) => row.user_id));
  await notify(db, (await superAdmins(db)).filter((id) => !already.has(id)), 'ledgerDiscrepancy', params);
  return result;
}
