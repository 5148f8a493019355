// The "Paid" label's rule (docs/decisions.md): only a payout whose transfer batch was completed is Paid; every other
// status is shown as itself. Written out by hand, status by status.
import { describe, expect, it } from 'vitest';
import { payoutLabel, PAYOUT_LABELS } from '../../src/shared/payouts.ts';

describe('payoutLabel', () => {
  it('labels COMPLETED_SUCCESSFULLY Paid and every other status as itself', () => {
    expect(payoutLabel('COMPLETED_SUCCESSFULLY')).toBe('PAID');
    for (const status of ['TO_APPROVE', 'TO_COLLECT', 'SUSPENDED', 'CANCELLED', 'EXPIRED', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'RETURNED'] as const) {
      expect(payoutLabel(status)).toBe(status);
    }
  });

  it('lists the labels: the nine statuses and PAID', () => {
    expect([...PAYOUT_LABELS].sort()).toEqual(['CANCELLED', 'COLLECTED_ON_PAGE', 'COMPLETED_SUCCESSFULLY', 'EXPIRED', 'PAID', 'RETURNED', 'SUSPENDED', 'TO_APPROVE', 'TO_COLLECT', 'TRANSFER_FILE_GENERATED']);
  });
});
