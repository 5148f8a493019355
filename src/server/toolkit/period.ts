// A list over time with a period of its own: a date-time range filter that has a default when the request
// names none, and a longest length it may not pass (an account's statement: the last month unless asked
// otherwise, at most 3 months). A list route takes it as its `prepareFilters` (list.ts); the filter schema
// gives the range's ends as ISO date-times. An end left open is filled in: the end is now, the start is the
// default length before the end.
import { addCalendarMonths } from '../../shared/period.ts';
import { isRangeFilter, rangeBounds, type FilterValue } from '../../shared/list-query.ts';
import { fieldFailure } from '../errors.ts';
import type { RequestContext } from './context.ts';

export interface PeriodRule {
  /** The range filter's name (an entity field, e.g. `createdAt`). */
  field: string;
  /** The period without a start: this many calendar months before its end. */
  defaultMonths: number;
  /** Whether a period (ISO date-times) is longer than allowed. */
  tooLong(from: string, to: string): boolean;
  /** The refusal of a period that is too long. */
  refusal(): Error;
  /** The clock (tests). */
  now?(): Date;
}

/** The period a request asks for, with its open ends filled in, as ISO date-times. */
function periodOf(rule: PeriodRule, value: FilterValue | undefined): { from: string; to: string } {
  const { from, to } = value !== undefined && isRangeFilter(value) ? rangeBounds(value) : {};
  const end = to !== undefined ? new Date(to) : (rule.now?.() ?? new Date());
  const start = from !== undefined ? new Date(from) : addCalendarMonths(end, -rule.defaultMonths);
  // The filter schema admits only date-times; a bound that is no date all the same is the caller's input.
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw fieldFailure(rule.field, 'INVALID_DATE');
  return { from: start.toISOString(), to: end.toISOString() };
}

/** The `prepareFilters` of a list route: the period filled in, or refused when it is too long. */
export function periodFilter(rule: PeriodRule): (filters: Record<string, FilterValue>, ctx: RequestContext) => Record<string, FilterValue> {
  return (filters) => {
    const { from, to } = periodOf(rule, filters[rule.field]);
    if (rule.tooLong(from, to)) throw rule.refusal();
    return { ...filters, [rule.field]: { between: [from, to] } };
  };
}
