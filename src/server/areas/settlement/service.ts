// Settlement's operations: which collected payouts wait, a batch made of them with its transfer file, and the batch
// closed. Every step is a transition of the payouts' table (src/shared/payouts.ts) made by the ledger's set-based
// move in the batch's transaction: COLLECTED_ON_PAGE -> TRANSFER_FILE_GENERATED (no money moves), then ->
// COMPLETED_SUCCESSFULLY (the blocked amount leaves the account) or -> RETURNED (UNLOCK: back to the available
// funds). A batch spans customers: its audit entries are the SUPER_ADMIN's, of no customer. Each transfer's debtor is
// its customer's payer details (src/server/areas/payerDetails); a batch that would hold payouts of a customer without
// them is refused (409 PAYER_DETAILS_MISSING, naming the customers) and nothing changes: a bank-facing file never
// names a debtor that did not agree to pay.
import { sql } from 'kysely';
import { fileFormatOf, type BatchStatusBody, type GenerateBatchBody, type TransferBatch } from '../../../shared/settlement.ts';
import type { Db, Trx } from '../../db/index.ts';
import { writeAudit } from '../../audit/log.ts';
import { AppError } from '../../errors.ts';
import { movePayouts } from '../../ledger/index.ts';
import { PAYER_BANK_BICS } from '../../../shared/payerDetails.ts';
import { readPayerDetails } from '../payerDetails/service.ts';
import { actorOf, inTransaction, transactionOf, type RequestContext } from '../../toolkit/index.ts';
import { sendTransitionMessages } from '../payouts/messages.ts';
import { pain001, transferCsv, type Debtor, type Transfer } from './files.ts';

const BATCH_COLUMNS = ['id', 'channel', 'currency', 'status', 'payouts', 'amount', 'file_name', 'created_at', 'closed_at'] as const;

type BatchRow = { id: number; channel: string; currency: string; status: TransferBatch['status']; payouts: number; amount: number; file_name: string; created_at: Date; closed_at: Date | null };

function batchOf(row: BatchRow): TransferBatch {
  return {
    id: Number(row.id),
    channel: row.channel,
    currency: row.currency,
    status: row.status,
    payouts: Number(row.payouts),
    amount: Number(row.amount),
    fileName: row.file_name,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at ? row.closed_at.toISOString() : null,
  };
}

/** The collected payouts per channel (of the bank account they were collected to) and currency: the pending list's rows. */
export function pendingGroups(db: Db) {
  return db
    .selectFrom('payouts')
    .innerJoin('bank_accounts', 'bank_accounts.id', 'payouts.bank_account_id')
    .select(['bank_accounts.channel as channel', 'payouts.currency as currency', sql<number>`count(*)::int`.as('payouts'), sql<number>`sum(payouts.amount)::bigint`.as('amount')])
    .where('payouts.status', '=', 'COLLECTED_ON_PAGE')
    .groupBy(['bank_accounts.channel', 'payouts.currency']);
}

/**
 * The collected payouts of one channel and currency with the bank accounts they go to, locked: a second export
 * running at once finds them taken and waits, then skips them.
 */
async function lockCollected(trx: Trx, { channel, currency }: GenerateBatchBody) {
  return trx
    .selectFrom('payouts')
    .innerJoin('bank_accounts', 'bank_accounts.id', 'payouts.bank_account_id')
    .select([
      'payouts.id',
      'payouts.reference',
      'payouts.title',
      'payouts.amount',
      'payouts.currency',
      'payouts.customer_id',
      'bank_accounts.beneficiary_name',
      'bank_accounts.beneficiary_type',
      'bank_accounts.country_code',
      'bank_accounts.iban',
      'bank_accounts.bic',
      'bank_accounts.sort_code',
      'bank_accounts.account_number',
      'bank_accounts.routing_code',
    ])
    .where('payouts.status', '=', 'COLLECTED_ON_PAGE')
    .where('bank_accounts.channel', '=', channel as never)
    .where('payouts.currency', '=', currency)
    .orderBy('payouts.id')
    .forUpdate('payouts')
    .skipLocked()
    .execute();
}

type CollectedRow = Awaited<ReturnType<typeof lockCollected>>[number];

function transferOf(r: CollectedRow, debtor: Debtor): Transfer {
  return {
    debtor,
    reference: r.reference,
    title: r.title,
    amount: Number(r.amount),
    currency: r.currency,
    beneficiaryName: r.beneficiary_name,
    beneficiaryType: r.beneficiary_type,
    countryCode: r.country_code,
    iban: r.iban,
    bic: r.bic,
    sortCode: r.sort_code,
    accountNumber: r.account_number,
    routingCode: r.routing_code,
  };
}

/** The debtor of each customer's transfers: its payer details; 409 PAYER_DETAILS_MISSING naming those without them. */
async function payerDebtors(trx: Trx, customerIds: readonly number[]): Promise<Map<number, Debtor>> {
  const debtors = new Map<number, Debtor>();
  const missing: number[] = [];
  for (const id of customerIds) {
    const payer = await readPayerDetails(trx, id);
    if (payer) debtors.set(id, { name: payer.legalName, iban: payer.iban, bic: PAYER_BANK_BICS[payer.bank] });
    else missing.push(id);
  }
  if (missing.length) {
    const names = await trx.selectFrom('customers').select('name').where('id', 'in', missing).orderBy('name').execute();
    throw new AppError(409, 'PAYER_DETAILS_MISSING', { customers: names.map((c) => c.name) });
  }
  return debtors;
}

/** The batch row with its file, which names the batch's id (inserted first, then written). */
async function storeBatch(trx: Trx, createdBy: number, { channel, currency }: GenerateBatchBody, transfers: Transfer[], initiator: string): Promise<BatchRow> {
  const amount = transfers.reduce((sum, t) => sum + t.amount, 0);
  const format = fileFormatOf(channel, currency);
  const created = await trx
    .insertInto('transfer_batches')
    .values({ channel, currency, payouts: transfers.length, amount, file_name: 'pending', file_type: format, file: '', created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(created.id);
  const file = format === 'pain.001' ? pain001(id, transfers, initiator) : transferCsv(transfers);
  const fileName = `transfers-${id}-${channel}-${currency}.${format === 'pain.001' ? 'xml' : 'csv'}`;
  return trx.updateTable('transfer_batches').set({ file, file_name: fileName }).where('id', '=', id).returning([...BATCH_COLUMNS]).executeTakeFirstOrThrow();
}

/**
 * POST /api/settlement/batch: every collected payout of the channel and currency into one new batch with its transfer
 * file, the payouts TRANSFER_FILE_GENERATED; 409 NOTHING_TO_SETTLE when none is left to take. The file's initiating
 * party is the operator (`initiator`, APP_NAME), which sends it for its customers.
 */
export async function generateBatch(ctx: RequestContext, publicUrl: string, body: GenerateBatchBody, initiator: string): Promise<TransferBatch> {
  return inTransaction(ctx, async (tx) => {
    const trx = transactionOf(tx);
    const rows = await lockCollected(trx, body);
    if (rows.length === 0) throw new AppError(409, 'NOTHING_TO_SETTLE');
    const debtors = await payerDebtors(trx, [...new Set(rows.map((r) => r.customer_id))]);
    const exported = await movePayouts(trx, { ids: rows.map((r) => Number(r.id)), from: ['COLLECTED_ON_PAGE'], to: 'TRANSFER_FILE_GENERATED', actor: actorOf(tx) });
    await sendTransitionMessages(trx, 'TRANSFER_FILE_GENERATED', exported, publicUrl);
    const moved = new Set(exported.map((m) => m.id));
    const transfers = rows.filter((r) => moved.has(Number(r.id))).map((r) => transferOf(r, debtors.get(r.customer_id)!));
    if (transfers.length === 0) throw new AppError(409, 'NOTHING_TO_SETTLE');
    const row = await storeBatch(trx, tx.auth.user.id, body, transfers, initiator);
    await trx.updateTable('payouts').set({ transfer_batch_id: row.id }).where('id', 'in', [...moved]).execute();
    await writeAudit(trx, {
      actor: actorOf(tx),
      customerId: null,
      action: 'settlement.generate',
      entity: 'transferBatch',
      entityId: row.id,
      after: { channel: body.channel, currency: body.currency, payouts: row.payouts, amount: row.amount, fileName: row.file_name, ids: [...moved].slice(0, 1000) },
    });
    return batchOf(row);
  });
}

/**
 * PUT /api/settlement/batch/:id/status: a generated batch completed (its payouts' blocked money paid out) or returned
 * (given back to the available funds), once; 404 BATCH_NOT_FOUND, 409 BATCH_ALREADY_CLOSED.
 */
export async function closeBatch(ctx: RequestContext, publicUrl: string, id: number, { status: to }: BatchStatusBody): Promise<TransferBatch> {
  return inTransaction(ctx, async (tx) => {
    const trx = transactionOf(tx);
    const batch = await trx.selectFrom('transfer_batches').select(['status', 'payouts', 'amount']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!batch) throw new AppError(404, 'BATCH_NOT_FOUND');
    if (batch.status !== 'GENERATED') throw new AppError(409, 'BATCH_ALREADY_CLOSED');
    const ids = (await trx.selectFrom('payouts').select('id').where('transfer_batch_id', '=', id).orderBy('id').execute()).map((r) => Number(r.id));
    await sendTransitionMessages(trx, to, await movePayouts(trx, { ids, from: ['TRANSFER_FILE_GENERATED'], to, actor: actorOf(tx) }), publicUrl);
    const row = await trx
      .updateTable('transfer_batches')
      .set({ status: to, closed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returning([...BATCH_COLUMNS])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actor: actorOf(tx),
      customerId: null,
      action: to === 'RETURNED' ? 'settlement.return' : 'settlement.complete',
      entity: 'transferBatch',
      entityId: id,
      before: { status: batch.status },
      after: { status: to, payouts: Number(batch.payouts), amount: Number(batch.amount) },
    });
    return batchOf(row);
  });
}

/** GET /api/settlement/batch/:id/file: the stored file, its name and content type; 404 BATCH_NOT_FOUND. */
export async function batchFile(db: Db, id: number): Promise<{ file: string; fileName: string; contentType: string }> {
  const row = await db.selectFrom('transfer_batches').select(['file', 'file_name', 'file_type']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(404, 'BATCH_NOT_FOUND');
  return { file: row.file, fileName: row.file_name, contentType: row.file_type === 'pain.001' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8' };
}
