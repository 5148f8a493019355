// The operators' ledger check (POST /api/ledger/check, SUPER_ADMIN; also a job): what disagrees in the ledger.
// Empty lists: the ledger holds.

/** An account whose balances disagree with its statement. */
export interface LedgerDiscrepancy {
  accountId: number;
  balance: number;
  lockedBalance: number;
  sumBalanceChange: number;
  sumLockedBalanceChange: number;
  /** The balances after the account's last balance update; null when it has none. */
  lastBalanceAfter: number | null;
  lastLockedBalanceAfter: number | null;
  /** Rows whose balances after are not the previous row's plus their changes. */
  chainBreaks: number;
}

/** A journal entry whose legs do not sum to zero, have no leg, or span currencies. */
export interface UnbalancedEntry {
  entryId: number;
  /** The sum of its legs (zero when it holds). */
  sum: number;
  legs: number;
  currencies: number;
}

export interface LedgerCheckResult {
  checkedAt: string;
  ok: boolean;
  accounts: LedgerDiscrepancy[];
  entries: UnbalancedEntry[];
}
