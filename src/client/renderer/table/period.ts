// The period of a table with `period` in its descriptor (an account's statement): a range of whole days in the
// browser's time zone, sent as ISO date-times from the first moment of the first day to the last moment of the last.
// Until the user picks one, the list shows the last `defaultMonths` months up to today; a period longer than
// `maxMonths` is refused here, before any request (the server refuses it too). Pure functions, free of React: start-up
// code sends a statement's first request with the same default period the screen then asks for (what only the
// screen needs, reading a period back and checking typed dates, is in periodText.ts).
import type { FilterValue, ListQuery, RangeFilter } from '../../../shared/list-query.ts';
import { periodExceedsMonths } from '../../../shared/period.ts';
import type { PeriodDescriptor } from '../descriptors.ts';

/** Whole days, "YYYY-MM-DD", both included. */
export interface Period {
  from: string;
  to: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local date as "YYYY-MM-DD". */
export function dayOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function localDate(day: string, hours: number, minutes: number, seconds: number, ms: number): Date | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hours, minutes, seconds, ms);
  return dayOf(date) === day ? date : undefined;
}

/** The same day `months` months earlier, clamped to that month's length (31 March - 1 month -> 28/29 February). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(y, m - 1 - months + 1, 0).getDate();
  return dayOf(new Date(y, m - 1 - months, Math.min(d, last)));
}

/** The last `months` months up to today. */
export function defaultPeriod(months: number, now = new Date()): Period {
  const today = dayOf(now);
  return { from: monthsBefore(today, months), to: today };
}

/** The filter value of a period: from the first moment of `from` to the last moment of `to`, local time, as ISO. */
export function periodFilter(period: Period): RangeFilter {
  const start = localDate(period.from, 0, 0, 0, 0);
  const end = localDate(period.to, 23, 59, 59, 999);
  return { between: [start ? start.toISOString() : null, end ? end.toISOString() : null] };
}

/** The query with the default period where the address names none. */
export function withDefaultPeriod(query: ListQuery, descriptor: PeriodDescriptor, now = new Date()): ListQuery {
  if (query.options[descriptor.field] !== undefined) return query;
  return { ...query, options: { ...query.options, [descriptor.field]: periodFilter(defaultPeriod(descriptor.defaultMonths, now)) } };
}

/** Whether the query's period is longer than the descriptor allows. */
export function periodTooLong(options: Record<string, FilterValue>, descriptor: PeriodDescriptor): boolean {
  const value = options[descriptor.field];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const [from, to] = value.between ?? [value.gte ?? null, value.lte ?? null];
  return periodExceedsMonths(from === null ? null : String(from), to === null ? null : String(to), descriptor.maxMonths);
}
