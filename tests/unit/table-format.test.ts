import { describe, expect, it } from 'vitest';
import type { Column } from '../../src/client/renderer/descriptors.ts';
import { formatCell, formatDate, formatDateTime, formatPhone, usageOf, usageText, valueAt } from '../../src/client/renderer/table/format.ts';

// A stand-in for the translations' t: shows the key and the options, so the tests see what would be looked up.
const t = (key: string, options?: Record<string, unknown>) => {
  const labels: Record<string, string> = {
    'entities:enums.blocked.true': 'Blocked',
    'entities:enums.blocked.false': 'Not blocked',
    'entities:enums.budgetInterval.MONTHLY': 'Monthly',
    'table:filters.yes': 'Yes',
    'table:filters.no': 'No',
  };
  if (key === 'table:usage.text') return `${options?.percent}% (${options?.value} of ${options?.max})`;
  return labels[key] ?? (options?.defaultValue as string | undefined) ?? key;
};
const en = { t, locale: 'en-GB' as const, timeZone: 'Europe/Warsaw' };
const pl = { t, locale: 'pl-PL' as const, timeZone: 'Europe/Warsaw' };
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('cell formats', () => {
  it("shows dates and date-times in the customer's zone as YYYY-MM-DD hh:mm:ss, whatever the browser's", () => {
    // 11:00 UTC in winter is 12:00 in Warsaw (UTC+1) and 06:00 in New York (UTC-5).
    expect(formatDateTime('2026-01-05T11:00:00.000Z', 'Europe/Warsaw')).toBe('2026-01-05 12:00:00');
    expect(formatDateTime('2026-01-05T11:00:00.000Z', 'America/New_York')).toBe('2026-01-05 06:00:00');
    // In summer Warsaw is UTC+2 and New York UTC-4; 02:30 UTC is the day before in New York.
    expect(formatDateTime('2026-07-15T02:30:09.000Z', 'Europe/Warsaw')).toBe('2026-07-15 04:30:09');
    expect(formatDateTime('2026-07-15T02:30:09.000Z', 'America/New_York')).toBe('2026-07-14 22:30:09');
    expect(formatDate('2026-07-15T02:30:09.000Z', 'America/New_York')).toBe('2026-07-14');
    expect(formatDate('2026-12-31T23:30:00.000Z', 'Europe/Warsaw')).toBe('2027-01-01');
    // A day without a time is no instant: the same in every zone.
    expect(formatDate('2026-07-15', 'America/New_York')).toBe('2026-07-15');
    expect(formatDateTime(null, 'Europe/Warsaw')).toBe('');
    const created: Column = { field: 'createdAt', title: 'x', format: 'dateTime' };
    expect(formatCell(created, { createdAt: '2026-01-05T11:00:00.000Z' }, en)).toBe('2026-01-05 12:00:00');
    expect(formatCell(created, { createdAt: '2026-01-05T11:00:00.000Z' }, { ...en, timeZone: 'America/New_York' })).toBe('2026-01-05 06:00:00');
  });

  it('shows money from thousandths in the row currency and the interface locale', () => {
    const column: Column = { field: 'budget', title: 'x', format: 'money', currencyField: 'currency' };
    // Four-digit amounts are grouped too, as in the longer ones beside them.
    expect(nbsp(formatCell(column, { budget: 2_500_000, currency: 'PLN' }, pl))).toBe('2 500,00 zł');
    expect(nbsp(formatCell(column, { budget: 250_000_000, currency: 'PLN' }, pl))).toBe('250 000,00 zł');
    expect(nbsp(formatCell(column, { budget: 2_500_000, currency: 'PLN' }, en))).toBe('PLN 2,500.00');
    expect(formatCell(column, { budget: 1_005, currency: 'EUR' }, en)).toBe('€1.01');
    expect(formatCell(column, { budget: null, currency: 'EUR' }, en)).toBe('');
  });

  it('shows enums and booleans through their labels', () => {
    expect(formatCell({ field: 'blocked', title: 'x', format: 'boolean', labels: 'entities:enums.blocked' }, { blocked: true }, en)).toBe('Blocked');
    expect(formatCell({ field: 'blocked', title: 'x', format: 'boolean', labels: 'entities:enums.blocked' }, { blocked: false }, en)).toBe('Not blocked');
    expect(formatCell({ field: 'i', title: 'x', format: 'enum', labels: 'entities:enums.budgetInterval' }, { i: 'MONTHLY' }, en)).toBe('Monthly');
    expect(formatCell({ field: 'ok', title: 'x', format: 'boolean' }, { ok: false }, en)).toBe('No');
  });

  it('shows phone numbers as stored, Polish ones grouped', () => {
    expect(formatPhone('+48600000001')).toBe('+48 600 000 001');
    expect(formatPhone('+441632960961')).toBe('+441632960961');
    expect(formatCell({ field: 'phoneNumber', title: 'x', format: 'phone' }, { phoneNumber: '+48500100200' }, en)).toBe('+48 500 100 200');
  });

  it('shows text as is and reaches into nested fields', () => {
    expect(formatCell({ field: 'lastName', title: 'x' }, { lastName: 'Nowak' }, en)).toBe('Nowak');
    expect(formatCell({ field: 'lastName', title: 'x' }, { lastName: null }, en)).toBe('');
    expect(valueAt({ customer: { name: 'Demo' } }, 'customer.name')).toBe('Demo');
    expect(valueAt({ customer: null }, 'customer.name')).toBeUndefined();
  });
});

describe('usage bar', () => {
  it.each([
    { value: 0, max: 1000, percent: 0, fill: 0, level: 'ok' },
    { value: 740, max: 1000, percent: 74, fill: 74, level: 'ok' },
    { value: 749, max: 1000, percent: 74, fill: 74.9, level: 'ok' },
    { value: 750, max: 1000, percent: 75, fill: 75, level: 'warning' },
    { value: 999, max: 1000, percent: 99, fill: 99.9, level: 'warning' },
    { value: 1000, max: 1000, percent: 100, fill: 100, level: 'danger' },
    { value: 1500, max: 1000, percent: 150, fill: 100, level: 'danger' },
    { value: 500, max: 0, percent: 0, fill: 0, level: 'ok' },
    { value: null, max: null, percent: 0, fill: 0, level: 'ok' },
  ])('$value of $max -> $percent% $level', ({ value, max, percent, fill, level }) => {
    expect(usageOf(value, max)).toEqual({ percent, fill, level });
  });

  it('describes the share and both amounts', () => {
    const column: Column = { field: 'usedBudget', title: 'x', format: 'usage', maxField: 'budget', currencyField: 'currency' };
    const row = { usedBudget: 187_500_000, budget: 250_000_000, currency: 'PLN' };
    expect(nbsp(usageText(column, row, pl))).toBe('75% (187 500,00 zł of 250 000,00 zł)');
    expect(nbsp(usageText(column, row, en))).toBe('75% (PLN 187,500.00 of PLN 250,000.00)');
    expect(usageText(column, { usedBudget: 5, budget: 0, currency: 'EUR' }, en)).toBe('0% (€0.01 of €0.00)');
  });
});
