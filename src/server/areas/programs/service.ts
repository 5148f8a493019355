// Programs: a named budget in one currency. The budget may never drop below what is used; the check
// runs against the row locked for the update, so a parallel payout cannot slip past it.
import { fieldFailure } from '../../errors.ts';
import type { AnyRow, RequestContext, Scope } from '../../toolkit/index.ts';
import { toCustomLink } from '../../../shared/validation/rules.ts';

/** Programs belong to a customer. */
export const programScope: Scope = { tenancy: { column: 'programs.customer_id' } };

/** The program's link is stored in its canonical form, or not at all. */
export function tidyProgram(_ctx: RequestContext, values: AnyRow, body: AnyRow): void {
  values.url = typeof body.url === 'string' && body.url.trim() ? toCustomLink(body.url) || null : null;
}

/** The budget covers what is used; the currency changes only while nothing is used. */
export function checkBudget(_ctx: RequestContext, existing: AnyRow, values: AnyRow): void {
  if (Number(values.budget) < Number(existing.used_budget)) throw fieldFailure('budget', 'BUDGET_BELOW_USED');
  if (values.currency !== existing.currency && Number(existing.used_budget) > 0) throw fieldFailure('currency', 'INVALID_VALUE');
}
