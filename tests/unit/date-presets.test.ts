// The date range choices (src/shared/datePresets.ts): the days each names and the instants they cover in a zone.
// Every expectation is worked out by hand from the calendar and the zone's offsets.
import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, isRelativePreset, presetDays, presetRange, type RelativePreset } from '../../src/shared/datePresets.ts';
import { compactOptions, readListQuery, writeListQuery } from '../../src/shared/list-query.ts';
import { readView, viewQuery, withPeriod } from '../../src/client/renderer/dashboard/periodAddress.ts';
import { viewName } from '../../src/client/renderer/dashboard/periodText.ts';

const iso = (range: { from: Date; to: Date }) => ({ from: range.from.toISOString(), to: range.to.toISOString() });

describe('date range choices', () => {
  it('are the spec enumeration, in its order', () => {
    expect(DATE_PRESETS).toEqual(['LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH', 'ANOTHER_PERIOD', 'ALL']);
  });

  it('name days relative to today except ANOTHER_PERIOD and ALL', () => {
    expect(isRelativePreset('LAST_7_DAYS')).toBe(true);
    expect(isRelativePreset('LAST_MONTH')).toBe(true);
    expect(isRelativePreset('ANOTHER_PERIOD')).toBe(false);
    expect(isRelativePreset('ALL')).toBe(false);
    expect(isRelativePreset('last_7_days')).toBe(false);
  });
});

describe('presetDays', () => {
  it('counts today in: 7 and 30 days', () => {
    expect(presetDays('LAST_7_DAYS', '2026-03-30')).toEqual({ first: '2026-03-24', last: '2026-03-30' });
    expect(presetDays('LAST_30_DAYS', '2026-03-30')).toEqual({ first: '2026-03-01', last: '2026-03-30' });
  });

  it('takes whole calendar months', () => {
    expect(presetDays('THIS_MONTH', '2026-03-30')).toEqual({ first: '2026-03-01', last: '2026-03-31' });
    expect(presetDays('LAST_MONTH', '2026-03-30')).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(presetDays('THIS_MONTH', '2026-04-01')).toEqual({ first: '2026-04-01', last: '2026-04-30' });
  });

  it('crosses into the year before', () => {
    expect(presetDays('LAST_MONTH', '2026-01-15')).toEqual({ first: '2025-12-01', last: '2025-12-31' });
    expect(presetDays('LAST_30_DAYS', '2026-01-10')).toEqual({ first: '2025-12-12', last: '2026-01-10' });
    expect(presetDays('LAST_7_DAYS', '2026-01-03')).toEqual({ first: '2025-12-28', last: '2026-01-03' });
  });

  it('knows a leap February', () => {
    expect(presetDays('LAST_MONTH', '2028-03-10')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(presetDays('THIS_MONTH', '2028-02-05')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
  });
});

describe('presetRange in Europe/Warsaw', () => {
  // 30 March 2026, 12:00 in Warsaw: summer time (UTC+2) since 29 March; the days before were UTC+1.
  const now = new Date('2026-03-30T10:00:00Z');
  const zone = 'Europe/Warsaw';
  const cases: [RelativePreset, string, string][] = [
    ['LAST_7_DAYS', '2026-03-23T23:00:00.000Z', '2026-03-30T22:00:00.000Z'],
    ['LAST_30_DAYS', '2026-02-28T23:00:00.000Z', '2026-03-30T22:00:00.000Z'],
    // March across the clock change: from midnight at UTC+1 to midnight of 1 April at UTC+2 (743 hours).
    ['THIS_MONTH', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    ['LAST_MONTH', '2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z'],
  ];
  for (const [preset, from, to] of cases) {
    it(`${preset} runs from ${from} to ${to}`, () => {
      expect(iso(presetRange(preset, now, zone))).toEqual({ from, to });
    });
  }

  it('takes today from the zone, not from UTC: 22:30 UTC on 31 March is already 1 April in Warsaw', () => {
    const late = new Date('2026-03-31T22:30:00Z');
    expect(iso(presetRange('THIS_MONTH', late, zone))).toEqual({ from: '2026-03-31T22:00:00.000Z', to: '2026-04-30T22:00:00.000Z' });
    expect(iso(presetRange('LAST_MONTH', late, zone))).toEqual({ from: '2026-02-28T23:00:00.000Z', to: '2026-03-31T22:00:00.000Z' });
    expect(iso(presetRange('LAST_7_DAYS', late, zone))).toEqual({ from: '2026-03-25T23:00:00.000Z', to: '2026-04-01T22:00:00.000Z' });
  });

  it('LAST_MONTH in January is the December before', () => {
    const january = new Date('2026-01-15T12:00:00Z');
    expect(iso(presetRange('LAST_MONTH', january, zone))).toEqual({ from: '2025-11-30T23:00:00.000Z', to: '2025-12-31T23:00:00.000Z' });
    expect(iso(presetRange('THIS_MONTH', january, zone))).toEqual({ from: '2025-12-31T23:00:00.000Z', to: '2026-01-31T23:00:00.000Z' });
  });
});

describe('presetRange in America/New_York', () => {
  // 2 November 2026, 03:00 UTC is 1 November, 22:00 in New York: summer time (UTC-4) ended at 06:00 UTC that day.
  const now = new Date('2026-11-02T03:00:00Z');
  const zone = 'America/New_York';

  it('LAST_7_DAYS: 26 October to 1 November of New York', () => {
    expect(iso(presetRange('LAST_7_DAYS', now, zone))).toEqual({ from: '2026-10-26T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z' });
  });

  it('THIS_MONTH and LAST_MONTH are November and October there', () => {
    expect(iso(presetRange('THIS_MONTH', now, zone))).toEqual({ from: '2026-11-01T04:00:00.000Z', to: '2026-12-01T05:00:00.000Z' });
    expect(iso(presetRange('LAST_MONTH', now, zone))).toEqual({ from: '2026-10-01T04:00:00.000Z', to: '2026-11-01T04:00:00.000Z' });
  });
});

describe('a preset in a list address', () => {
  it('is a filter of its own, kept through the address', () => {
    const options = compactOptions({ createdAt: { preset: 'LAST_30_DAYS' }, endDate: { between: [null, null] } });
    expect(options).toEqual({ createdAt: { preset: 'LAST_30_DAYS' } });
    const address = writeListQuery({ page: 1, options });
    expect(address.get('options')).toBe('{"createdAt":{"preset":"LAST_30_DAYS"}}');
    expect(readListQuery(address).options).toEqual({ createdAt: { preset: 'LAST_30_DAYS' } });
  });
});

describe("the dashboard's date range in the address", () => {
  const now = new Date('2026-03-30T10:00:00Z');
  const zone = 'Europe/Warsaw';
  const read = (search: string) => readView(new URLSearchParams(search), 'MONTHLY', now, zone);

  it('keeps a preset by its name and asks for its two instants', () => {
    expect(read('period=LAST_7_DAYS')).toEqual({ preset: 'LAST_7_DAYS' });
    expect(viewQuery(read('period=LAST_7_DAYS'), now, zone)).toEqual({ from: '2026-03-23T23:00:00.000Z', to: '2026-03-30T22:00:00.000Z' });
    expect(withPeriod(new URLSearchParams('period=MONTHLY&year=2026&number=3&programs=4'), { preset: 'LAST_MONTH' }).toString()).toBe('programs=4&period=LAST_MONTH');
  });

  it('takes "All time" as no bound, and "Another period" with its two days in order', () => {
    expect(viewQuery(read('period=ALL'), now, zone)).toEqual({});
    const another = read('period=ANOTHER_PERIOD&from=2026-03-01&to=2026-03-15');
    expect(another).toEqual({ preset: 'ANOTHER_PERIOD', first: '2026-03-01', last: '2026-03-15' });
    expect(viewQuery(another, now, zone)).toEqual({ from: '2026-02-28T23:00:00.000Z', to: '2026-03-15T23:00:00.000Z' });
    expect(withPeriod(new URLSearchParams(), another).toString()).toBe('period=ANOTHER_PERIOD&from=2026-03-01&to=2026-03-15');
    // Days out of order, or no days, show the default: the current month.
    expect(read('period=ANOTHER_PERIOD&from=2026-03-15&to=2026-03-01')).toEqual({ period: 'MONTHLY', year: 2026, number: 3 });
    expect(read('period=ANOTHER_PERIOD&from=2026-02-30&to=2026-03-01')).toEqual({ period: 'MONTHLY', year: 2026, number: 3 });
    expect(viewQuery(read(''), now, zone)).toEqual({ period: 'MONTHLY', year: 2026, number: 3 });
  });

  it('names a range with its days', () => {
    const t = (key: string) => ({ 'dashboard:period.presets.LAST_7_DAYS': 'Last 7 days', 'dashboard:period.presets.ALL': 'All time' })[key] ?? key;
    expect(viewName({ preset: 'LAST_7_DAYS' }, 'en-GB', t, now, zone)).toBe('Last 7 days (24 Mar 2026 – 30 Mar 2026)');
    expect(viewName({ preset: 'ALL' }, 'en-GB', t, now, zone)).toBe('All time');
    expect(viewName({ preset: 'ANOTHER_PERIOD', first: '2026-03-01', last: '2026-03-15' }, 'en-GB', t, now, zone)).toBe('1 Mar 2026 – 15 Mar 2026');
  });
});
