// The dashboard's contract (/panel/dashboard, permission statistics), used by the server's summaries and by the
// panel: the reporting period and the two instants it names in a time zone, the answers of the four summaries,
// the collection-rate categories. Amounts are integers in thousandths, always per currency, never summed across
// currencies. Pure: no server or browser code.
import { fromWallTime, toWallTime } from './zonedTime.ts';
import type { PayoutStatus, PayoutStatusSummaryRow } from './payouts.ts';
import type { Permission } from './permissionNames.ts';

/**
 * The spec's reporting periods (the picker's Year, Quarter, Month and Week): calendar periods in the customer's
 * TIME_ZONE, weeks from Monday (ISO weeks, as the budgets' WEEKLY interval).
 */
export const REPORTING_PERIODS = ['YEARLY', 'QUARTERLY', 'MONTHLY', 'WEEKLY'] as const;
export type ReportingPeriod = (typeof REPORTING_PERIODS)[number];

/** The years a period may name (the query's bounds). */
export const PERIOD_MIN_YEAR = 2000;
export const PERIOD_MAX_YEAR = 2100;

/**
 * One period: its kind, the year, and for all but YEARLY its number in that year (quarter 1-4, month 1-12, ISO week
 * 1-52 or 53; an ISO week belongs to the year of its Thursday, so week 1 may start in late December).
 */
export interface DashboardPeriod {
  period: ReportingPeriod;
  year: number;
  number?: number;
}

/** The two instants of a period: from its first moment (included) to the next period's first moment (excluded). */
export interface PeriodRange {
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The Monday (a UTC calendar date, ms) of ISO week 1 of an ISO year: the week holding 4 January. */
function isoWeekOneMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return jan4 - weekday * DAY_MS;
}

/** How many ISO weeks a year has: 53 when it starts on a Thursday, or is a leap year starting on a Wednesday. */
export function isoWeeksInYear(year: number): number {
  return (isoWeekOneMonday(year + 1) - isoWeekOneMonday(year)) / (7 * DAY_MS);
}

/** The highest number a period of the kind may have in the year (0 for YEARLY, which takes none). */
export function lastPeriodNumber(period: ReportingPeriod, year: number): number {
  switch (period) {
    case 'YEARLY':
      return 0;
    case 'QUARTERLY':
      return 4;
    case 'MONTHLY':
      return 12;
    case 'WEEKLY':
      return isoWeeksInYear(year);
  }
}

/** Whether the period names one that exists: a whole year in range, and a number where the kind needs one. */
export function isValidPeriod(p: DashboardPeriod): boolean {
  if (!REPORTING_PERIODS.includes(p.period) || !Number.isInteger(p.year) || p.year < PERIOD_MIN_YEAR || p.year > PERIOD_MAX_YEAR) return false;
  if (p.period === 'YEARLY') return true;
  return Number.isInteger(p.number) && (p.number as number) >= 1 && (p.number as number) <= lastPeriodNumber(p.period, p.year);
}

/** The first calendar day of the period and of the next one, as UTC dates (ms); only their dates matter. */
function calendarBounds(p: DashboardPeriod): [number, number] {
  const n = p.number ?? 1;
  switch (p.period) {
    case 'YEARLY':
      return [Date.UTC(p.year, 0, 1), Date.UTC(p.year + 1, 0, 1)];
    case 'QUARTERLY':
      return [Date.UTC(p.year, (n - 1) * 3, 1), Date.UTC(p.year, n * 3, 1)];
    case 'MONTHLY':
      return [Date.UTC(p.year, n - 1, 1), Date.UTC(p.year, n, 1)];
    case 'WEEKLY': {
      const monday = isoWeekOneMonday(p.year) + (n - 1) * 7 * DAY_MS;
      return [monday, monday + 7 * DAY_MS];
    }
  }
}

function midnight(utcDate: number): string {
  const d = new Date(utcDate);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} 00:00:00`;
}

/**
 * The instants [from, to) of a period in a time zone: midnight of its first day and of the day after its last, on
 * the zone's wall clock. Throws on a period that does not exist (see isValidPeriod).
 */
export function periodRange(p: DashboardPeriod, timeZone: string): PeriodRange {
  if (!isValidPeriod(p)) throw new RangeError(`no such period: ${JSON.stringify(p)}`);
  const [first, next] = calendarBounds(p);
  return { from: fromWallTime(midnight(first), timeZone), to: fromWallTime(midnight(next), timeZone) };
}

/** The period of the kind that holds the instant in the zone (the picker's starting point: this month, this week). */
export function periodOf(period: ReportingPeriod, instant: Date, timeZone: string): DashboardPeriod {
  const [date] = toWallTime(instant, timeZone).split(' ');
  const [year, month, day] = date.split('-').map(Number);
  switch (period) {
    case 'YEARLY':
      return { period, year };
    case 'QUARTERLY':
      return { period, year, number: Math.floor((month - 1) / 3) + 1 };
    case 'MONTHLY':
      return { period, year, number: month };
    case 'WEEKLY': {
      // The ISO year is the year of the week's Thursday.
      const today = Date.UTC(year, month - 1, day);
      const thursday = today + (3 - ((new Date(today).getUTCDay() + 6) % 7)) * DAY_MS;
      const isoYear = new Date(thursday).getUTCFullYear();
      return { period, year: isoYear, number: Math.floor((thursday - isoWeekOneMonday(isoYear)) / (7 * DAY_MS)) + 1 };
    }
  }
}

/**
 * The query string of a summary's period: `period`, `year` and `number` (as DashboardPeriod). The summaries also
 * take an explicit range instead, `from` and/or `to` (ISO date-times, `to` excluded); with neither, every payout.
 * A SUPER_ADMIN names the customer with `customerId`.
 */
export interface SummaryQuery {
  period?: ReportingPeriod;
  year?: number;
  number?: number;
  from?: string;
  to?: string;
  customerId?: number;
}

/** What every summary answers about its period: the instants it covered (null: an open end) and the zone it read. */
export interface SummaryPeriodAnswer {
  from: string | null;
  to: string | null;
  timeZone: string;
}

/**
 * The payouts list's filter of the payouts created in a period (the dashboard's links to the list): wall-clock
 * date-times of the customer's zone, as the list's filter form writes them. The list's `between` takes its end
 * second whole and the period excludes its end, so the end is the period's last second.
 */
export function createdAtFilter(answer: SummaryPeriodAnswer): { between: [string | null, string | null] } {
  const wall = (iso: string | null, shift = 0) => (iso === null ? null : toWallTime(new Date(Date.parse(iso) + shift), answer.timeZone));
  return { between: [wall(answer.from), wall(answer.to, -1000)] };
}

// ---------------------------------------------------------------- Payouts Overview

/** GET /api/payout/summary/status: per status and currency, the number and sum of the payouts created in the period. */
export interface StatusSummaryAnswer extends SummaryPeriodAnswer {
  items: PayoutStatusSummaryRow[];
}

// ---------------------------------------------------------------- Payout Collection Rates

/** The spec's collection-rate categories, in the order a chart shows them. */
export const COLLECTION_RATE_CATEGORIES = ['lessThanOneDay', 'fromOneToTwoDays', 'fromTwoToThreeDays', 'overThreeDays', 'unclaimed'] as const;
export type CollectionRateCategory = (typeof COLLECTION_RATE_CATEGORIES)[number];

/**
 * Which payouts the collection rates count: those offered to their recipients, i.e. all created in the period but
 * TO_APPROVE (not yet offered) and CANCELLED (withdrawn by the customer). EXPIRED, TO_COLLECT and SUSPENDED ones
 * are unclaimed; RETURNED ones were collected (the bank returned the transfer later).
 */
export const COLLECTION_RATE_EXCLUDED_STATUSES: readonly PayoutStatus[] = ['TO_APPROVE', 'CANCELLED'];

/**
 * A payout's collection time runs from the moment it could be collected, the later of its creation and its start
 * date, to its collection. The buckets are half-open: under 24 h is lessThanOneDay, exactly 24 h already
 * fromOneToTwoDays (24 h up to but not including 48 h), and so on; 72 h or more is overThreeDays.
 */
export const COLLECTION_RATE_BOUNDS_HOURS = [24, 48, 72] as const;

/** One category over every currency: the chart's slice. `share` is count / total (0 when nothing was counted). */
interface CollectionRateRow {
  category: CollectionRateCategory;
  count: number;
  share: number;
}

/** One category in one currency, with the amount of its payouts. */
export interface CollectionRateCurrencyRow {
  currency: string;
  category: CollectionRateCategory;
  count: number;
  amount: number;
}

/** GET /api/payout/summary/collectionRates. `items` always holds the five categories, in the order above. */
export interface CollectionRatesAnswer extends SummaryPeriodAnswer {
  total: number;
  items: CollectionRateRow[];
  currencies: CollectionRateCurrencyRow[];
}

// ---------------------------------------------------------------- Selected Programs, Average Payout Amount per Program

/**
 * GET /api/payout/program/summary?programIds=3,7 (none: every program). Each program has one currency, so its
 * figures are of that currency. `budget` and `usedBudget` are those of its current budget interval, as on the
 * programs list (the usage bar: the panel's `usage` column format colours it); the rest are of the payouts created
 * in the period that the budget counts (not CANCELLED, EXPIRED or RETURNED): how many, their sum, how many of them
 * were collected and their sum, and the average payout (the sum over the count, rounded to a thousandth; null
 * without payouts), which is the Average Payout Amount per Program chart: one call for both panels, since both are
 * figures of the same programs over the same payouts.
 */
export interface ProgramSummaryRow {
  id: number;
  name: string;
  currency: string;
  budget: number;
  /** ONE_TIME, DAILY, WEEKLY, MONTHLY, QUARTERLY or YEARLY (schemas/entities/program.json). */
  budgetInterval: string;
  usedBudget: number;
  payoutsCount: number;
  payoutsAmount: number;
  collectedCount: number;
  collectedAmount: number;
  averageAmount: number | null;
}

export interface ProgramSummaryAnswer extends SummaryPeriodAnswer {
  items: ProgramSummaryRow[];
}

/** How many programs one request may name. */
export const PROGRAM_SUMMARY_MAX_IDS = 100;

// ---------------------------------------------------------------- Top Payees

/**
 * GET /api/payout/recipient/summary?limit: the recipients with the highest sums of payouts created in the period
 * (the payouts the budgets count: not CANCELLED, EXPIRED or RETURNED), ranked within each currency; the top `limit`
 * of each currency (or of the one `currency` asked for). Ties go to the lower recipient id.
 */
interface RecipientSummaryRow {
  recipientId: number;
  firstName: string;
  lastName: string;
  currency: string;
  /** 1 for the highest sum of the currency. */
  rank: number;
  count: number;
  amount: number;
}

export interface RecipientSummaryAnswer extends SummaryPeriodAnswer {
  items: RecipientSummaryRow[];
}

export const TOP_PAYEES_DEFAULT_LIMIT = 10;
export const TOP_PAYEES_MAX_LIMIT = 100;

// ---------------------------------------------------------------- Periods in the panel

/** The first and the last calendar day of a period ('YYYY-MM-DD'), for its label. */
export function periodDays(p: DashboardPeriod): { first: string; last: string } {
  const [first, next] = calendarBounds(p);
  return { first: midnight(first).slice(0, 10), last: midnight(next - DAY_MS).slice(0, 10) };
}

/** The period `steps` periods of the same kind after (or, negative, before) this one; null outside the years allowed. */
export function shiftPeriod(p: DashboardPeriod, steps: number): DashboardPeriod | null {
  let { year } = p;
  let number = p.number ?? 1;
  if (p.period === 'YEARLY') year += steps;
  else {
    number += steps;
    while (number < 1) {
      year -= 1;
      number += lastPeriodNumber(p.period, year);
    }
    while (number > lastPeriodNumber(p.period, year)) {
      number -= lastPeriodNumber(p.period, year);
      year += 1;
    }
  }
  const shifted: DashboardPeriod = p.period === 'YEARLY' ? { period: p.period, year } : { period: p.period, year, number };
  return isValidPeriod(shifted) ? shifted : null;
}

/** A period as the summaries' query string takes it. */
export function periodQuery(p: DashboardPeriod): { period: ReportingPeriod; year: number; number?: number } {
  return p.period === 'YEARLY' ? { period: p.period, year: p.year } : { period: p.period, year: p.year, number: p.number };
}

// ---------------------------------------------------------------- Panels

/**
 * The panels a dashboard screen may hold (screens.json `panels[].panel`): the call each reads, the permissions that
 * call accepts (any one; a user holding none does not see the panel) and whether its figures are of the chosen
 * period. The API tests hold the permissions to the server's routes.
 */
export const DASHBOARD_PANELS = {
  accountOverview: { call: 'GET /api/account/summary', permissions: ['accounts'], periodic: false },
  payoutsOverview: { call: 'GET /api/payout/summary/status', permissions: ['statistics'], periodic: true },
  selectedPrograms: { call: 'GET /api/payout/program/summary', permissions: ['statistics'], periodic: true },
  topPayees: { call: 'GET /api/payout/recipient/summary', permissions: ['statistics'], periodic: true },
  averagePayout: { call: 'GET /api/payout/program/summary', permissions: ['statistics'], periodic: true },
  collectionRates: { call: 'GET /api/payout/summary/collectionRates', permissions: ['statistics'], periodic: true },
  portalLinks: { call: 'GET /api/payout/collection/urls', permissions: ['payout.collection.url'], periodic: false },
} as const satisfies Record<string, { call: string; permissions: readonly Permission[]; periodic: boolean }>;

export type DashboardPanelKind = keyof typeof DASHBOARD_PANELS;
export const DASHBOARD_PANEL_KINDS = Object.keys(DASHBOARD_PANELS) as DashboardPanelKind[];
