// The dashboard's period in the address (`?period=MONTHLY&year=2026&number=11`), so that a link or a reload shows
// the same figures. An address naming no period, or one that does not exist, shows the current period of the
// screen's default kind in the customer's time zone.
import { isValidPeriod, periodOf, REPORTING_PERIODS, type DashboardPeriod, type ReportingPeriod } from '../../../shared/dashboard.ts';

const PERIOD_KEYS = ['period', 'year', 'number'] as const;

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

/** The address's parameters with the period replaced (the others, such as the chosen programs, kept). */
export function withPeriod(params: URLSearchParams, p: DashboardPeriod): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PERIOD_KEYS) next.delete(key);
  next.set('period', p.period);
  next.set('year', String(p.year));
  if (p.period !== 'YEARLY' && p.number !== undefined) next.set('number', String(p.number));
  return next;
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
