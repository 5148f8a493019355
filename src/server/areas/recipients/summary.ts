// GET /api/payout/recipient/summary?limit&currency&period&year&number|from&to&customerId (statistics): the
// dashboard's Top Payees (contract: RecipientSummaryRow in src/shared/dashboard.ts). The payouts of the period are
// summed per recipient and currency (kept in advance by month, quarter and year: payouts/rollups.ts,
// topRecipients), ranked within each currency, and only the top rows are joined to the recipients for their names;
// the panel links each to the payouts list filtered by recipientId and the period.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { TOP_PAYEES_DEFAULT_LIMIT, TOP_PAYEES_MAX_LIMIT, type RecipientSummaryAnswer, type SummaryQuery } from '../../../shared/dashboard.ts';
import { type RequestContext } from '../../toolkit/index.ts';
import { STATISTICS, withoutJit } from '../payouts/summary.ts';
import { topRecipients } from '../payouts/rollups.ts';
import { periodAnswer, resolvePeriod, summaryAnswerSchema, summaryQuerystring, summaryRow, type ResolvedPeriod } from '../payouts/summaryPeriod.ts';
import { readContext } from '../../toolkit/readContext.ts';

type Query = SummaryQuery & { limit?: number; currency?: string };

const querystring = summaryQuerystring({
  limit: { type: 'integer', minimum: 1, maximum: TOP_PAYEES_MAX_LIMIT },
  // One currency's ranking only; absent: each currency's.
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
});

const integer = { type: 'integer' };
const response = summaryAnswerSchema(
  summaryRow({ recipientId: integer, firstName: { type: 'string' }, lastName: { type: 'string' }, currency: { type: 'string' }, rank: integer, count: integer, amount: integer }),
);

async function topPayees(ctx: RequestContext, period: ResolvedPeriod, limit: number, currency?: string): Promise<RecipientSummaryAnswer> {
  const statement = sql<{ recipient_id: number; first_name: string; last_name: string; currency: string; rank: number; count: number; amount: string }>`
    WITH ranked AS ${topRecipients(ctx, period, limit, currency)}
    -- The names of the ranked rows only: a join would read every recipient of the customer.
    SELECT ranked.recipient_id, ranked.currency, ranked.rank, ranked.count, ranked.amount,
           (SELECT recipients.first_name FROM recipients WHERE recipients.id = ranked.recipient_id) AS first_name,
           (SELECT recipients.last_name FROM recipients WHERE recipients.id = ranked.recipient_id) AS last_name
    FROM ranked
    ORDER BY ranked.currency, ranked.rank`;
  const { rows } = await withoutJit(ctx, (trx) => statement.execute(trx.db));
  return {
    ...periodAnswer(period),
    items: rows.map((r) => ({ recipientId: Number(r.recipient_id), firstName: r.first_name, lastName: r.last_name, currency: r.currency, rank: r.rank, count: r.count, amount: Number(r.amount) })),
  };
}

export const recipientSummaryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Query }>('/summary', { config: { permissions: STATISTICS }, schema: { querystring, response: { 200: response } } }, async (request) => {
    const ctx = readContext(request, request.query.customerId);
    return topPayees(ctx, await resolvePeriod(ctx, request.query), request.query.limit ?? TOP_PAYEES_DEFAULT_LIMIT, request.query.currency);
  });
};
