// The rules a new payout must meet beyond its money (DESIGN.md, "Decisions"): the program's budget per interval
// and the recipient's limits, both over calendar periods in the customer's TIME_ZONE (weeks from Monday). Used
// budget and limit usage count the payouts that are not CANCELLED, EXPIRED or RETURNED. The caller holds the
// program's and the recipient's rows locked (create.ts), so two creations never both see room for one.
import { sql, type RawBuilder } from 'kysely';
import { NOT_COUNTED_STATUSES } from '../../../shared/payouts.ts';
import type { BudgetInterval } from '../../db/types.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { getCustomerSetting } from '../../platform/settings.ts';
import { usedBudgetOfProgram } from './rollups.ts';

const TRUNC_UNIT: Record<Exclude<BudgetInterval, 'ONE_TIME'>, string> = {
  DAILY: 'day',
  WEEKLY: 'week', // PostgreSQL's weeks start on Monday (ISO)
  MONTHLY: 'month',
  QUARTERLY: 'quarter',
  YEARLY: 'year',
};

/** The start of the current interval in a time zone, as SQL (null for ONE_TIME: the program's whole life). */
export function intervalStart(interval: BudgetInterval, timeZone: string): RawBuilder<Date> | null {
  if (interval === 'ONE_TIME') return null;
  return sql<Date>`(date_trunc(${TRUNC_UNIT[interval]}, now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
}

const counted = sql`payouts.status NOT IN (${sql.join([...NOT_COUNTED_STATUSES])})`;

/**
 * The SQL of a program's used budget in its current interval, summed from its payouts: the rule itself. The product
 * reads it from the rollups (usedBudgetOfProgram, usedBudgets in rollups.ts); tests/api/budget-rollups.test.ts holds
 * the two equal in three zones for every interval.
 */
export function usedBudgetSql(programId: number, interval: BudgetInterval, timeZone: string): RawBuilder<number> {
  const since = intervalStart(interval, timeZone);
  return sql<number>`(SELECT COALESCE(sum(payouts.amount), 0)::bigint FROM payouts WHERE payouts.program_id = ${programId} AND ${counted} ${since ? sql`AND payouts.created_at >= ${since}` : sql``})`;
}

/** Refuses an amount the program's budget of the current interval cannot take ('The program's budget has been exceeded.'). */
export async function checkBudget(db: Db, program: { id: number; customer_id: number; budget: number; budget_interval: BudgetInterval }, amount: number, timeZone: string): Promise<void> {
  const used = await usedBudget(db, program, timeZone);
  if (used + amount > program.budget) throw new AppError(400, 'PROGRAM_BUDGET_EXCEEDED');
}

/** The customer's recipient limits, or null when PAYOUT_LIMIT_ENABLED is off. Thousandths. */
export async function recipientLimits(db: Db, customerId: number): Promise<{ perTransaction: number; monthly: number; yearly: number } | null> {
  if ((await getCustomerSetting(db, customerId, 'PAYOUT_LIMIT_ENABLED')) !== 'true') return null;
  const value = async (key: string) => {
    const n = Number(await getCustomerSetting(db, customerId, key));
    return Number.isSafeInteger(n) && n > 0 ? n : Number.MAX_SAFE_INTEGER;
  };
  return { perTransaction: await value('PAYOUT_PER_TRANSACTION_LIMIT'), monthly: await value('PAYOUT_MONTHLY_LIMIT'), yearly: await value('PAYOUT_YEARLY_LIMIT') };
}

/** Refuses an amount beyond the recipient's per-transaction, monthly or yearly limit (the spec's three messages). */
export async function checkLimits(db: Db, customerId: number, recipientId: number, amount: number, timeZone: string): Promise<void> {
  const limits = await recipientLimits(db, customerId);
  if (!limits) return;
  if (amount > limits.perTransaction) throw new AppError(400, 'PER_TRANSACTION_LIMIT_EXCEEDED');
  const { rows } = await sql<{ month: number; year: number }>`
    SELECT COALESCE(sum(amount) FILTER (WHERE created_at >= ${intervalStart('MONTHLY', timeZone)}), 0)::bigint AS month,
           COALESCE(sum(amount), 0)::bigint AS year
    FROM payouts
    WHERE recipient_id = ${recipientId} AND ${counted} AND created_at >= ${intervalStart('YEARLY', timeZone)}`.execute(db);
  const used = rows[0] ?? { month: 0, year: 0 };
  if (Number(used.month) + amount > limits.monthly) throw new AppError(400, 'MONTHLY_LIMIT_EXCEEDED');
  if (Number(used.year) + amount > limits.yearly) throw new AppError(400, 'YEARLY_LIMIT_EXCEEDED');
}

/** What each recipient has been paid in the current month and year (the limits' usage), by recipient id. */
export async function recipientsUsage(db: Db, recipientIds: readonly number[], timeZone: string): Promise<Map<number, { month: number; year: number }>> {
  const usage = new Map<number, { month: number; year: number }>();
  if (recipientIds.length === 0) return usage;
  const { rows } = await sql<{ recipient_id: number; month: number; year: number }>`
    SELECT recipient_id,
           COALESCE(sum(amount) FILTER (WHERE created_at >= ${intervalStart('MONTHLY', timeZone)}), 0)::bigint AS month,
           COALESCE(sum(amount), 0)::bigint AS year
    FROM payouts
    WHERE recipient_id = ANY(${[...recipientIds]}::int[]) AND ${counted} AND created_at >= ${intervalStart('YEARLY', timeZone)}
    GROUP BY recipient_id`.execute(db);
  for (const row of rows) usage.set(Number(row.recipient_id), { month: Number(row.month), year: Number(row.year) });
  return usage;
}

/** A program's used budget in its current interval, read from the rollups (rollups.ts, usedBudgetOfProgram). */
export async function usedBudget(db: Db, program: { id: number; customer_id: number; budget_interval: BudgetInterval }, timeZone: string): Promise<number> {
  const used = usedBudgetOfProgram({ id: program.id, customerId: program.customer_id, interval: program.budget_interval }, timeZone);
  const row = await sql<{ used: number }>`SELECT ${used} AS used`.execute(db);
  return Number(row.rows[0]?.used ?? 0);
}
