// The SMS texts about a payout (on creation, reminders, after collection): a template of the customer's settings
// or the payout's own message, with the spec's variables PROGRAM_NAME, PAYOUT_REFERENCE, PAYOUT_AMOUNT,
// PAYOUT_COLLECTION_URL and PAYOUT_END_DATE filled in. One place, so every message fills them alike. A customer
// without a text of its own sends the default of its messages' language (platform/messageTexts.ts). The messages of
// a status change are those of the shared transition table (sendTransitionMessages).
import { toInputString } from '../../../shared/money.ts';
import { transitionMessages, type PayoutMessage, type PayoutSmsVariable, type PayoutStatus } from '../../../shared/payouts.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { MessageTextKey } from '../../../shared/customers.ts';
import { customerLanguage, messageText } from '../../platform/messageTexts.ts';
import { fillTemplate, getCustomerSetting } from '../../platform/settings.ts';
import { formatSmsDate } from '../../platform/stepUp.ts';
import { enqueue } from '../../platform/outbox.ts';
import { customerTimeZone } from '../../platform/settings.ts';
import { customerAdmins, notify } from '../../platform/notifications.ts';

interface PayoutForMessage {
  reference: string;
  amount: number;
  currency: string;
  endDate: Date;
  programName: string;
  programUrl: string | null;
  customerUrl: string;
  customerId: number;
  phoneNumber: string;
  smsMessage: string | null;
}

/** The payout as its messages need it; undefined when there is no such payout. */
async function payoutForMessage(db: Db, payoutId: number): Promise<PayoutForMessage | undefined> {
  const row = await db
    .selectFrom('payouts')
    .innerJoin('programs', 'programs.id', 'payouts.program_id')
    .innerJoin('customers', 'customers.id', 'payouts.customer_id')
    .innerJoin('recipients', 'recipients.id', 'payouts.recipient_id')
    .select([
      'payouts.reference',
      'payouts.amount',
      'payouts.currency',
      'payouts.end_date',
      'payouts.sms_message',
      'programs.name as program_name',
      'programs.url as program_url',
      'customers.url as customer_url',
      'customers.id as customer_id',
      'recipients.phone_number',
    ])
    .where('payouts.id', '=', payoutId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reference: row.reference,
    amount: row.amount,
    currency: row.currency,
    endDate: row.end_date,
    programName: row.program_name,
    programUrl: row.program_url,
    customerUrl: row.customer_url,
    customerId: row.customer_id,
    phoneNumber: row.phone_number,
    smsMessage: row.sms_message,
  };
}

/** The collection page's address for a payout: the customer's page, or its program's when it has an address. */
export function collectionUrl(publicUrl: string, customerUrl: string, programUrl: string | null): string {
  return [publicUrl, encodeURIComponent(customerUrl), ...(programUrl ? [encodeURIComponent(programUrl)] : [])].join('/');
}

type MessagePayout = Pick<PayoutForMessage, 'programName' | 'reference' | 'amount' | 'currency' | 'customerUrl' | 'programUrl' | 'endDate'>;

/** The template with the payout's variables filled in, its dates in the customer's time zone. */
function fillPayoutTemplate(template: string, publicUrl: string, payout: MessagePayout, timeZone: string): string {
  const vars: Record<PayoutSmsVariable, string> = {
    PROGRAM_NAME: payout.programName,
    PAYOUT_REFERENCE: payout.reference,
    PAYOUT_AMOUNT: `${toInputString(payout.amount)} ${payout.currency}`,
    PAYOUT_COLLECTION_URL: collectionUrl(publicUrl, payout.customerUrl, payout.programUrl),
    PAYOUT_END_DATE: formatSmsDate(payout.endDate, timeZone),
  };
  return fillTemplate(template, vars);
}

/** The template with the payout's variables filled in. */
async function payoutMessage(db: Db, publicUrl: string, payout: PayoutForMessage, template: string): Promise<string> {
  return fillPayoutTemplate(template, publicUrl, payout, await customerTimeZone(db, payout.customerId));
}

/**
 * Queues one of a customer's payout messages (a setting key such as PAYOUT_SMS_REMINDER_MESSAGE) to the payout's
 * recipient, in the caller's transaction; `own` is a text that replaces the setting (the payout's individual message).
 */
export async function queuePayoutSms(db: Db, publicUrl: string, payoutId: number, settingKey: MessageTextKey, own?: string | null): Promise<void> {
  const payout = await payoutForMessage(db, payoutId);
  if (!payout) return;
  const template = own ?? (await messageText(db, settingKey, await customerLanguage(db, payout.customerId), payout.customerId));
  if (!template.trim()) return;
  // An SMS's subject is its sender name (SMS_SENDER_NAME), which a gateway shows instead of a number.
  const sender = (await getCustomerSetting(db, payout.customerId, 'SMS_SENDER_NAME')) ?? null;
  await enqueue(db, { channel: 'sms', recipient: payout.phoneNumber, subject: sender, body: await payoutMessage(db, publicUrl, payout, template), customerId: payout.customerId });
}

/**
 * Sends what PAYOUT_TRANSITION_MESSAGES (src/shared/payouts.ts) says the moves of `moved` into `to` send, in the
 * caller's transaction: every place that moves payouts (status changes, collection, settlement, expiry) calls it
 * with what the ledger moved, so the table alone decides who hears of a move. `publicUrl` (the collection page's
 * address) is needed where a move texts the recipient; a place whose moves text nobody (expiry) has none to give.
 */
export async function sendTransitionMessages(db: Db, to: PayoutStatus, moved: readonly { id: number; from: PayoutStatus }[], publicUrl?: string): Promise<void> {
  const byMessage = new Map<PayoutMessage, number[]>();
  for (const m of moved) for (const message of transitionMessages(m.from, to)) byMessage.set(message, [...(byMessage.get(message) ?? []), m.id]);
  const link = (message: PayoutMessage): string => {
    if (publicUrl === undefined) throw new Error(`${message} texts the recipient: the caller must give the collection page's address`);
    return publicUrl;
  };
  for (const [message, ids] of byMessage) {
    switch (message) {
      case 'YOU_HAVE_A_PAYOUT':
        // The payout's own text, where it has one, replaces the customer's (the spec's individual SMS message).
        for (const id of ids) await queuePayoutSms(db, link(message), id, 'PAYOUT_SMS_NOTIFICATION_MESSAGE', (await payoutForMessage(db, id))?.smsMessage);
        break;
      case 'PAYOUT_COLLECTED': {
        const rows = await db.selectFrom('payouts').select(['id', 'customer_id']).where('id', 'in', ids).orderBy('id').execute();
        const on = new Map<number, boolean>();
        for (const { id, customer_id: customerId } of rows) {
          if (!on.has(customerId)) on.set(customerId, (await getCustomerSetting(db, customerId, 'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_ENABLED')) === 'true');
          if (on.get(customerId)) await queuePayoutSms(db, link(message), id, 'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE');
        }
        break;
      }
      case 'PAYOUTS_EXPIRED': {
        // Each customer's admins are told how many of its payouts expired.
        const perCustomer = await db.selectFrom('payouts').select(['customer_id']).select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', ids).groupBy('customer_id').execute();
        for (const { customer_id: customerId, n } of perCustomer) await notify(db, await customerAdmins(db, customerId), 'payoutsExpired', { count: Number(n) });
        break;
      }
      default:
        message satisfies never;
    }
  }
}

/** Whether the customer's reminders may be sent, by hand or automatically (PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER). */
export async function remindersAllowed(db: Db, customerId: number): Promise<boolean> {
  return (await getCustomerSetting(db, customerId, 'PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER')) === 'true';
}

/** A new payout as its creation message needs it. */
export type NewPayoutMessage = MessagePayout & Pick<PayoutForMessage, 'phoneNumber' | 'smsMessage'>;

/**
 * The queue of the creation message (PAYOUT_SMS_NOTIFICATION_MESSAGE, or a payout's own text) of many new payouts
 * of one customer, as queuePayoutSms does for one: the settings read once, then each call queues a batch's messages
 * in one statement (a spreadsheet import creates tens of thousands, from the details it already holds).
 */
export async function newPayoutsSmsQueue(db: Db, publicUrl: string, customerId: number): Promise<(db: Db, payouts: readonly NewPayoutMessage[]) => Promise<void>> {
  const template = await messageText(db, 'PAYOUT_SMS_NOTIFICATION_MESSAGE', await customerLanguage(db, customerId), customerId);
  const sender = (await getCustomerSetting(db, customerId, 'SMS_SENDER_NAME')) ?? null;
  const timeZone = await customerTimeZone(db, customerId);
  return async (trx, payouts) => {
    const phones: string[] = [];
    const bodies: string[] = [];
    for (const payout of payouts) {
      const text = payout.smsMessage ?? template;
      if (!text.trim()) continue;
      phones.push(payout.phoneNumber);
      bodies.push(fillPayoutTemplate(text, publicUrl, payout, timeZone));
    }
    // Two arrays as parameters rather than four per message: one statement whatever the batch's size.
    if (phones.length) await sql`INSERT INTO outbox (channel, recipient, subject, body, customer_id) SELECT 'sms', m.phone, ${sender}, m.body, ${customerId}::integer FROM unnest(${phones}::text[], ${bodies}::text[]) AS m(phone, body)`.execute(trx);
  };
}
