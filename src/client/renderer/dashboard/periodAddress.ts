// The dashboard's period in the address (`?period=MONTHLY&year=2026&number=11`), so that a link or a reload shows
// the same figures. An address naming no period, or one that does not exist, shows the current period of the
// screen's default kind in the customer's time zone. A date range choice (src/shared/datePresets.ts) is kept by its
// name (`?period=LAST_7_DAYS`, `?period=ALL`), so that it stays relative; "Another period" with its two days
// (`?period=ANOTHER_PERIOD&from=2026-03-01&to=2026-03-15`).
import { isValidPeriod, periodOf, periodQuery, REPORTING_PERIODS, type DashboardPeriod, type ReportingPeriod } from '../../../shared/dashboard.ts';
import { dayRange, isRelativePreset, presetRange, type DatePreset } from '../../../shared/datePresets.ts';

const PERIOD_KEYS = ['period', 'year', 'number', 'from', 'to'] as const;

/** A date range shown instead of a calendar period: a preset, or the first and last day of "Another period". */
export interface DashboardRange {
  preset: DatePreset;
  first?: string;
  last?: string;
}

/** What the dashboard shows figures of. */
export type DashboardView = DashboardPeriod | DashboardRange;

export function isRangeView(view: DashboardView): view is DashboardRange {
  return 'preset' in view;
}

/** A day of the calendar, "YYYY-MM-DD" ("2026-02-30" is none). */
function isDay(text: string | null): text is string {
  return text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

function integer(text: string | null): number | undefined {
  return text !== null && /^\d{1,4}$/.test(text) ? Number(text) : undefined;
}

/** The period the address names, or the current one of `fallback`'s kind (or of the kind it names). */
export function readPeriod(params: URLSearchParams, fallback: ReportingPeriod, now: Date, timeZone: string): DashboardPeriod {
  const named = params.get('period');
  const kind = (REPORTING_PERIODS as readonly string[]).includes(named ?? '') ? (named as ReportingPeriod) : fallback;
  const year = integer(params.get('year'));
  const number = integer(params.get('number'));
  if (year !== undefined) {
    const candidate: DashboardPeriod = kind === 'YEARLY' ? { period: kind, year } : { period: kind, year, number };
    if (isValidPeriod(candidate)) return candidate;
  }
  return periodOf(kind, now, timeZone);
}

/** What the address names: a date range choice, else its period (readPeriod); "Another period" needs two days in order. */
export function readView(params: URLSearchParams, fallback: ReportingPeriod, now: Date, timeZone: string): DashboardView {
  const named = params.get('period');
  if (named === 'ALL' || isRelativePreset(named)) return { preset: named };
  const [first, last] = [params.get('from'), params.get('to')];
  if (named === 'ANOTHER_PERIOD' && isDay(first) && isDay(last) && first <= last) return { preset: named, first, last };
  return readPeriod(params, fallback, now, timeZone);
}

/** The address's parameters with the period replaced (the others, such as the chosen programs, kept). */
export function withPeriod(params: URLSearchParams, p: DashboardView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PERIOD_KEYS) next.delete(key);
  if (isRangeView(p)) {
    next.set('period', p.preset);
    if (p.first && p.last) {
      next.set('from', p.first);
      next.set('to', p.last);
    }
    return next;
  }
  next.set('period', p.period);
  next.set('year', String(p.year));
  if (p.period !== 'YEARLY' && p.number !== undefined) next.set('number', String(p.number));
  return next;
}

/**
 * The summaries' query of a view: a calendar period by its kind, year and number; a date range by its two instants
 * (ISO, `to` excluded) at `now` in the zone; "All time" by neither (every payout).
 */
export function viewQuery(view: DashboardView, now: Date, timeZone: string): Record<string, string | number | undefined> {
  if (!isRangeView(view)) return periodQuery(view);
  const range = isRelativePreset(view.preset) ? presetRange(view.preset, now, timeZone) : view.first && view.last ? dayRange(view.first, view.last, timeZone) : undefined;
  return range ? { from: range.from.toISOString(), to: range.to.toISOString() } : {};
}

/** The programs chosen for Selected Programs (`?programs=3,7`), in the order given, without repeats. */
export function readChosenPrograms(params: URLSearchParams): number[] {
  const ids = (params.get('programs') ?? '')
    .split(',')
    .map((part) => integer(part.trim()))
    .filter((id): id is number => id !== undefined && id > 0);
  return [...new Set(ids)];
}

export function withChosenPrograms(params: URLSearchParams, ids: readonly number[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (ids.length) next.set('programs', ids.join(','));
  else next.delete('programs');
  return next;
}
