// Periods of time given as two ISO date-times (a statement's, a list's date filter), measured in calendar months.
// Pure and free of time zones: the browser and the server read the same two instants the same way.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * How far the end may pass the limit: the end day counts whole (a period picked as 15 January to 15 April ends at
 * the last moment of 15 April), and a change of the UTC offset between the two ends (summer time) moves it by up
 * to an hour or two.
 */
const END_DAY_SLACK_MS = DAY_MS + 2 * HOUR_MS;

/** The same instant `months` calendar months later (UTC calendar), its day clamped to that month's length. */
export function addCalendarMonths(instant: Date, months: number): Date {
  const result = new Date(instant.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

/**
 * Whether the period from `from` to `to` (ISO date-times) is longer than `months` calendar months, its last day
 * counted whole: 15 January to 15 April is three months, 15 January to 16 April is longer. Unreadable or missing
 * ends are not judged here (false).
 */
export function periodExceedsMonths(from: string | null | undefined, to: string | null | undefined, months: number): boolean {
  const start = typeof from === 'string' ? Date.parse(from) : NaN;
  const end = typeof to === 'string' ? Date.parse(to) : NaN;
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  return end - addCalendarMonths(new Date(start), months).getTime() >= END_DAY_SLACK_MS;
}
