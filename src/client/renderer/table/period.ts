// The period of a table with `period` in its descriptor (an account's statement): a range of whole days of the
// customer's time zone, sent as ISO date-times from the first moment of the first day to the last moment of the last.
// Until the user picks one, the list shows the last `defaultMonths` months up to today; a period longer than
// `maxMonths` is refused here, before any request (the server refuses it too). Pure functions, free of React: start-up
// code sends a statement's first request with the same default period the screen then asks for, in the default zone
// (the user's zone is not known yet then; a customer of another zone has its screen ask again). What only the screen
// needs, reading a period back and checking typed dates, is in periodText.ts.
import { DEFAULT_TIME_ZONE } from '../../../shared/defaultTimeZone.ts';
import type { FilterValue, ListQuery, RangeFilter } from '../../../shared/list-query.ts';
import { periodExceedsMonths } from '../../../shared/period.ts';
import { fromWallTime, readWallTime } from '../../../shared/wallClock.ts';
import type { PeriodDescriptor } from '../descriptors.ts';

/** Whole days, "YYYY-MM-DD", both included. */
export interface Period {
  from: string;
  to: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of an instant in the zone, "YYYY-MM-DD". */
export function dayOf(instant: Date, timeZone: string): string {
  return readWallTime(instant, timeZone).slice(0, 10);
}

/** "YYYY-MM-DD" of a calendar date (UTC fields), whatever the zone. */
function calendarDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Whether the text is a day of the calendar ("2026-02-30" is not). */
export function isCalendarDay(day: string): boolean {
  const m = DAY.exec(day);
  return m !== null && calendarDay(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))) === day;
}

/** The instant of a wall-clock time ("hh:mm:ss") on a day of the zone; undefined for a day that is none. */
function instantOn(day: string, time: string, timeZone: string): Date | undefined {
  return isCalendarDay(day) ? fromWallTime(`${day} ${time}`, timeZone) : undefined;
}

/** The same day `months` months earlier, clamped to that month's length (31 March - 1 month -> 28/29 February). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 - months + 1, 0)).getUTCDate();
  return calendarDay(new Date(Date.UTC(y, m - 1 - months, Math.min(d, last))));
}

/** The last `months` months up to today (the zone's today). */
export function defaultPeriod(months: number, now: Date, timeZone: string): Period {
  const today = dayOf(now, timeZone);
  return { from: monthsBefore(today, months), to: today };
}

/** The filter value of a period: from the first moment of `from` to the last moment of `to` in the zone, as ISO. */
export function periodFilter(period: Period, timeZone = DEFAULT_TIME_ZONE): RangeFilter {
  const start = instantOn(period.from, '00:00:00', timeZone);
  const end = instantOn(period.to, '23:59:59', timeZone);
  return { between: [start ? start.toISOString() : null, end ? new Date(end.getTime() + 999).toISOString() : null] };
}

/** The query with the default period where the address names none. */
export function withDefaultPeriod(query: ListQuery, descriptor: PeriodDescriptor, now = new Date(), timeZone = DEFAULT_TIME_ZONE): ListQuery {
  if (query.options[descriptor.field] !== undefined) return query;
  return { ...query, options: { ...query.options, [descriptor.field]: periodFilter(defaultPeriod(descriptor.defaultMonths, now, timeZone), timeZone) } };
}

/** Whether the query's period is longer than the descriptor allows. */
export function periodTooLong(options: Record<string, FilterValue>, descriptor: PeriodDescriptor): boolean {
  const value = options[descriptor.field];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const [from, to] = value.between ?? [value.gte ?? null, value.lte ?? null];
  return periodExceedsMonths(from === null ? null : String(from), to === null ? null : String(to), descriptor.maxMonths);
}
