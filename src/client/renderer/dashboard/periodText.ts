// How a period reads in the interface language: "2026", "Q4 2026" / "4 kwartał 2026", "November 2026" /
// "listopad 2026", "Week 48 (23 Nov 2026 – 29 Nov 2026)". Calendar dates, so formatted as UTC dates: the customer's
// zone decides which instants a period covers, not how its days are named.
import { periodDays, type DashboardPeriod } from '../../../shared/dashboard.ts';
import { isRelativePreset, presetDays } from '../../../shared/datePresets.ts';
import { readWallTime } from '../../../shared/wallClock.ts';
import type { AmountLocale } from '../../../shared/money.ts';
import { isRangeView, type DashboardView } from './periodAddress.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(locale: AmountLocale, options: Intl.DateTimeFormatOptions, day: string): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(`${day}T00:00:00Z`));
}

/** The name of a month in the language, standing alone ("listopad", not "listopada"). */
export function monthName(month: number, locale: AmountLocale): string {
  return format(locale, { month: 'long' }, `2001-${String(month).padStart(2, '0')}-01`);
}

/** The week's name with its days: "Week 48 (23 Nov 2026 – 29 Nov 2026)". */
export function weekName(p: DashboardPeriod, locale: AmountLocale, t: Translate): string {
  const { first, last } = periodDays(p);
  const day = (d: string) => format(locale, { day: 'numeric', month: 'short', year: 'numeric' }, d);
  return t('dashboard:period.weekName', { number: p.number, first: day(first), last: day(last) });
}

/** The whole period's name, for the heading of the figures. */
export function periodName(p: DashboardPeriod, locale: AmountLocale, t: Translate): string {
  switch (p.period) {
    case 'YEARLY':
      return String(p.year);
    case 'QUARTERLY':
      return `${t('dashboard:period.quarterName', { number: p.number })} ${p.year}`;
    case 'MONTHLY':
      return format(locale, { month: 'long', year: 'numeric' }, `${p.year}-${String(p.number).padStart(2, '0')}-01`);
    case 'WEEKLY':
      return weekName(p, locale, t);
  }
}

/** A date range's name: "Last 7 days (24 Mar 2026 – 30 Mar 2026)", the two days of another period, or "All time". */
export function viewName(view: DashboardView, locale: AmountLocale, t: Translate, now: Date, timeZone: string): string {
  if (!isRangeView(view)) return periodName(view, locale, t);
  const day = (d: string) => format(locale, { day: 'numeric', month: 'short', year: 'numeric' }, d);
  const label = t(`dashboard:period.presets.${view.preset}`);
  if (isRelativePreset(view.preset)) {
    const { first, last } = presetDays(view.preset, readWallTime(now, timeZone).slice(0, 10));
    return `${label} (${day(first)} – ${day(last)})`;
  }
  return view.first && view.last ? `${day(view.first)} – ${day(view.last)}` : label;
}
