// The ledger, in the caller's transaction: every movement is one journal entry (journal.ts) whose legs sum to zero.
// A leg on a customer's account is a balance_updates row beside a conditional UPDATE of the account's balances, one
// movement at a time (movement.ts) or set-based for many payouts at once (payoutsBulk.ts, payoutsCreate.ts); money
// entering or leaving has its other leg on an outside account. Nothing else writes accounts.balance or
// accounts.locked_balance; checkLedger and checkJournal find any row that disagrees.
export { topUp } from './topUp.ts';
export { transfer } from './transfer.ts';
export { lockFunds, unlockFunds, releaseFunds } from './payoutFunds.ts';
export { checkLedger, checkJournal } from './check.ts';
export { movePayouts } from './payoutsBulk.ts';
export { createPayouts, type NewPayout } from './payoutsCreate.ts';
