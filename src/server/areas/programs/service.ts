// Programs: a named budget in one currency. The budget may never drop below what is used; the check
// runs against the row locked for the update, so a parallel payout cannot slip past it.
import { sql } from 'kysely';
import type { BudgetInterval } from '../../db/types.ts';
import { fieldFailure } from '../../errors.ts';
import { customerTimeZone } from '../../platform/settings.ts';
import { usedBudgetOfProgram } from '../payouts/rollups.ts';
import type { AnyRow, RequestContext, Scope } from '../../toolkit/index.ts';
import { RESERVED_PROGRAM_URLS } from '../../../shared/reservedUrls.ts';
import { toCustomLink } from '../../../shared/validation/rules.ts';

/** Programs belong to a customer. */
export const programScope: Scope = { tenancy: { column: 'programs.customer_id' } };

/** The program's link is stored in its canonical form, or not at all; a customer's own page keeps its address. */
export function tidyProgram(_ctx: RequestContext, values: AnyRow, body: AnyRow): void {
  values.url = typeof body.url === 'string' && body.url.trim() ? toCustomLink(body.url) || null : null;
  if (typeof values.url === 'string' && RESERVED_PROGRAM_URLS.includes(values.url)) throw fieldFailure('url', 'PROGRAM_URL_RESERVED');
}

/**
 * The budget covers what the program's payouts of the current interval use (its row is locked, and a new payout
 * locks it too); the currency changes only while the program has no payouts at all.
 */
export async function checkBudget(ctx: RequestContext, existing: AnyRow, values: AnyRow): Promise<void> {
  const timeZone = await customerTimeZone(ctx.db, existing.customer_id as number);
  const usedSql = usedBudgetOfProgram({ id: existing.id as number, customerId: existing.customer_id as number, interval: existing.budget_interval as BudgetInterval }, timeZone);
  const { rows } = await sql<{ used: number; any: boolean }>`
    SELECT ${usedSql} AS used, EXISTS (SELECT 1 FROM payouts WHERE program_id = ${existing.id as number}) AS any`.execute(ctx.db);
  const used = Number(rows[0]?.used ?? 0);
  if (Number(values.budget) < used) throw fieldFailure('budget', 'BUDGET_BELOW_USED');
  if (values.currency !== existing.currency && rows[0]?.any) throw fieldFailure('currency', 'INVALID_VALUE');
}
