import { describe, expect, it } from 'vitest';
import recipientFilters from '../../schemas/filters/recipient.json' with { type: 'json' };
import programFilters from '../../schemas/filters/program.json' with { type: 'json' };
import payoutFilters from '../../schemas/filters/payout.json' with { type: 'json' };
import { SCREENS } from '../../src/client/core/screens.ts';
import type { TableScreen } from '../../src/client/renderer/descriptors.ts';
import type { JsonSchema } from '../../src/client/renderer/schemas.ts';
import { filterChips, withoutFilter } from '../../src/client/renderer/table/filterChips.ts';
import { readListQuery } from '../../src/shared/list-query.ts';

const texts: Record<string, string> = {
  'entities:common.search': 'Search',
  'entities:recipient.blocked': 'Blocked',
  'entities:common.createdAt': 'Created',
  'entities:program.budgetInterval': 'Budget interval',
  'entities:program.currency': 'Currency',
  'entities:payout.amount': 'Amount',
  'entities:enums.budgetInterval.MONTHLY': 'Monthly',
  'entities:enums.budgetInterval.DAILY': 'Daily',
  'entities:enums.blocked.true': 'Blocked',
  'table:filters.yes': 'Yes',
  'table:filters.no': 'No',
};
const t = (key: string, options?: Record<string, unknown>) => {
  if (key === 'table:filters.between') return `${options?.from} – ${options?.to}`;
  if (key === 'table:filters.from') return `from ${options?.from}`;
  if (key === 'table:filters.to') return `to ${options?.to}`;
  return texts[key] ?? (options?.defaultValue as string | undefined) ?? key;
};
const columns = (id: string) => (SCREENS.find((s) => s.id === id) as TableScreen).columns;
const fromAddress = (search: string) => readListQuery(new URLSearchParams(search)).options;

describe('active filter chips', () => {
  it('name a date preset by its label, and keep it in the address', () => {
    const options = fromAddress(`options=${encodeURIComponent(JSON.stringify({ createdAt: { preset: 'LAST_7_DAYS' } }))}`);
    const named = (key: string, o?: Record<string, unknown>) => (key === 'dashboard:period.presets.LAST_7_DAYS' ? 'Last 7 days' : t(key, o));
    expect(filterChips(options, recipientFilters as JsonSchema, columns('recipients'), named, 'en-GB')).toEqual([{ field: 'createdAt', label: 'Created', value: 'Last 7 days' }]);
  });

  it('are read from the address, labelled by the filter schema titles', () => {
    const options = fromAddress(`options=${encodeURIComponent(JSON.stringify({ search: 'Nowak', blocked: true }))}`);
    expect(filterChips(options, recipientFilters as JsonSchema, columns('recipients'), t, 'en-GB')).toEqual([
      { field: 'search', label: 'Search', value: 'Nowak' },
      { field: 'blocked', label: 'Blocked', value: 'Blocked' },
    ]);
  });

  it('show a boolean as yes or no where no column labels it', () => {
    expect(filterChips({ blocked: false }, recipientFilters as JsonSchema, [], t, 'en-GB')).toEqual([{ field: 'blocked', label: 'Blocked', value: 'No' }]);
  });

  it('show ranges as "from – to", and open ranges by their one end', () => {
    const schema = recipientFilters as JsonSchema;
    const chips = (createdAt: unknown) => filterChips({ createdAt } as never, schema, columns('recipients'), t, 'en-GB');
    expect(chips({ between: ['2026-01-01 00:00:00', '2026-02-01 00:00:00'] })[0].value).toBe('2026-01-01 00:00:00 – 2026-02-01 00:00:00');
    expect(chips({ between: ['2026-01-01 00:00:00', null] })[0].value).toBe('from 2026-01-01 00:00:00');
    expect(chips({ between: [null, '2026-02-01 00:00:00'] })[0].value).toBe('to 2026-02-01 00:00:00');
    expect(chips({ between: [null, null] })).toEqual([]);
  });

  it("show an instant of the address as the customer's wall clock, a typed one as typed", () => {
    const chip = (createdAt: unknown, timeZone: string) => filterChips({ createdAt } as never, recipientFilters as JsonSchema, columns('recipients'), t, 'en-GB', timeZone)[0].value;
    expect(chip({ between: ['2026-01-05T11:00:00.000Z', null] }, 'Europe/Warsaw')).toBe('from 2026-01-05 12:00:00');
    expect(chip({ between: ['2026-01-05T11:00:00.000Z', null] }, 'America/New_York')).toBe('from 2026-01-05 06:00:00');
    expect(chip({ between: ['2026-01-05 12:00:00', null] }, 'America/New_York')).toBe('from 2026-01-05 12:00:00');
  });

  it('show enum values through the column labels, several joined', () => {
    const chips = filterChips({ budgetInterval: ['MONTHLY', 'DAILY'], currency: ['PLN', 'EUR'] }, programFilters as JsonSchema, columns('programs'), t, 'en-GB');
    expect(chips).toEqual([
      { field: 'budgetInterval', label: 'Budget interval', value: 'Monthly, Daily' },
      { field: 'currency', label: 'Currency', value: 'PLN, EUR' },
    ]);
  });

  it("show money in the language's format, with the currency when the list is filtered to one", () => {
    const amount = (options: Record<string, unknown>, locale: 'en-GB' | 'pl-PL') =>
      filterChips(options as never, payoutFilters as JsonSchema, columns('payouts'), t, locale).find((chip) => chip.field === 'amount')?.value;
    const range = { amount: { between: [1000500, 20000000] } };
    // Amounts are kept in thousandths: 1000500 is 1,000.50. Intl's grouping space in Polish is a no-break space.
    expect(amount(range, 'en-GB')).toBe('1,000.50 – 20,000.00');
    expect(amount(range, 'pl-PL')?.replace(/\s/g, ' ')).toBe('1 000,50 – 20 000,00');
    expect(amount({ ...range, currency: ['EUR'] }, 'en-GB')).toBe('€1,000.50 – €20,000.00');
    expect(amount({ ...range, currency: 'PLN' }, 'pl-PL')?.replace(/\s/g, ' ')).toBe('1 000,50 zł – 20 000,00 zł');
    expect(amount({ amount: { gte: 500 } }, 'en-GB')).toBe('from 0.50');
    // Two currencies: no one currency to name.
    expect(amount({ ...range, currency: ['EUR', 'PLN'] }, 'en-GB')).toBe('1,000.50 – 20,000.00');
  });

  it('fall back to the field name when the schema has no such property', () => {
    expect(filterChips({ customerId: 3 }, recipientFilters as JsonSchema, columns('recipients'), t, 'en-GB')).toEqual([{ field: 'customerId', label: 'customerId', value: '3' }]);
  });

  it('go away one at a time', () => {
    expect(withoutFilter({ search: 'Nowak', blocked: false }, 'search')).toEqual({ blocked: false });
  });
});
