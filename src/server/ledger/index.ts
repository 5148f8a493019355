// The ledger: every change of an account's balances is one conditional UPDATE plus one balance_updates row, in the
// caller's transaction. Nothing else writes accounts.balance or accounts.locked_balance.
export { assertAmount } from './amount.ts';
export { applyMovement, type Movement, type Moved } from './movement.ts';
export { topUp, type TopUpArgs } from './topUp.ts';
export { transfer, type TransferArgs } from './transfer.ts';
export { lockFunds, unlockFunds, releaseFunds, type PayoutFundsArgs } from './payoutFunds.ts';
export { checkLedger, checkJournal, type LedgerDiscrepancy, type UnbalancedEntry } from './check.ts';
export { toBalanceUpdate } from './statement.ts';
export { movePayouts, type PayoutsMove, type MovedPayout } from './payoutsBulk.ts';
export { createPayouts, type NewPayout, type PayoutsCreation } from './payoutsCreate.ts';
