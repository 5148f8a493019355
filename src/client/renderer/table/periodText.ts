// A period as the screen shows and takes it back (period.ts holds what start-up code needs): the days a filter value
// covers in the customer's zone, and what is wrong with two typed dates. A preset covers no days here: the server
// reads them (the table's first load stays without the presets' code).
import type { FilterValue, RangeFilter } from '../../../shared/list-query.ts';
import { dayOf, isCalendarDay, type Period } from './period.ts';

export function isDay(value: unknown): value is string {
  return typeof value === 'string' && isCalendarDay(value);
}

function isRange(value: FilterValue | undefined): value is RangeFilter {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The period a filter value holds, read back into days of the zone; undefined when it holds none. */
export function periodOf(value: FilterValue | undefined, timeZone: string): Partial<Period> | undefined {
  if (!isRange(value)) return undefined;
  const [from, to] = value.between ?? [value.gte ?? null, value.lte ?? null];
  const day = (bound: unknown) => {
    if (typeof bound !== 'string' && typeof bound !== 'number') return undefined;
    const date = new Date(bound);
    return Number.isNaN(date.getTime()) ? undefined : dayOf(date, timeZone);
  };
  return { from: day(from), to: day(to) };
}

/** What is wrong with a period typed into the period bar: a missing or unreadable day, or an end before the start. */
export function periodProblem(period: Partial<Period>): 'incomplete' | 'reversed' | undefined {
  if (!isDay(period.from) || !isDay(period.to)) return 'incomplete';
  return period.from > period.to ? 'reversed' : undefined;
}
