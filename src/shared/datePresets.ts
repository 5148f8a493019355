// The spec's date range choices and the days each names: whole calendar days of the customer's TIME_ZONE, counted
// from the day `now` falls on there. LAST_7_DAYS is today and the 6 days before, LAST_30_DAYS today and the 29
// before, THIS_MONTH the whole current month (its days still to come too), LAST_MONTH the whole month before it.
// ANOTHER_PERIOD is the two days the user types; ALL no bound at all. A filter value keeps the preset's name, not
// its days, so that an address stays relative: the server turns it into days when the request arrives (server
// toolkit list.ts), the dashboard when it asks for its figures.
import { fromWallTime, readWallTime } from './wallClock.ts';

export const DATE_PRESETS = ['LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH', 'ANOTHER_PERIOD', 'ALL'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The presets that name days relative to today: the ones a filter value holds (`{ preset: 'LAST_7_DAYS' }`). */
export const RELATIVE_PRESETS = ['LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH'] as const satisfies readonly DatePreset[];
export type RelativePreset = (typeof RELATIVE_PRESETS)[number];

export function isRelativePreset(value: unknown): value is RelativePreset {
  return (RELATIVE_PRESETS as readonly unknown[]).includes(value);
}

/** The first and the last day a preset names ('YYYY-MM-DD', both included), today being `today`. */
export function presetDays(preset: RelativePreset, today: string): { first: string; last: string } {
  const [y, m, d] = today.split('-').map(Number);
  // Date.UTC carries a day or a month out of range over (day 0 is the last day of the month before).
  const day = (month: number, date: number) => new Date(Date.UTC(y, month - 1, date)).toISOString().slice(0, 10);
  switch (preset) {
    case 'LAST_7_DAYS':
      return { first: day(m, d - 6), last: today };
    case 'LAST_30_DAYS':
      return { first: day(m, d - 29), last: today };
    case 'THIS_MONTH':
      return { first: day(m, 1), last: day(m + 1, 0) };
    case 'LAST_MONTH':
      return { first: day(m - 1, 1), last: day(m, 0) };
  }
}

/** The day after a day ('YYYY-MM-DD'). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instants of whole days of the zone: from the first moment of the first day (included) to the first moment of
 * the day after the last (excluded), midnights of the zone's wall clock (a day of a clock change is 23 or 25 hours).
 */
export function dayRange(first: string, last: string, timeZone: string): { from: Date; to: Date } {
  return { from: fromWallTime(`${first} 00:00:00`, timeZone), to: fromWallTime(`${nextDay(last)} 00:00:00`, timeZone) };
}

/** The instants a preset covers now in the zone (dayRange of its days). */
export function presetRange(preset: RelativePreset, now: Date, timeZone: string): { from: Date; to: Date } {
  const { first, last } = presetDays(preset, readWallTime(now, timeZone).slice(0, 10));
  return dayRange(first, last, timeZone);
}
