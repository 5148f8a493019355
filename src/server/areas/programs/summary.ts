// GET /api/payout/program/summary?programIds&period&year&number|from&to&customerId (statistics): the dashboard's
// Selected Programs and Average Payout Amount per Program in one answer (contract: ProgramSummaryRow in
// src/shared/dashboard.ts), since both are figures of the same programs over the same payouts. The payouts are
// aggregated once per program over the period (kept in advance: payouts/rollups.ts), then joined to the programs;
// the used budget is the budget check's rule (usedBudgetSql) for each program's interval, read from the rollups too.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { NOT_COUNTED_STATUSES } from '../../../shared/payouts.ts';
import { PROGRAM_SUMMARY_MAX_IDS, type ProgramSummaryAnswer, type ProgramSummaryRow, type SummaryQuery } from '../../../shared/dashboard.ts';
import { tenantCondition, type RequestContext } from '../../toolkit/index.ts';
import { STATISTICS, withoutJit } from '../payouts/summary.ts';
import { periodFigures, usedBudgets } from '../payouts/rollups.ts';
import { periodAnswer, resolvePeriod, summaryAnswerSchema, summaryQuerystring, summaryRow, type ResolvedPeriod } from '../payouts/summaryPeriod.ts';
import { programScope } from './service.ts';
import { readContext } from '../../toolkit/readContext.ts';

type Query = SummaryQuery & { programIds?: string };

const ID = '[1-9][0-9]{0,9}';
const querystring = summaryQuerystring({
  // The programs chosen on the dashboard, by id, comma-separated ("3,7"), at most PROGRAM_SUMMARY_MAX_IDS; absent:
  // every program of the customer.
  programIds: { type: 'string', pattern: `^${ID}(,${ID}){0,${PROGRAM_SUMMARY_MAX_IDS - 1}}$` },
});

const integer = { type: 'integer' };
const response = summaryAnswerSchema(
  summaryRow({
    id: integer,
    name: { type: 'string' },
    currency: { type: 'string' },
    budget: integer,
    budgetInterval: { type: 'string' },
    usedBudget: integer,
    payoutsCount: integer,
    payoutsAmount: integer,
    collectedCount: integer,
    collectedAmount: integer,
    averageAmount: { type: ['integer', 'null'] },
  }),
);

/** The ids of `programIds`, each once. */
function programIdsOf(text: string | undefined): number[] | null {
  return text === undefined ? null : [...new Set(text.split(',').map(Number))];
}

/**
 * The programs the request may see (those named, or all), by name. A named program that does not exist or is
 * another customer's is left out rather than refused: the dashboard keeps its choice while programs come and go.
 */
async function programSummary(ctx: RequestContext, period: ResolvedPeriod, ids: number[] | null): Promise<ProgramSummaryAnswer> {
  const only = (column: string) => (ids ? sql`AND ${sql.ref(column)} IN (${sql.join(ids)})` : sql``);
  const programsTenancy = tenantCondition(ctx, programScope.tenancy) ?? sql`TRUE`;
  const statement = sql<{
    id: number;
    name: string;
    currency: string;
    budget: string;
    budget_interval: string;
    used_budget: string;
    payouts_count: number;
    payouts_amount: string;
    collected_count: number;
    collected_amount: string;
  }>`
    WITH figures AS (
      SELECT f.program_id,
             sum(f.count)::int AS payouts_count,
             sum(f.amount)::bigint AS payouts_amount,
             sum(f.collected_count)::int AS collected_count,
             sum(f.collected_amount)::bigint AS collected_amount
      FROM ${periodFigures(ctx, period)} f
      WHERE f.status NOT IN (${sql.join([...NOT_COUNTED_STATUSES])}) ${only('f.program_id')}
      GROUP BY f.program_id
    )
    SELECT programs.id, programs.name, programs.currency, programs.budget, programs.budget_interval,
           COALESCE(used.used, 0) AS used_budget,
           COALESCE(figures.payouts_count, 0) AS payouts_count, COALESCE(figures.payouts_amount, 0) AS payouts_amount,
           COALESCE(figures.collected_count, 0) AS collected_count, COALESCE(figures.collected_amount, 0) AS collected_amount
    FROM programs LEFT JOIN figures ON figures.program_id = programs.id LEFT JOIN ${usedBudgets(ctx, period.timeZone)} used ON used.program_id = programs.id
    WHERE ${programsTenancy} ${only('programs.id')}
    ORDER BY lower(programs.name), programs.id`;
  const { rows } = await withoutJit(ctx, (trx) => statement.execute(trx.db));
  const items: ProgramSummaryRow[] = rows.map((r) => {
    const payoutsAmount = Number(r.payouts_amount);
    return {
      id: Number(r.id),
      name: r.name,
      currency: r.currency,
      budget: Number(r.budget),
      budgetInterval: r.budget_interval,
      usedBudget: Number(r.used_budget),
      payoutsCount: r.payouts_count,
      payoutsAmount,
      collectedCount: r.collected_count,
      collectedAmount: Number(r.collected_amount),
      averageAmount: r.payouts_count ? Math.round(payoutsAmount / r.payouts_count) : null,
    };
  });
  return { ...periodAnswer(period), items };
}

export const programSummaryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Query }>('/summary', { config: { permissions: STATISTICS }, schema: { querystring, response: { 200: response } } }, async (request) => {
    const ctx = readContext(request, request.query.customerId);
    const ids = programIdsOf(request.query.programIds);
    return programSummary(ctx, await resolvePeriod(ctx, request.query), ids);
  });
};
