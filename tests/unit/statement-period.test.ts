// The statement period: at most 3 calendar months, its last day counted whole (the same rule in the browser, before
// any request, and on the server: src/shared/period.ts); the last month by default; whole local days sent as ISO.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statementPeriodTooLong, STATEMENT_MAX_MONTHS } from '../../src/shared/accounts.ts';
import { addCalendarMonths, periodExceedsMonths } from '../../src/shared/period.ts';
import { readListQuery } from '../../src/shared/list-query.ts';
import { dayOf, defaultPeriod, monthsBefore, periodFilter, periodTooLong, withDefaultPeriod } from '../../src/client/renderer/table/period.ts';
import { isDay, periodOf, periodProblem } from '../../src/client/renderer/table/periodText.ts';
import { listViewOf } from '../../src/client/preload.ts';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { PeriodDescriptor, TableScreen } from '../../src/client/renderer/descriptors.ts';

const statement: PeriodDescriptor = { field: 'createdAt', defaultMonths: 1, maxMonths: 3, message: 'errors:STATEMENT_PERIOD_TOO_LONG' };
/** Midnight of a day and the last moment of another in Warsaw, as the screen sends them. */
const local = (from: string, to: string) => periodFilter({ from, to }, 'Europe/Warsaw').between as [string, string];

describe('the shared rule', () => {
  it('allows three calendar months and refuses a day more', () => {
    expect(STATEMENT_MAX_MONTHS).toBe(3);
    expect(statementPeriodTooLong(...local('2026-01-15', '2026-04-15'))).toBe(false);
    expect(statementPeriodTooLong(...local('2026-01-15', '2026-04-16'))).toBe(true);
    expect(statementPeriodTooLong(...local('2026-01-15', '2026-01-15'))).toBe(false);
    expect(statementPeriodTooLong(...local('2025-12-01', '2026-02-28'))).toBe(false);
    expect(statementPeriodTooLong(...local('2025-01-01', '2026-01-01'))).toBe(true);
  });

  it('does not move with summer time between the two ends', () => {
    // Across the change to winter time (October) and to summer time (March), in any zone the test runs in.
    expect(statementPeriodTooLong(...local('2026-10-15', '2027-01-15'))).toBe(false);
    expect(statementPeriodTooLong(...local('2026-10-15', '2027-01-16'))).toBe(true);
    expect(statementPeriodTooLong(...local('2026-03-15', '2026-06-15'))).toBe(false);
    expect(statementPeriodTooLong(...local('2026-03-15', '2026-06-16'))).toBe(true);
    // The same instants written in UTC.
    expect(statementPeriodTooLong('2026-01-15T00:00:00.000Z', '2026-04-15T23:59:59.999Z')).toBe(false);
    expect(statementPeriodTooLong('2026-01-15T00:00:00.000Z', '2026-04-17T00:00:00.000Z')).toBe(true);
  });

  it('clamps to the length of the month it lands in', () => {
    expect(addCalendarMonths(new Date('2025-11-30T10:00:00.000Z'), 3).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addCalendarMonths(new Date('2023-11-30T10:00:00.000Z'), 3).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(periodExceedsMonths('2025-11-30T00:00:00.000Z', '2026-02-28T23:00:00.000Z', 3)).toBe(false);
    expect(periodExceedsMonths('2025-11-30T00:00:00.000Z', '2026-03-02T00:00:00.000Z', 3)).toBe(true);
  });

  it('leaves a period without both ends to other checks', () => {
    expect(periodExceedsMonths(null, '2026-01-01T00:00:00.000Z', 3)).toBe(false);
    expect(periodExceedsMonths('2026-01-01T00:00:00.000Z', undefined, 3)).toBe(false);
    expect(periodExceedsMonths('not a date', '2027-01-01T00:00:00.000Z', 3)).toBe(false);
  });
});

describe('the period of a statement screen', () => {
  // 15:30 in Warsaw (UTC+1 in November); 03:30 the next morning in Auckland (UTC+13 in summer).
  const now = new Date('2026-11-23T14:30:00.000Z');

  it("is the last month up to the customer's today by default", () => {
    expect(defaultPeriod(1, now, 'Europe/Warsaw')).toEqual({ from: '2026-10-23', to: '2026-11-23' });
    expect(defaultPeriod(1, now, 'Pacific/Auckland')).toEqual({ from: '2026-10-24', to: '2026-11-24' });
    expect(defaultPeriod(1, new Date('2026-03-31T08:00:00.000Z'), 'Europe/Warsaw')).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(monthsBefore('2026-01-31', 2)).toBe('2025-11-30');
  });

  it("covers whole days of the customer's zone, sent as ISO date-times", () => {
    const [from, to] = local('2026-10-23', '2026-11-23');
    // Warsaw is UTC+2 on 23 October (summer time) and UTC+1 on 23 November.
    expect(from).toBe('2026-10-22T22:00:00.000Z');
    expect(to).toBe('2026-11-23T22:59:59.999Z');
    expect(periodFilter({ from: '2026-07-01', to: '2026-07-31' }, 'America/New_York').between).toEqual(['2026-07-01T04:00:00.000Z', '2026-08-01T03:59:59.999Z']);
    expect(periodOf({ between: [from, to] }, 'Europe/Warsaw')).toEqual({ from: '2026-10-23', to: '2026-11-23' });
    expect(periodOf({ between: ['2026-07-01T04:00:00.000Z', '2026-08-01T03:59:59.999Z'] }, 'America/New_York')).toEqual({ from: '2026-07-01', to: '2026-07-31' });
    expect(periodOf(undefined, 'Europe/Warsaw')).toBeUndefined();
    expect(dayOf(now, 'Europe/Warsaw')).toBe('2026-11-23');
    expect(dayOf(now, 'Pacific/Auckland')).toBe('2026-11-24');
  });

  it('fills the default where the address names no period, and keeps one it names', () => {
    const query = readListQuery(new URLSearchParams('page=2'));
    expect(withDefaultPeriod(query, statement, now, 'Europe/Warsaw').options.createdAt).toEqual({ between: ['2026-10-22T22:00:00.000Z', '2026-11-23T22:59:59.999Z'] });
    expect(withDefaultPeriod(query, statement, now, 'Pacific/Auckland').options.createdAt).toEqual({ between: ['2026-10-23T11:00:00.000Z', '2026-11-24T10:59:59.999Z'] });
    const named = { between: local('2026-06-01', '2026-06-30') };
    const withNamed = readListQuery(new URLSearchParams({ options: JSON.stringify({ createdAt: named }) }));
    expect(withDefaultPeriod(withNamed, statement, now).options.createdAt).toEqual(named);
  });

  it('is refused before any request when longer than the descriptor allows', () => {
    expect(periodTooLong({ createdAt: { between: local('2026-01-01', '2026-04-01') } }, statement)).toBe(false);
    expect(periodTooLong({ createdAt: { between: local('2026-01-01', '2026-04-02') } }, statement)).toBe(true);
    expect(periodTooLong({}, statement)).toBe(false);
    // Start-up sends no request for such an address.
    const details = SCREENS.find((screen) => screen.id === 'accountDetails') as TableScreen;
    const tooLong = `?options=${encodeURIComponent(JSON.stringify({ createdAt: { between: local('2026-01-01', '2026-06-01') } }))}`;
    expect(listViewOf(details, tooLong, { id: '7' }, now)).toBeUndefined();
    const view = listViewOf(details, '', { id: '7' }, now)!;
    // Start-up does not know the user's zone yet: the default one's (the server's for a customer without TIME_ZONE).
    expect(view.query.options.createdAt).toEqual({ between: ['2026-10-22T22:00:00.000Z', '2026-11-23T22:59:59.999Z'] });
    expect(view.scope).toEqual({ params: { id: '7' }, scopeFilters: undefined });
  });

  it('says what is wrong with two typed dates', () => {
    expect(periodProblem({ from: '2026-01-01', to: '2026-02-01' })).toBeUndefined();
    expect(periodProblem({ from: '', to: '2026-02-01' })).toBe('incomplete');
    expect(periodProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('incomplete');
    expect(periodProblem({ from: '2026-02-02', to: '2026-02-01' })).toBe('reversed');
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('28.02.2026')).toBe(false);
  });
});

describe('the statement screen descriptor', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 10, 23, 12) }));
  afterEach(() => vi.useRealTimers());

  it('asks the last month by default and at most three', () => {
    const details = SCREENS.find((screen) => screen.id === 'accountDetails') as TableScreen;
    expect(details.period).toEqual(statement);
    expect(details.api.list).toBe('GET /api/account/:id/balanceUpdates');
  });
});
