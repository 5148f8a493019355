// The demo customer's payouts: every status, across its programs and recipients, in PLN and EUR, spread over the
// last three months, paid from two accounts of their own ("Payouts PLN", "Payouts EUR") so the other demo accounts
// keep their simple history. Each payout has the status history and the ledger rows its status implies (LOCK at
// creation; UNLOCK when cancelled, expired or returned; RELEASE when completed), written through the ledger in time
// order, so the statements, the account totals and checkLedger agree.
import { fundsEffect, type PayoutStatus } from '../../shared/payouts.ts';
import { writeAudit } from '../audit/log.ts';
import type { Trx } from '../db/index.ts';
import { lockFunds, releaseFunds, topUp, unlockFunds } from '../ledger/index.ts';

const DAY = 86_400_000;

/** The path of each demo status from creation: the statuses it went through, in order. */
const PATHS: Record<PayoutStatus, PayoutStatus[]> = {
  TO_APPROVE: ['TO_APPROVE'],
  TO_COLLECT: ['TO_COLLECT'],
  SUSPENDED: ['TO_COLLECT', 'SUSPENDED'],
  CANCELLED: ['TO_COLLECT', 'CANCELLED'],
  EXPIRED: ['TO_COLLECT', 'EXPIRED'],
  COLLECTED_ON_PAGE: ['TO_COLLECT', 'COLLECTED_ON_PAGE'],
  TRANSFER_FILE_GENERATED: ['TO_COLLECT', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED'],
  COMPLETED_SUCCESSFULLY: ['TO_COLLECT', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY'],
  RETURNED: ['TO_COLLECT', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'RETURNED'],
};

// Mostly settled payouts in the past, open ones in the last weeks.
const OLD: PayoutStatus[] = ['COMPLETED_SUCCESSFULLY', 'COMPLETED_SUCCESSFULLY', 'COMPLETED_SUCCESSFULLY', 'EXPIRED', 'CANCELLED', 'RETURNED', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED'];
const RECENT: PayoutStatus[] = ['TO_COLLECT', 'TO_COLLECT', 'TO_COLLECT', 'SUSPENDED', 'TO_APPROVE', 'COLLECTED_ON_PAGE', 'CANCELLED'];
export const DEMO_PAYOUT_COUNT = 84;

interface Event {
  at: Date;
  run: () => Promise<void>;
}

type Recipient = { id: number; first_name: string | null; last_name: string | null };

/** The two payout accounts, funded at the start of the demo's history. */
async function payoutAccounts(trx: Trx, customerId: number, superAdmin: number, start: Date): Promise<Record<string, number>> {
  const accounts: Record<string, number> = {};
  for (const currency of ['PLN', 'EUR']) {
    const { id } = await trx
      .insertInto('accounts')
      .values({ customer_id: customerId, name: `Payouts ${currency}`, currency, channel_type: null, transfer_type: null, created_at: start })
      .returning('id')
      .executeTakeFirstOrThrow();
    accounts[currency] = id;
    await writeAudit(trx, { actor: { userId: superAdmin }, customerId, action: 'account.create', entity: 'account', entityId: id, after: { name: `Payouts ${currency}`, currency, customerId }, at: start });
    await topUp(trx, { accountId: id, amount: currency === 'PLN' ? 80_000_000 : 20_000_000, reference: `Payout funding ${currency}`, actor: { userId: superAdmin }, at: new Date(start.getTime() + DAY) });
  }
  return accounts;
}

/**
 * The bank account a collected payout went to, one per recipient and currency: a Polish IBAN for złoty (EU_PL), a
 * German one for euro (EU_SEPA), so the settlement screen has collected payouts of both channels.
 */
function bankAccounts(trx: Trx, start: Date): (recipient: Recipient, currency: string) => Promise<number> {
  const made = new Map<string, number>();
  return async (recipient, currency) => {
    const key = `${recipient.id}:${currency}`;
    let id = made.get(key);
    if (id === undefined) {
      const euro = currency === 'EUR';
      const row = await trx
        .insertInto('bank_accounts')
        .values({
          recipient_id: recipient.id,
          country_code: euro ? 'DE' : 'PL',
          currency,
          channel: euro ? 'EU_SEPA' : 'EU_PL',
          beneficiary_type: 'INDIVIDUAL',
          beneficiary_name: `${recipient.first_name} ${recipient.last_name}`,
          iban: euro ? 'DE89370400440532013000' : 'PL61109010140000071219812874',
          bic: euro ? 'COBADEFFXXX' : null,
          created_at: start,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
      made.set(key, id);
    }
    return id;
  };
}

/** A payout's status changes with their ledger rows, each to run at its time. */
function statusEvents(trx: Trx, path: PayoutStatus[], times: Date[], admin: number, args: { accountId: number; amount: number; payoutId: number; reference: string }): Event[] {
  return path.map((to, k) => {
    const byUser = k === 0 || to === 'SUSPENDED' || to === 'CANCELLED';
    return {
      at: times[k],
      run: async () => {
        await trx.insertInto('payout_status_changes').values({ payout_id: args.payoutId, from_status: k === 0 ? null : path[k - 1], to_status: to, created_at: times[k], created_by: byUser ? admin : null }).execute();
        const actor = { userId: byUser ? admin : null };
        if (k === 0) await lockFunds(trx, { ...args, actor, at: times[k] });
        else if (fundsEffect(to) === 'UNLOCK') await unlockFunds(trx, { ...args, actor, at: times[k] });
        else if (fundsEffect(to) === 'RELEASE') await releaseFunds(trx, { ...args, actor, at: times[k] });
      },
    };
  });
}

export async function seedPayouts(trx: Trx, customerId: number, now = new Date()): Promise<void> {
  const admin = (await trx.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
  const superAdmin = (await trx.selectFrom('users').select('id').where('login', '=', 'superadmin').executeTakeFirstOrThrow()).id;
  const start = new Date(now.getTime() - 100 * DAY);
  const accounts = await payoutAccounts(trx, customerId, superAdmin, start);
  const programs = await trx.selectFrom('programs').select(['id', 'currency', 'url']).where('customer_id', '=', customerId).orderBy('id').execute();
  const recipients = await trx.selectFrom('recipients').select(['id', 'first_name', 'last_name']).where('customer_id', '=', customerId).where('blocked', '=', false).orderBy('id').execute();
  const bankAccountFor = bankAccounts(trx, start);

  const events: Event[] = [];
  for (let i = 0; i < DEMO_PAYOUT_COUNT; i++) {
    // Created from 90 days ago to yesterday, in order; the last third are the recent, open ones.
    const created = new Date(now.getTime() - (90 - Math.floor((i * 89) / DEMO_PAYOUT_COUNT)) * DAY + ((i * 37) % 600) * 60_000);
    const recent = i >= (DEMO_PAYOUT_COUNT * 2) / 3;
    const status = recent ? RECENT[i % RECENT.length] : OLD[i % OLD.length];
    const program = programs[(i * 5) % programs.length];
    const recipient = recipients[(i * 11) % recipients.length];
    const amount = (50 + ((i * 173) % 450)) * 1_000 + ((i * 37) % 100) * 10; // 50.00 to 499.99
    const open = status === 'TO_COLLECT' || status === 'SUSPENDED' || status === 'TO_APPROVE';
    const end = open ? new Date(now.getTime() + (7 + (i % 21)) * DAY) : new Date(created.getTime() + 14 * DAY);
    const path = PATHS[status];
    // Each later status a day or two after the one before, never later than now.
    const times = path.map((_, k) => new Date(Math.min(created.getTime() + k * (1 + (i % 2)) * DAY, now.getTime() - (path.length - k) * 60_000)));
    if (status === 'EXPIRED') times[1] = end;
    const reference = `PO-DEMO-${String(1001 + i)}`;
    const collected = path.includes('COLLECTED_ON_PAGE') ? times[path.indexOf('COLLECTED_ON_PAGE')] : null;
    const { id } = await trx
      .insertInto('payouts')
      .values({
        customer_id: customerId,
        reference,
        status,
        source: i % 4 === 0 ? 'FROM_FILE' : i % 9 === 0 ? 'API' : 'MANUAL',
        account_id: accounts[program.currency],
        program_id: program.id,
        recipient_id: recipient.id,
        amount,
        currency: program.currency,
        title: `${['Bonus', 'Reward', 'Refund', 'Prize', 'Allowance', 'Commission'][i % 6]} ${created.toISOString().slice(0, 7)}`,
        sms_message: null,
        start_date: created,
        end_date: end,
        collected_at: collected,
        bank_account_id: collected ? await bankAccountFor(recipient, program.currency) : null,
        created_by: admin,
        created_at: created,
        updated_at: times[times.length - 1],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const args = { accountId: accounts[program.currency], amount, payoutId: id, reference };
    events.push(...statusEvents(trx, path, times, admin, args));
  }
  // The ledger writes each account's rows in time order.
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of events) await event.run();
}
