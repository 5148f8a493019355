// Settlement (SUPER_ADMIN), under /api/settlement:
//   GET  {prefix}/pending            collected payouts waiting for a transfer file, per channel and currency
//   POST {prefix}/batch              exports one channel and currency as a batch with its file (201 TransferBatch)
//   GET  {prefix}/batch              the batches, newest first
//   GET  {prefix}/batch/:id/file     the batch's transfer file, as a download
//   PUT  {prefix}/batch/:id/status   COMPLETED_SUCCESSFULLY or RETURNED, once
// Every step is a transition of the payouts' table (src/shared/payouts.ts) made by the ledger's set-based move in the
// batch's transaction: COLLECTED_ON_PAGE -> TRANSFER_FILE_GENERATED (no money moves), then -> COMPLETED_SUCCESSFULLY
// (RELEASE: the blocked amount leaves the account) or -> RETURNED (UNLOCK: back to the available funds).
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { BATCH_OUTCOMES, fileFormatOf, type BatchStatusBody, type GenerateBatchBody, type PendingGroup, type TransferBatch } from '../../../shared/settlement.ts';
import type { Trx } from '../../db/index.ts';
import { writeAudit } from '../../audit/log.ts';
import { AppError } from '../../errors.ts';
import { movePayouts } from '../../ledger/index.ts';
import { sendTransitionMessages } from '../payouts/messages.ts';
import { getSetting } from '../../platform/settings.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';
import { actorOf, requestContext } from '../../toolkit/index.ts';
import { pain001, transferCsv, type Transfer } from './files.ts';

const ONLY = { userTypes: ['SUPER_ADMIN' as const] };

const generateBody = {
  type: 'object',
  required: ['channel', 'currency'],
  properties: { channel: { type: 'string', minLength: 1, maxLength: 40 }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
  additionalProperties: false,
};
const statusBody = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: [...BATCH_OUTCOMES] } },
  additionalProperties: false,
};

type BatchRow = { id: number; channel: string; currency: string; status: string; payouts: number; amount: number; file_name: string; created_at: Date; closed_at: Date | null };

function batchOf(row: BatchRow): TransferBatch {
  return {
    id: Number(row.id),
    channel: row.channel,
    currency: row.currency,
    status: row.status as TransferBatch['status'],
    payouts: Number(row.payouts),
    amount: Number(row.amount),
    fileName: row.file_name,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at ? row.closed_at.toISOString() : null,
  };
}

const BATCH_COLUMNS = ['id', 'channel', 'currency', 'status', 'payouts', 'amount', 'file_name', 'created_at', 'closed_at'] as const;

export const settlementArea: FastifyPluginAsync = async (app) => {
  app.get('/pending', { config: ONLY }, async (): Promise<{ items: PendingGroup[]; numberOfRecords: number }> => {
    const rows = await app.db
      .selectFrom('payouts')
      .innerJoin('bank_accounts', 'bank_accounts.id', 'payouts.bank_account_id')
      .select(['bank_accounts.channel as channel', 'payouts.currency as currency', sql<number>`count(*)::int`.as('payouts'), sql<number>`sum(payouts.amount)::bigint`.as('amount')])
      .where('payouts.status', '=', 'COLLECTED_ON_PAGE')
      .groupBy(['bank_accounts.channel', 'payouts.currency'])
      .orderBy('bank_accounts.channel')
      .orderBy('payouts.currency')
      .execute();
    const items = rows.map((r) => ({ id: `${r.channel}-${r.currency}`, channel: r.channel, currency: r.currency, payouts: Number(r.payouts), amount: Number(r.amount) }));
    return { items, numberOfRecords: items.length };
  });

  app.post<{ Body: GenerateBatchBody }>('/batch', { config: ONLY, schema: { body: generateBody } }, async (request, reply) => {
    const ctx = requestContext(request);
    const { channel, currency } = request.body;
    const batch = await app.db.transaction().execute(async (trx) => {
      // The payouts of the group, locked: a second export running at once finds them taken and waits, then skips them.
      const rows = await trx
        .selectFrom('payouts')
        .innerJoin('bank_accounts', 'bank_accounts.id', 'payouts.bank_account_id')
        .select([
          'payouts.id',
          'payouts.reference',
          'payouts.title',
          'payouts.amount',
          'payouts.currency',
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
      if (rows.length === 0) throw new AppError(409, 'NOTHING_TO_SETTLE');
      const exported = await movePayouts(trx as Trx, { ids: rows.map((r) => Number(r.id)), from: ['COLLECTED_ON_PAGE'], to: 'TRANSFER_FILE_GENERATED', actor: actorOf(ctx) });
      await sendTransitionMessages(trx, 'TRANSFER_FILE_GENERATED', exported, app.config.publicUrl);
      const moved = new Set(exported.map((m) => m.id));
      const transfers: Transfer[] = rows
        .filter((r) => moved.has(Number(r.id)))
        .map((r) => ({
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
        }));
      if (transfers.length === 0) throw new AppError(409, 'NOTHING_TO_SETTLE');
      const amount = transfers.reduce((sum, t) => sum + t.amount, 0);
      const format = fileFormatOf(channel, currency);
      const created = await trx
        .insertInto('transfer_batches')
        .values({ channel, currency, payouts: transfers.length, amount, file_name: 'pending', file_type: format, file: '', created_by: ctx.auth.user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(created.id);
      const debtor = {
        name: (await getSetting(trx, 'SETTLEMENT_DEBTOR_NAME')) ?? '',
        iban: (await getSetting(trx, 'SETTLEMENT_DEBTOR_IBAN')) ?? '',
        bic: (await getSetting(trx, 'SETTLEMENT_DEBTOR_BIC')) ?? '',
      };
      const file = format === 'pain.001' ? pain001(id, transfers, debtor) : transferCsv(transfers);
      const fileName = `transfers-${id}-${channel}-${currency}.${format === 'pain.001' ? 'xml' : 'csv'}`;
      const row = await trx
        .updateTable('transfer_batches')
        .set({ file, file_name: fileName })
        .where('id', '=', id)
        .returning([...BATCH_COLUMNS])
        .executeTakeFirstOrThrow();
      await trx.updateTable('payouts').set({ transfer_batch_id: id }).where('id', 'in', [...moved]).execute();
      // A batch spans customers: its entry is the SUPER_ADMIN's (no customer), naming the payouts it took.
      await writeAudit(trx as Trx, {
        actor: actorOf(ctx),
        customerId: null,
        action: 'settlement.generate',
        entity: 'transferBatch',
        entityId: id,
        after: { channel, currency, payouts: transfers.length, amount, fileName, ids: [...moved].slice(0, 1000) },
      });
      return batchOf(row);
    });
    reply.code(201);
    return batch;
  });

  app.get('/batch', { config: ONLY }, async () => {
    const rows = await app.db.selectFrom('transfer_batches').select([...BATCH_COLUMNS]).orderBy('id', 'desc').limit(100).execute();
    const items = rows.map(batchOf);
    return { items, numberOfRecords: items.length };
  });

  app.get<{ Params: IdParams }>('/batch/:id/file', { config: ONLY, schema: { params: idParams } }, async (request, reply) => {
    const row = await app.db.selectFrom('transfer_batches').select(['file', 'file_name', 'file_type']).where('id', '=', paramId(request.params)).executeTakeFirst();
    if (!row) throw new AppError(404, 'BATCH_NOT_FOUND');
    reply.header('content-disposition', `attachment; filename="${row.file_name}"`);
    reply.header('cache-control', 'no-store');
    reply.type(row.file_type === 'pain.001' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8');
    return row.file;
  });

  app.put<{ Params: IdParams; Body: BatchStatusBody }>('/batch/:id/status', { config: ONLY, schema: { params: idParams, body: statusBody } }, async (request) => {
    const ctx = requestContext(request);
    const id = paramId(request.params);
    const to = request.body.status;
    return app.db.transaction().execute(async (trx) => {
      const batch = await trx.selectFrom('transfer_batches').select(['status', 'payouts', 'amount']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!batch) throw new AppError(404, 'BATCH_NOT_FOUND');
      if (batch.status !== 'GENERATED') throw new AppError(409, 'BATCH_ALREADY_CLOSED');
      const ids = (await trx.selectFrom('payouts').select('id').where('transfer_batch_id', '=', id).orderBy('id').execute()).map((r) => Number(r.id));
      await sendTransitionMessages(trx, to, await movePayouts(trx as Trx, { ids, from: ['TRANSFER_FILE_GENERATED'], to, actor: actorOf(ctx) }), app.config.publicUrl);
      const row = await trx
        .updateTable('transfer_batches')
        .set({ status: to, closed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returning([...BATCH_COLUMNS])
        .executeTakeFirstOrThrow();
      await writeAudit(trx as Trx, {
        actor: actorOf(ctx),
        customerId: null,
        action: to === 'RETURNED' ? 'settlement.return' : 'settlement.complete',
        entity: 'transferBatch',
        entityId: id,
        before: { status: batch.status },
        after: { status: to, payouts: Number(batch.payouts), amount: Number(batch.amount) },
      });
      return batchOf(row);
    });
  });
};
