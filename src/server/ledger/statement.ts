// A balance_updates row as the API answers it (the contract of src/shared/accounts.ts).
import type { BalanceUpdate } from '../../shared/accounts.ts';
import type { BalanceUpdateRow } from '../db/types.ts';

export function toBalanceUpdate(row: BalanceUpdateRow): BalanceUpdate {
  return {
    id: row.id,
    accountId: row.account_id,
    createdAt: new Date(row.created_at).toISOString(),
    type: row.type,
    balanceChange: row.balance_change,
    lockedBalanceChange: row.locked_balance_change,
    balanceAfter: row.balance_after,
    lockedBalanceAfter: row.locked_balance_after,
    counterpartyAccountId: row.counterparty_account_id,
    payoutId: row.payout_id,
    reference: row.reference,
    entryId: row.entry_id,
  };
}

/** The account's balances right after a movement, and right before it. */
export const balancesAfter = (u: BalanceUpdate) => ({ balance: u.balanceAfter, lockedBalance: u.lockedBalanceAfter });
export const balancesBefore = (u: BalanceUpdate) => ({
  balance: u.balanceAfter - u.balanceChange,
  lockedBalance: u.lockedBalanceAfter - u.lockedBalanceChange,
});
