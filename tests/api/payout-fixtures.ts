// Payouts in any status for the API tests, with the ledger rows that status implies (LOCK at creation; UNLOCK or
// PAYOUT for the statuses that gave the money back or paid it out), as the app would have written them.
import { fundsEffect, type PayoutStatus } from '../../src/shared/payouts.ts';
import type { Db } from '../../src/server/db/index.ts';
import { lockFunds, releaseFunds, unlockFunds } from '../../src/server/ledger/index.ts';

export interface FixturePayout {
  customerId: number;
  accountId: number;
  programId: number;
  recipientId: number;
  currency?: string;
  amount?: number;
  status?: PayoutStatus;
  endDate?: Date;
}

let n = 0;

export async function insertPayout(db: Db, p: FixturePayout): Promise<number> {
  const status = p.status ?? 'TO_COLLECT';
  const amount = p.amount ?? 1_000;
  return db.transaction().execute(async (trx) => {
    const reference = `FX-${process.pid}-${++n}-${Date.now()}`;
    const { id } = await trx
      .insertInto('payouts')
      .values({
        customer_id: p.customerId,
        reference,
        status,
        source: 'MANUAL',
        account_id: p.accountId,
        program_id: p.programId,
        recipient_id: p.recipientId,
        amount,
        currency: p.currency ?? 'PLN',
        title: 'Fixture',
        sms_message: null,
        start_date: new Date(Date.now() - 86_400_000),
        end_date: p.endDate ?? new Date(Date.now() + 7 * 86_400_000),
        collected_at: ['COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY', 'RETURNED'].includes(status) ? new Date() : null,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('payout_status_changes').values({ payout_id: id, from_status: null, to_status: status, created_by: null }).execute();
    const args = { accountId: p.accountId, amount, payoutId: id, actor: { userId: null }, reference };
    await lockFunds(trx, args);
    const effect = fundsEffect(status);
    if (effect === 'UNLOCK') await unlockFunds(trx, args);
    if (effect === 'RELEASE') await releaseFunds(trx, args);
    return id;
  });
}
