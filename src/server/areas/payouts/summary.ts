// GET /api/payout/summary/status?from&to&customerId: the payouts created in a period, counted and summed per status
// and currency (never across currencies), by one aggregate query over the customer's index.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { PayoutStatusSummaryRow } from '../../../shared/payouts.ts';
import { requestContext, scoped, untyped, type JsonSchema } from '../../toolkit/index.ts';
import { payoutsView } from './resource.ts';

const querystring: JsonSchema = {
  type: 'object',
  properties: {
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    customerId: { type: 'integer', minimum: 1 },
  },
  additionalProperties: false,
};

const response: JsonSchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { status: { type: 'string' }, currency: { type: 'string' }, count: { type: 'integer' }, amount: { type: 'integer' } },
        required: ['status', 'currency', 'count', 'amount'],
      },
    },
  },
  required: ['items'],
};

export const summaryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { from?: string; to?: string; customerId?: number } }>(
    '/summary/status',
    { config: { permissions: ['statistics', 'payout.read', 'payout.manage'] }, schema: { querystring, response: { 200: response } } },
    async (request) => {
      const ctx = requestContext(request, request.query.customerId);
      let query = untyped(ctx.db)
        .selectFrom('payouts')
        .select(['payouts.status as status', 'payouts.currency as currency', sql<number>`count(*)::int`.as('count'), sql<number>`sum(payouts.amount)::bigint`.as('amount')])
        .groupBy(['payouts.status', 'payouts.currency'])
        .orderBy('payouts.currency')
        .orderBy('payouts.status');
      if (request.query.from) query = query.where('payouts.created_at', '>=', new Date(request.query.from));
      if (request.query.to) query = query.where('payouts.created_at', '<=', new Date(request.query.to));
      const rows = await scoped(query, ctx, { tenancy: payoutsView.tenancy }).execute();
      return { items: rows.map((r) => ({ ...r, amount: Number(r.amount) })) as PayoutStatusSummaryRow[] };
    },
  );
};
