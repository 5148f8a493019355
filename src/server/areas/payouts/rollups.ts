// The dashboard's figures of a period read from the rollups kept in advance (migrations 030 and 033): a period is cut
// into whole UTC buckets, read from payout_rollups (days, months, years) or payout_recipient_rollups (months,
// quarters, years), and the hours at its edges, read from the payouts themselves. An edge may lie either side of the
// bucket boundary nearest to it, so a piece is added or taken away (sign +1 or -1); a period starting at 23:00 UTC (a
// Warsaw midnight) is its UTC day, month, quarter or year, plus the hour before it, less the hour at its end. Every
// time zone and every explicit range stays exact; the buckets only make it fast.
import { sql, type RawBuilder } from 'kysely';
import { COLLECTION_RATE_BOUNDS_HOURS, periodOf, periodRange } from '../../../shared/dashboard.ts';
import { NOT_COUNTED_STATUSES } from '../../../shared/payouts.ts';
import { BUDGET_INTERVALS } from '../../../shared/programs.ts';
import { fromWallTime, toWallTime } from '../../../shared/zonedTime.ts';
import type { BudgetInterval } from '../../db/types.ts';
import { customersByTimeZone } from '../../platform/settings.ts';
import { tenantCondition, type RequestContext } from '../../toolkit/index.ts';
import type { ResolvedPeriod } from './summaryPeriod.ts';

type Grain = 'year' | 'quarter' | 'month' | 'day';

/** A part of a period: whole buckets of a grain, or (grain null) the payouts themselves; added or taken away. */
interface PeriodPiece {
  grain: Grain | null;
  from: Date | null;
  to: Date | null;
  sign: 1 | -1;
}

const DAY_MS = 86_400_000;

/** How far a period's end may lie from a bucket boundary for the bucket to be used: a day covers every zone's offset. */
const EDGE_TOLERANCE_MS: Record<Grain, number> = { year: DAY_MS, quarter: DAY_MS, month: DAY_MS, day: DAY_MS / 2 };

function floorTo(grain: Grain, t: number): number {
  const d = new Date(t);
  if (grain === 'year') return Date.UTC(d.getUTCFullYear(), 0, 1);
  if (grain === 'quarter') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 1);
  if (grain === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return Math.floor(t / DAY_MS) * DAY_MS;
}

function nextBoundary(grain: Grain, boundary: number): number {
  const d = new Date(boundary);
  if (grain === 'year') return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  if (grain === 'quarter') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3, 1);
  if (grain === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return boundary + DAY_MS;
}

function nearest(grain: Grain, t: number): number {
  const before = floorTo(grain, t);
  const after = nextBoundary(grain, before);
  return t - before <= after - t ? before : after;
}

/** The part between two instants in either order: added when `a` comes first, taken away otherwise. */
function edge(a: number, b: number): PeriodPiece[] {
  if (a === b) return [];
  return a < b ? [{ grain: null, from: new Date(a), to: new Date(b), sign: 1 }] : [{ grain: null, from: new Date(b), to: new Date(a), sign: -1 }];
}

/**
 * The pieces of [from, to) (null: open) over the grains a rollup keeps, coarsest first: the coarsest grain whose
 * boundaries lie within a day of both ends (half a day for days, i.e. always), the rest from the payouts. An open
 * end takes whole buckets of the coarsest grain up to the other end's bucket.
 */
export function periodPieces(from: Date | null, to: Date | null, grains: readonly Grain[]): PeriodPiece[] {
  const coarsest = grains[0];
  if (from === null || to === null) {
    if (coarsest === undefined || (from === null && to === null)) return [{ grain: coarsest ?? null, from: null, to: null, sign: 1 }];
    if (from === null) {
      const start = floorTo(coarsest, (to as Date).getTime());
      return [{ grain: coarsest, from: null, to: new Date(start), sign: 1 }, ...(start < (to as Date).getTime() ? periodPieces(new Date(start), to, grains) : [])];
    }
    const floor = floorTo(coarsest, from.getTime());
    const end = floor === from.getTime() ? floor : nextBoundary(coarsest, floor);
    return [...(from.getTime() < end ? periodPieces(from, new Date(end), grains) : []), { grain: coarsest, from: new Date(end), to: null, sign: 1 }];
  }
  const [a, b] = [from.getTime(), to.getTime()];
  for (const grain of grains) {
    const [start, end] = [nearest(grain, a), nearest(grain, b)];
    const tolerance = EDGE_TOLERANCE_MS[grain];
    if (start < end && Math.abs(a - start) <= tolerance && Math.abs(b - end) <= tolerance) {
      return [{ grain, from: new Date(start), to: new Date(end), sign: 1 }, ...edge(a, start), ...edge(end, b)];
    }
  }
  return [{ grain: null, from, to, sign: 1 }];
}

/** `column` within the piece's instants, as SQL. */
function within(column: string, piece: PeriodPiece): RawBuilder<unknown> {
  const parts = [...(piece.from ? [sql`${sql.ref(column)} >= ${piece.from}`] : []), ...(piece.to ? [sql`${sql.ref(column)} < ${piece.to}`] : [])];
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** The request's tenancy over a table's customer_id (TRUE for a SUPER_ADMIN naming no customer). */
function tenancyOf(ctx: RequestContext, table: string): RawBuilder<unknown> {
  return sql`${tenantCondition(ctx, { column: `${table}.customer_id` }) ?? sql`TRUE`}`;
}

const STATUS_GRAINS: readonly Grain[] = ['year', 'month', 'day'];
const RECIPIENT_GRAINS: readonly Grain[] = ['year', 'quarter', 'month'];

/** The figures payout_rollups keeps, in its column order; what the payouts give for each, signed. */
export const FIGURES = ['count', 'amount', 'collected_count', 'collected_amount', ...COLLECTION_RATE_BOUNDS_HOURS.flatMap((h) => [`collected_${h}h_count`, `collected_${h}h_amount`])];

function figuresOfPayouts(sign: number): RawBuilder<unknown>[] {
  const signed = (sum: RawBuilder<unknown>) => sql`(${sql.lit(sign)} * ${sum})::bigint`;
  const of = (condition: RawBuilder<unknown>) => [signed(sql`count(*) FILTER (WHERE ${condition})`), signed(sql`COALESCE(sum(payouts.amount) FILTER (WHERE ${condition}), 0)`)];
  const sums = [
    ...of(sql`TRUE`),
    ...of(sql`payouts.collected_at IS NOT NULL`),
    ...COLLECTION_RATE_BOUNDS_HOURS.flatMap((hours) => of(sql`payouts.collected_at < GREATEST(payouts.created_at, payouts.start_date) + ${sql.lit(`${hours} hours`)}::interval`)),
  ];
  return sums.map((sum, i) => sql`${sum} AS ${sql.ref(FIGURES[i])}`);
}

/**
 * The signed figures of the request's payouts created in the period, as a derived table of (program_id, currency,
 * status, count, amount, collected_count, collected_amount, collected_{24,48,72}h_count and _amount): summed per
 * group, they are the figures of the period. A group may sum to nothing (count 0), which the reader leaves out.
 * With `customerIds`, of those customers' payouts only.
 */
export function periodFigures(ctx: RequestContext, period: ResolvedPeriod, customerIds?: readonly number[]): RawBuilder<unknown> {
  // Named customers keep each piece on the indexes that lead with the customer, as one customer's tenancy does.
  const of = (table: string) => (customerIds ? sql`${tenancyOf(ctx, table)} AND ${sql.ref(`${table}.customer_id`)} = ANY(${[...customerIds]}::int[])` : tenancyOf(ctx, table));
  const parts = periodPieces(period.from, period.to, STATUS_GRAINS).map((piece) => {
    if (piece.grain === null) {
      return sql`SELECT payouts.program_id, payouts.currency, payouts.status, ${sql.join(figuresOfPayouts(piece.sign))}
        FROM payouts WHERE ${of('payouts')} AND ${within('payouts.created_at', piece)}
        GROUP BY payouts.program_id, payouts.currency, payouts.status`;
    }
    const columns = FIGURES.map((name) => sql`${sql.lit(piece.sign)} * r.${sql.ref(name)} AS ${sql.ref(name)}`);
    return sql`SELECT r.program_id, r.currency, r.status, ${sql.join(columns)}
      FROM payout_rollups r WHERE ${of('r')} AND r.grain = ${piece.grain} AND ${within('r.bucket', piece)}`;
  });
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}

/** The signed sums per recipient and currency of one piece of a period, of the payouts the budgets count. */
function recipientPieceRows(ctx: RequestContext, piece: PeriodPiece, currency?: string): RawBuilder<unknown> {
  if (piece.grain === null) {
    return sql`SELECT payouts.recipient_id, payouts.currency, (${sql.lit(piece.sign)} * count(*))::bigint AS count,
             (${sql.lit(piece.sign)} * sum(payouts.amount))::bigint AS amount
      FROM payouts
      WHERE ${tenancyOf(ctx, 'payouts')} AND ${within('payouts.created_at', piece)} AND payouts.status NOT IN (${sql.join([...NOT_COUNTED_STATUSES])})
        ${currency ? sql`AND payouts.currency = ${currency}` : sql``}
      GROUP BY payouts.recipient_id, payouts.currency`;
  }
  return sql`SELECT r.recipient_id, r.currency, ${sql.lit(piece.sign)} * r.count AS count, ${sql.lit(piece.sign)} * r.amount AS amount
    FROM payout_recipient_rollups r
    WHERE ${tenancyOf(ctx, 'r')} AND r.grain = ${piece.grain} AND ${within('r.bucket', piece)} ${currency ? sql`AND r.currency = ${currency}` : sql``}`;
}

/**
 * The top `limit` recipients of each currency (or of the one asked for) by the sum of the payouts the budgets count
 * created in the period, as a derived table of (recipient_id, currency, rank, count, amount); ties to the lower id.
 *
 * A month, a quarter or a year of one customer is one bucket and its edges: every recipient outside the edges has
 * the bucket's figures, read in order from payout_recipient_rollups_top_idx a few entries deep; those in the edges
 * are added up apart; the top of both together is exact. Any other period sums every recipient's pieces, then ranks
 * them.
 */
export function topRecipients(ctx: RequestContext, period: ResolvedPeriod, limit: number, currency?: string): RawBuilder<unknown> {
  const pieces = periodPieces(period.from, period.to, RECIPIENT_GRAINS);
  const [block, ...edges] = pieces;
  const oneBucket =
    ctx.customerId !== null && block.grain !== null && block.from && block.to && nextBoundary(block.grain, block.from.getTime()) === block.to.getTime() && edges.every((e) => e.grain === null);
  const ranked = (candidates: RawBuilder<unknown>) => sql`(
    SELECT c.recipient_id, c.currency, row_number() OVER (PARTITION BY c.currency ORDER BY c.amount DESC, c.recipient_id)::int AS rank, c.count::int AS count, c.amount
    FROM ${candidates} c)`;
  if (!oneBucket) {
    const sums = sql`(SELECT f.recipient_id, f.currency, sum(f.count)::bigint AS count, sum(f.amount)::bigint AS amount
      FROM (${sql.join(pieces.map((piece) => recipientPieceRows(ctx, piece, currency)), sql` UNION ALL `)}) f
      GROUP BY f.recipient_id, f.currency HAVING sum(f.count) <> 0)`;
    return sql`(SELECT * FROM ${ranked(sums)} t WHERE t.rank <= ${limit})`;
  }
  const bucket = sql`b.customer_id = ${ctx.customerId} AND b.grain = ${block.grain} AND b.bucket = ${block.from}`;
  const edgeSums = edges.length
    ? sql`SELECT e.recipient_id, e.currency, sum(e.count)::bigint AS count, sum(e.amount)::bigint AS amount
        FROM (${sql.join(edges.map((piece) => recipientPieceRows(ctx, piece, currency)), sql` UNION ALL `)}) e GROUP BY e.recipient_id, e.currency`
    : sql`SELECT NULL::int AS recipient_id, NULL::text AS currency, 0::bigint AS count, 0::bigint AS amount WHERE FALSE`;
  // The bucket's currencies, from the few rows of the status rollup within it (which keeps no quarters: its months).
  const statusGrain = block.grain === 'quarter' ? 'month' : block.grain;
  const currencies = sql`SELECT DISTINCT s.currency FROM payout_rollups s
    WHERE s.customer_id = ${ctx.customerId} AND s.grain = ${statusGrain} AND ${within('s.bucket', block)} ${currency ? sql`AND s.currency = ${currency}` : sql``}`;
  const candidates = sql`(
    WITH edges AS MATERIALIZED (${edgeSums})
    SELECT e.recipient_id, e.currency, e.count + COALESCE(b.count, 0) AS count, e.amount + COALESCE(b.amount, 0) AS amount
    FROM edges e LEFT JOIN payout_recipient_rollups b ON ${bucket} AND b.currency = e.currency AND b.recipient_id = e.recipient_id
    WHERE e.count + COALESCE(b.count, 0) <> 0
    UNION ALL
    SELECT t.recipient_id, c.currency, t.count, t.amount
    FROM (${currencies}) c
    CROSS JOIN LATERAL (
      SELECT b.recipient_id, b.count, b.amount FROM payout_recipient_rollups b
      WHERE ${bucket} AND b.currency = c.currency AND b.count <> 0
        AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.recipient_id = b.recipient_id AND e.currency = b.currency)
      ORDER BY b.amount DESC, b.recipient_id
      LIMIT ${limit}
    ) t)`;
  return sql`(SELECT * FROM ${ranked(candidates)} t WHERE t.rank <= ${limit})`;
}

/**
 * The first instant of the budget interval running now in the zone (null for ONE_TIME: the program's whole life):
 * the rule of intervalStart (rules.ts), weeks from Monday, worked out here so that the rollups can be read for it.
 */
export function usedBudgetSince(interval: BudgetInterval, timeZone: string, now = new Date()): Date | null {
  if (interval === 'ONE_TIME') return null;
  if (interval === 'DAILY') return fromWallTime(`${toWallTime(now, timeZone).slice(0, 10)} 00:00:00`, timeZone);
  return periodRange(periodOf(interval, now, timeZone), timeZone).from;
}

/**
 * One program's used budget in its current interval (rules.ts's usedBudgetSql over the program's payouts) from the
 * rollups: the interval's whole buckets and the hours at its start, a few rows however many payouts the program holds.
 * A new payout's and an import's budget check read it with the program's row locked, as they read the payouts.
 */
export function usedBudgetOfProgram(program: { id: number; customerId: number; interval: BudgetInterval }, timeZone: string, now = new Date()): RawBuilder<number> {
  const counted = (column: string) => sql`${sql.ref(column)} NOT IN (${sql.join([...NOT_COUNTED_STATUSES])})`;
  const parts = periodPieces(usedBudgetSince(program.interval, timeZone, now), null, STATUS_GRAINS).map((piece) =>
    piece.grain === null
      ? sql`SELECT ${sql.lit(piece.sign)} * COALESCE(sum(payouts.amount), 0) AS amount FROM payouts
          WHERE payouts.program_id = ${program.id} AND ${counted('payouts.status')} AND ${within('payouts.created_at', piece)}`
      : sql`SELECT ${sql.lit(piece.sign)} * COALESCE(sum(r.amount), 0) AS amount FROM payout_rollups r
          WHERE r.customer_id = ${program.customerId} AND r.grain = ${piece.grain} AND ${within('r.bucket', piece)}
            AND r.program_id = ${program.id} AND ${counted('r.status')}`,
  );
  return sql<number>`(SELECT COALESCE(sum(u.amount), 0)::bigint FROM (${sql.join(parts, sql` UNION ALL `)}) u)`;
}

/**
 * Each program's used budget (the payouts the budgets count, created since its current interval began: rules.ts's
 * usedBudgetSql) from the rollups, as a derived table of (program_id, used) over the request's programs; with
 * `customerIds`, over those customers' programs only (all of them in `timeZone`).
 */
export function usedBudgets(ctx: RequestContext, timeZone: string, customerIds?: readonly number[]): RawBuilder<unknown> {
  const customers = customerIds ? sql`AND programs.customer_id = ANY(${[...customerIds]}::int[])` : sql``;
  const parts = BUDGET_INTERVALS.map(
    (interval) => sql`SELECT f.program_id, f.amount FROM ${periodFigures(ctx, { from: usedBudgetSince(interval, timeZone), to: null, timeZone }, customerIds)} f
      WHERE f.status NOT IN (${sql.join([...NOT_COUNTED_STATUSES])})
        AND f.program_id IN (SELECT programs.id FROM programs WHERE programs.budget_interval = ${interval} AND ${tenancyOf(ctx, 'programs')} ${customers})`,
  );
  return sql`(SELECT u.program_id, sum(u.amount)::bigint AS used FROM (${sql.join(parts, sql` UNION ALL `)}) u GROUP BY u.program_id)`;
}

/**
 * usedBudgets across every customer (a SUPER_ADMIN naming none): each customer's programs in the customer's own
 * zone, one usedBudgets per zone the customers have.
 */
export async function usedBudgetsOfEveryCustomer(ctx: RequestContext): Promise<RawBuilder<unknown>> {
  const zones = [...(await customersByTimeZone(ctx.db))];
  if (zones.length === 0) return sql`(SELECT NULL::int AS program_id, 0::bigint AS used WHERE FALSE)`;
  return sql`(${sql.join(zones.map(([zone, ids]) => sql`SELECT * FROM ${usedBudgets(ctx, zone, ids)} z`), sql` UNION ALL `)})`;
}
