// Payouts in any status for the API tests, with the ledger rows that status implies (LOCK at creation; UNLOCK or
// PAYOUT for the statuses that gave the money back or paid it out), as the app would have written them.
import { fundsEffect, type PayoutStatus } from '../../src/shared/payouts.ts';
import type { ChannelType } from '../../src/shared/accounts.ts';
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

/**
 * A new recipient of the customer with one bank account of `channel`: a German IBAN for euro (SEPA), a British sort
 * code and account number otherwise. `name` is the account holder's; the phone number is `phonePrefix` and `seq`.
 */
export async function recipientWithBankAccount(
  db: Db,
  p: { customerId: number; channel: ChannelType; currency: string; seq: number; lastName: string; name: string; phonePrefix: string },
): Promise<{ recipientId: number; bankAccountId: number }> {
  const recipient = await db
    .insertInto('recipients')
    .values({ customer_id: p.customerId, first_name: 'Fixture', last_name: p.lastName, phone_number: `${p.phonePrefix}${String(p.seq).padStart(7, '0')}`, email: null, external_id: null, billon_user_name: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sepa = p.currency === 'EUR';
  const bank = await db
    .insertInto('bank_accounts')
    .values({
      recipient_id: recipient.id,
      country_code: sepa ? 'DE' : 'GB',
      currency: p.currency,
      channel: p.channel,
      beneficiary_type: 'INDIVIDUAL',
      beneficiary_name: p.name,
      iban: sepa ? 'DE89370400440532013000' : null,
      bic: sepa ? 'COBADEFFXXX' : null,
      sort_code: sepa ? null : '60-16-13',
      account_number: sepa ? null : '31926819',
      routing_code: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { recipientId: recipient.id, bankAccountId: bank.id };
}
