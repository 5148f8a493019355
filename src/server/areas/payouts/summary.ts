// The dashboard's payout summaries (contract: src/shared/dashboard.ts), each one aggregate query over the figures
// of the customer's payouts created in the period, kept in advance (rollups.ts: whole days, months or years from
// the rollups, the edges from payouts_dashboard_idx), figures per currency, never summed across currencies:
//   GET /api/payout/summary/status?period&year&number|from&to&customerId           Payouts Overview
//   GET /api/payout/summary/collectionRates?period&year&number|from&to&customerId  Payout Collection Rates
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import {
  COLLECTION_RATE_CATEGORIES,
  COLLECTION_RATE_EXCLUDED_STATUSES,
  type CollectionRateCategory,
  type CollectionRateCurrencyRow,
  type CollectionRatesAnswer,
  type StatusSummaryAnswer,
  type SummaryQuery,
} from '../../../shared/dashboard.ts';
import type { PayoutStatus, PayoutStatusSummaryRow } from '../../../shared/payouts.ts';
import { inTransaction, type JsonSchema, type RequestContext } from '../../toolkit/index.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { periodAnswer, resolvePeriod, summaryAnswerSchema, summaryQuerystring, summaryRow, type ResolvedPeriod } from './summaryPeriod.ts';
import { FIGURES, periodFigures } from './rollups.ts';
import { readContext } from '../../toolkit/readContext.ts';

/** The dashboard's permission (the status summary, below, also serves payout readers). */
export const STATISTICS: Permission[] = ['statistics'];

const querystring = summaryQuerystring();

const answerSchema = summaryAnswerSchema;
const row = summaryRow;

const statusResponse = answerSchema(row({ status: { type: 'string' }, currency: { type: 'string' }, count: { type: 'integer' }, amount: { type: 'integer' } }));

const collectionRatesResponse = answerSchema(row({ category: { type: 'string', enum: [...COLLECTION_RATE_CATEGORIES] }, count: { type: 'integer' }, share: { type: 'number' } }), {
  total: { type: 'integer' },
  currencies: {
    type: 'array',
    items: row({ currency: { type: 'string' }, category: { type: 'string', enum: [...COLLECTION_RATE_CATEGORIES] }, count: { type: 'integer' }, amount: { type: 'integer' } }),
  },
});

/**
 * Runs a summary's statement with PostgreSQL's JIT compilation off, in a transaction of its own (SET LOCAL): an
 * aggregate over a long period is costed above jit_above_cost, and compiling it took longer than running it (from
 * 30 ms to over 500 ms at a million payouts). PGlite has no JIT and takes the setting as it is.
 */
export function withoutJit<T>(ctx: RequestContext, work: (ctx: RequestContext) => Promise<T>): Promise<T> {
  return inTransaction(ctx, async (trx) => {
    await sql`SET LOCAL jit = off`.execute(trx.db);
    return work(trx);
  });
}

async function statusSummary(ctx: RequestContext, period: ResolvedPeriod): Promise<StatusSummaryAnswer> {
  const statement = sql<{ status: PayoutStatus; currency: string; count: number; amount: string }>`
    SELECT f.status AS status, f.currency AS currency, sum(f.count)::int AS count, sum(f.amount)::bigint AS amount
    FROM ${periodFigures(ctx, period)} f
    GROUP BY f.currency, f.status
    HAVING sum(f.count) <> 0
    ORDER BY f.currency, f.status`;
  const { rows } = await withoutJit(ctx, (trx) => statement.execute(trx.db));
  return { ...periodAnswer(period), items: rows.map((r): PayoutStatusSummaryRow => ({ ...r, amount: Number(r.amount) })) };
}

/**
 * How many payouts of each currency, and for what sum, were collected less than each bound after they could be:
 * the later of creation and start date (src/shared/dashboard.ts); hours are exact lengths of time, whatever clock
 * change lies between. The rollups keep them cumulatively (all, collected, within each bound: FIGURES), and the
 * categories are the differences.
 */
function collectionTimesStatement(ctx: RequestContext, period: ResolvedPeriod) {
  // counts: how many and their sum, of all, of the collected, then of those collected within each bound.
  return sql<{ currency: string; counts: (string | number)[] }>`
    SELECT f.currency, ARRAY[${sql.join(FIGURES.map((name) => sql`sum(f.${sql.ref(name)})`))}]::bigint[] AS counts
    FROM ${periodFigures(ctx, period)} f
    WHERE f.status NOT IN (${sql.join([...COLLECTION_RATE_EXCLUDED_STATUSES])})
    GROUP BY f.currency
    HAVING sum(f.count) <> 0
    ORDER BY f.currency`;
}

async function collectionRates(ctx: RequestContext, period: ResolvedPeriod): Promise<CollectionRatesAnswer> {
  const { rows } = await withoutJit(ctx, (trx) => collectionTimesStatement(trx, period).execute(trx.db));
  const currencies: CollectionRateCurrencyRow[] = rows.flatMap(({ currency, counts }) => {
    const [all, allAmount, collected, collectedAmount, in24, in24Amount, in48, in48Amount, in72, in72Amount] = counts.map(Number);
    const figures: Record<CollectionRateCategory, [number, number]> = {
      lessThanOneDay: [in24, in24Amount],
      fromOneToTwoDays: [in48 - in24, in48Amount - in24Amount],
      fromTwoToThreeDays: [in72 - in48, in72Amount - in48Amount],
      overThreeDays: [collected - in72, collectedAmount - in72Amount],
      unclaimed: [all - collected, allAmount - collectedAmount],
    };
    return COLLECTION_RATE_CATEGORIES.map((category) => ({ currency, category, count: figures[category][0], amount: figures[category][1] }));
  });
  const total = currencies.reduce((sum, r) => sum + r.count, 0);
  const items = COLLECTION_RATE_CATEGORIES.map((category) => {
    const count = currencies.filter((r) => r.category === category).reduce((sum, r) => sum + r.count, 0);
    return { category, count, share: total ? count / total : 0 };
  });
  return { ...periodAnswer(period), total, items, currencies };
}

export const summaryRoutes: FastifyPluginAsync = async (app) => {
  // The status summary predates the dashboard: payout readers ask it too (its figures are those of the payouts
  // list they already see), and a SUPER_ADMIN, naming the customer.
  app.get<{ Querystring: SummaryQuery }>(
    '/summary/status',
    { config: { permissions: [...STATISTICS, 'payout.read', 'payout.manage'] }, schema: { querystring, response: { 200: statusResponse } } },
    async (request) => {
      const ctx = readContext(request, request.query.customerId);
      return statusSummary(ctx, await resolvePeriod(ctx, request.query));
    },
  );

  app.get<{ Querystring: SummaryQuery }>(
    '/summary/collectionRates',
    { config: { permissions: STATISTICS }, schema: { querystring, response: { 200: collectionRatesResponse } } },
    async (request) => {
      const ctx = readContext(request, request.query.customerId);
      return collectionRates(ctx, await resolvePeriod(ctx, request.query));
    },
  );
};
