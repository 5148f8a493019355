// The dashboard's period in the panel: stepping from one period to the next across years (ISO weeks included),
// the days a period covers, the period in the address (kept, or the current one when absent or impossible) and its
// name in both languages.
import { describe, expect, it } from 'vitest';
import { periodDays, shiftPeriod, type DashboardPeriod } from '../../src/shared/dashboard.ts';
import { readChosenPrograms, readPeriod, withChosenPrograms, withPeriod } from '../../src/client/renderer/dashboard/periodAddress.ts';
import { monthName, periodName } from '../../src/client/renderer/dashboard/periodText.ts';

const t = (key: string, options: Record<string, unknown> = {}) =>
  ({ 'dashboard:period.quarterName': `Q${options.number}`, 'dashboard:period.weekName': `Week ${options.number} (${options.first} – ${options.last})` })[key] ?? key;

describe('shiftPeriod', () => {
  it('steps months, quarters and weeks across the turn of a year', () => {
    expect(shiftPeriod({ period: 'MONTHLY', year: 2026, number: 12 }, 1)).toEqual({ period: 'MONTHLY', year: 2027, number: 1 });
    expect(shiftPeriod({ period: 'MONTHLY', year: 2026, number: 1 }, -1)).toEqual({ period: 'MONTHLY', year: 2025, number: 12 });
    expect(shiftPeriod({ period: 'QUARTERLY', year: 2026, number: 1 }, -5)).toEqual({ period: 'QUARTERLY', year: 2024, number: 4 });
    // 2026 has 53 ISO weeks, 2027 has 52.
    expect(shiftPeriod({ period: 'WEEKLY', year: 2026, number: 52 }, 1)).toEqual({ period: 'WEEKLY', year: 2026, number: 53 });
    expect(shiftPeriod({ period: 'WEEKLY', year: 2026, number: 53 }, 1)).toEqual({ period: 'WEEKLY', year: 2027, number: 1 });
    expect(shiftPeriod({ period: 'WEEKLY', year: 2027, number: 1 }, -1)).toEqual({ period: 'WEEKLY', year: 2026, number: 53 });
    expect(shiftPeriod({ period: 'YEARLY', year: 2026 }, -3)).toEqual({ period: 'YEARLY', year: 2023 });
  });

  it('stops at the years a period may name', () => {
    expect(shiftPeriod({ period: 'YEARLY', year: 2000 }, -1)).toBeNull();
    expect(shiftPeriod({ period: 'MONTHLY', year: 2100, number: 12 }, 1)).toBeNull();
  });
});

describe('periodDays', () => {
  it('names the first and the last day, weeks from Monday to Sunday', () => {
    expect(periodDays({ period: 'WEEKLY', year: 2026, number: 1 })).toEqual({ first: '2025-12-29', last: '2026-01-04' });
    expect(periodDays({ period: 'MONTHLY', year: 2028, number: 2 })).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(periodDays({ period: 'QUARTERLY', year: 2026, number: 4 })).toEqual({ first: '2026-10-01', last: '2026-12-31' });
  });
});

describe('the period in the address', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const read = (search: string) => readPeriod(new URLSearchParams(search), 'MONTHLY', now, 'Europe/Warsaw');

  it('keeps a period that exists', () => {
    expect(read('period=QUARTERLY&year=2025&number=3')).toEqual({ period: 'QUARTERLY', year: 2025, number: 3 });
    expect(read('period=YEARLY&year=2024&number=9')).toEqual({ period: 'YEARLY', year: 2024 });
    expect(read('period=WEEKLY&year=2026&number=53')).toEqual({ period: 'WEEKLY', year: 2026, number: 53 });
  });

  it('shows the current period of the kind for none, or for one that cannot be', () => {
    expect(read('')).toEqual({ period: 'MONTHLY', year: 2026, number: 11 });
    expect(read('period=WEEKLY')).toEqual({ period: 'WEEKLY', year: 2026, number: 48 });
    expect(read('period=WEEKLY&year=2027&number=53')).toEqual({ period: 'WEEKLY', year: 2026, number: 48 });
    expect(read('period=MONTHLY&year=1999&number=1')).toEqual({ period: 'MONTHLY', year: 2026, number: 11 });
    expect(read('period=DAILY&year=2026&number=1')).toEqual({ period: 'MONTHLY', year: 2026, number: 1 });
    expect(read('period=MONTHLY&year=2026&number=1e1')).toEqual({ period: 'MONTHLY', year: 2026, number: 11 });
  });

  it('writes the period and keeps the other parameters', () => {
    const written = withPeriod(new URLSearchParams('programs=3,7&period=WEEKLY&year=2026&number=9'), { period: 'YEARLY', year: 2025 });
    expect(written.toString()).toBe('programs=3%2C7&period=YEARLY&year=2025');
  });

  it('reads the chosen programs without repeats or junk', () => {
    expect(readChosenPrograms(new URLSearchParams('programs=7,3,7,x,-1,0'))).toEqual([7, 3]);
    expect(withChosenPrograms(new URLSearchParams('programs=1'), []).has('programs')).toBe(false);
  });
});

describe('period names', () => {
  const name = (p: DashboardPeriod, locale: 'en-GB' | 'pl-PL') => periodName(p, locale, t).replace(/\s+/g, ' ');

  it('in English and in Polish', () => {
    expect(name({ period: 'MONTHLY', year: 2026, number: 11 }, 'en-GB')).toBe('November 2026');
    expect(name({ period: 'MONTHLY', year: 2026, number: 11 }, 'pl-PL')).toBe('listopad 2026');
    expect(monthName(3, 'pl-PL')).toBe('marzec');
    expect(name({ period: 'QUARTERLY', year: 2026, number: 2 }, 'en-GB')).toBe('Q2 2026');
    expect(name({ period: 'YEARLY', year: 2026 }, 'pl-PL')).toBe('2026');
    expect(name({ period: 'WEEKLY', year: 2026, number: 1 }, 'en-GB')).toBe('Week 1 (29 Dec 2025 – 4 Jan 2026)');
    expect(name({ period: 'WEEKLY', year: 2026, number: 1 }, 'pl-PL')).toBe('Week 1 (29 gru 2025 – 4 sty 2026)');
  });
});
