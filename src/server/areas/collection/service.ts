// The work of the collection page's calls (routes.ts declares them): who collects, the payouts it may collect now,
// collecting them exactly once, and where the customer's recipients collect.
// Collecting is exactly once: the payouts move TO_COLLECT -> COLLECTED_ON_PAGE by the ledger's conditional, set-based
// move, under a lock of the recipient's row, so double clicks, two tabs and many concurrent requests collect each
// payout once, and the limits at collection (monthly and yearly, DESIGN.md) are checked against what is collected.
// The money stays blocked on the account until the payout is settled.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CollectablePayout, CollectablePayouts, CollectBody, CollectionUrls } from '../../../shared/collection.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Db, Trx } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { movePayouts } from '../../ledger/index.ts';
import { offeredRoute } from '../../platform/paymentRoutes.ts';
import { customerTimeZone, getCustomerSetting } from '../../platform/settings.ts';
import { authOf } from '../../plugins/auth.ts';
import { collectionUrl, sendTransitionMessages } from '../payouts/messages.ts';
import { fittingPayouts } from './limits.ts';

/** The most payouts the page lists at once. */
const LISTED = 500;

/** A signed-in recipient: its user and session, its row, its customer, and the program its page's address named. */
export interface Collector {
  userId: number;
  sessionId: number;
  recipientId: number;
  customerId: number;
  programId: number | null;
}

export function collectorOf(request: FastifyRequest): Collector {
  const auth = authOf(request);
  const { recipient_id: recipientId, customer_id: customerId } = auth.user;
  // A RECIPIENT user always has both (a database check); this guards the types.
  if (recipientId === null || customerId === null || auth.sessionId === null) throw new AppError(403, 'FORBIDDEN');
  return { userId: auth.user.id, sessionId: auth.sessionId, recipientId, customerId, programId: auth.programId };
}

/** The collector's payouts that can be collected now, as a query of payouts joined to their programs. */
function collectable(db: Db, who: Collector) {
  let q = db
    .selectFrom('payouts')
    .innerJoin('programs', 'programs.id', 'payouts.program_id')
    .where('payouts.recipient_id', '=', who.recipientId)
    .where('payouts.customer_id', '=', who.customerId)
    .where('payouts.status', '=', 'TO_COLLECT')
    .where('payouts.start_date', '<=', sql<Date>`now()`)
    .where('payouts.end_date', '>', sql<Date>`now()`);
  if (who.programId !== null) q = q.where('payouts.program_id', '=', who.programId);
  return q;
}

/** The payouts the collector may collect now, those ending first first. */
async function collectablePayouts(db: Db, who: Collector): Promise<CollectablePayout[]> {
  const rows = await collectable(db, who)
    .select(['payouts.id', 'payouts.reference', 'payouts.amount', 'payouts.currency', 'payouts.title', 'programs.name as program_name', 'payouts.end_date'])
    .orderBy('payouts.end_date')
    .orderBy('payouts.id')
    .limit(LISTED)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    reference: r.reference,
    amount: Number(r.amount),
    currency: r.currency,
    title: r.title,
    programName: r.program_name,
    endDate: r.end_date.toISOString(),
  }));
}

/** The page's list: the payouts and the customer's zone, in which the page shows their end dates as the SMS does. */
export async function collectablePayoutList(db: Db, who: Collector): Promise<CollectablePayouts> {
  const [items, timeZone] = await Promise.all([collectablePayouts(db, who), customerTimeZone(db, who.customerId)]);
  return { items, numberOfRecords: items.length, timeZone };
}

/**
 * Collects the chosen payouts to one of the collector's bank accounts, in one transaction under a lock of the
 * recipient's row; answers the ids collected (the caller wakes the outbox for their messages).
 */
export async function collect(db: Db, who: Collector, body: CollectBody, publicUrl: string): Promise<number[]> {
  const timeZone = await customerTimeZone(db, who.customerId);
  const moved = await db.transaction().execute(async (trx) => {
    // One collection of a recipient at a time: its limits are checked against what it has collected. FOR NO KEY
    // UPDATE: a payout created meanwhile checks its foreign key with a KEY SHARE lock, which it leaves free.
    const recipient = await trx.selectFrom('recipients').select('blocked').where('id', '=', who.recipientId).forNoKeyUpdate().executeTakeFirst();
    if (!recipient || recipient.blocked) throw new AppError(403, 'RECIPIENT_BLOCKED');
    const account = await trx.selectFrom('bank_accounts').select(['id', 'country_code', 'currency']).where('id', '=', body.bankAccountId).where('recipient_id', '=', who.recipientId).executeTakeFirst();
    if (!account) throw new AppError(404, 'BANK_ACCOUNT_NOT_FOUND');
    // Added while its route was offered, say: the customer's setting now decides.
    await offeredRoute(trx, who.customerId, account.country_code, account.currency);
    const chosen = await collectable(trx, who)
      .select(['payouts.id', 'payouts.amount', 'payouts.currency'])
      .where('payouts.id', 'in', body.payoutIds)
      .orderBy('payouts.end_date')
      .orderBy('payouts.id')
      .execute();
    // Collected meanwhile (another tab), cancelled, expired, or never the recipient's: the page reads its list again.
    if (chosen.length !== body.payoutIds.length) throw new AppError(409, 'PAYOUTS_NOT_AVAILABLE');
    if (chosen.some((p) => p.currency !== account.currency)) throw new AppError(400, 'BANK_ACCOUNT_CURRENCY');
    const fitting = await fittingPayouts(trx, who.customerId, who.recipientId, chosen.map((p) => ({ id: Number(p.id), amount: Number(p.amount) })), timeZone);
    if (fitting.length === 0) throw new AppError(400, 'COLLECTION_LIMIT_NONE');
    if (fitting.length < chosen.length && !body.onlyFitting) throw new AppError(409, 'COLLECTION_LIMIT_SOME', { fitting });
    const actor = { userId: who.userId, sessionId: who.sessionId };
    const done = await movePayouts(trx as Trx, { ids: fitting, from: ['TO_COLLECT'], to: 'COLLECTED_ON_PAGE', actor });
    const ids = done.map((m) => m.id);
    if (ids.length) {
      await trx.updateTable('payouts').set({ collected_at: sql<Date>`now()`, bank_account_id: account.id }).where('id', 'in', ids).execute();
      await writeAudit(trx as Trx, { actor, customerId: who.customerId, action: 'payout.collect', entity: 'payout', entityId: ids.length === 1 ? ids[0] : null, after: { status: 'COLLECTED_ON_PAGE', bankAccountId: account.id, ids } });
      // The collected-payouts SMS, as the transition table says (while the customer has it on).
      await sendTransitionMessages(trx, 'COLLECTED_ON_PAGE', done, publicUrl);
    }
    return ids;
  });
  // The rows were locked and checked above, so each moves; none moving means another request took them first.
  if (moved.length === 0) throw new AppError(409, 'PAYOUTS_NOT_AVAILABLE');
  return moved;
}

/** Where a customer's recipients collect: its page, its own domain if any, and each program's page that has an address. */
export async function collectionUrls(db: Db, customerId: number | null, publicUrl: string): Promise<CollectionUrls> {
  if (customerId === null) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  const customer = await db.selectFrom('customers').select(['id', 'url']).where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  const programs = await db.selectFrom('programs').select(['id', 'name', 'url']).where('customer_id', '=', customer.id).where('url', 'is not', null).orderBy('name').execute();
  const domain = (await getCustomerSetting(db, customer.id, 'CUSTOM_DOMAIN_NAME'))?.trim() || null;
  return {
    customer: collectionUrl(publicUrl, customer.url, null),
    customDomain: domain ? `https://${domain}` : null,
    programs: programs.map((p) => ({ programId: p.id, name: p.name, url: collectionUrl(publicUrl, customer.url, p.url) })),
  };
}
