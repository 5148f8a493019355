// What the ledger accepts as an amount: a positive safe integer of thousandths. Routes validate amounts with their
// schemas first (at least 0.01 for payouts); this is the ledger's own guard, so no caller can move zero, a fraction
// or a negative sum in the wrong direction.
import { fieldFailure } from '../errors.ts';

export function assertAmount(amount: unknown, property = 'amount'): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw fieldFailure(property, 'INVALID_AMOUNT');
}
