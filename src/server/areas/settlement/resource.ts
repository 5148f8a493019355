// What settlement lists (the collected payouts waiting per channel and currency, and the batches), declared as the
// toolkit's lists (src/server/toolkit/list.ts), and the schemas of the area's own routes: the bodies are the
// forms of schemas/forms/settlement-*.json (src/shared/settlement.ts names their types), the answers the entities
// of schemas/entities. Settlement is a SUPER_ADMIN's, and a batch spans customers: no tenancy.
import { sql } from 'kysely';
import { loadSchema } from '../../validation.ts';
import { entityResponse, tableFields, untyped, type JsonSchema, type ListRouteOptions } from '../../toolkit/index.ts';
import { pendingGroups } from './service.ts';

export const generateBatchBody = loadSchema('forms/settlement-batch') as JsonSchema;
export const batchStatusBody = loadSchema('forms/settlement-batch-status') as JsonSchema;

export const SETTLEMENT_USERS = ['SUPER_ADMIN' as const];

/** POST {prefix}/batch and PUT {prefix}/batch/:id/status answer the batch. */
export const batchResponse = entityResponse('entities/transfer-batch');

/** GET {prefix}/batch/:id/file: the file itself (pain.001 XML or CSV), sent as it is stored, never serialised as JSON. */
export const batchFileResponse: JsonSchema = {
  type: 'string',
  format: 'binary',
  description: 'The transfer file of the batch: pain.001.001.09 XML for euro SEPA transfers, CSV otherwise, as an attachment.',
};

/** GET {prefix}/pending: one row per channel and currency of the collected payouts (an aggregate, as a subquery). */
export const pending: ListRouteOptions = {
  path: '/pending',
  permissions: [],
  userTypes: SETTLEMENT_USERS,
  tenancy: false,
  baseQuery: (ctx) => untyped(ctx.db).selectFrom(pendingGroups(ctx.db).as('pending')),
  fields: {
    id: sql`pending.channel || '-' || pending.currency`,
    channel: 'pending.channel',
    currency: 'pending.currency',
    payouts: 'pending.payouts',
    amount: 'pending.amount',
  },
  // By channel, then (the id being `<channel>-<currency>`) by currency.
  defaultOrder: ['channel', 'ASC'],
  response: 'entities/settlement-group',
};

/** GET {prefix}/batch: the batches, newest first. */
export const batches: ListRouteOptions = {
  path: '/batch',
  permissions: [],
  userTypes: SETTLEMENT_USERS,
  tenancy: false,
  baseQuery: (ctx) => untyped(ctx.db).selectFrom('transfer_batches'),
  fields: tableFields('transfer_batches', 'entities/transfer-batch'),
  defaultOrder: ['id', 'DESC'],
  response: 'entities/transfer-batch',
};
