// What "Export to xlsx" writes, as the pure function that builds the sheet's rows: the table's columns, amounts as
// numbers with two decimals, dates as dates, labels in the user's language; and the file's name.
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLanguage, t } from '../../src/client/core/i18n.ts';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { TableScreen } from '../../src/client/renderer/descriptors.ts';
import { amountNumber, DATE_TIME_FORMAT, exportFileName, MONEY_FORMAT, sheetData } from '../../src/client/renderer/table/exportRows.ts';
import enEntities from '../../locales/en/entities.json' with { type: 'json' };
import plEntities from '../../locales/pl/entities.json' with { type: 'json' };
import { BALANCE_UPDATE_TYPES, type BalanceUpdate } from '../../src/shared/accounts.ts';

beforeAll(async () => {
  await initI18n({ language: 'en' });
  await loadLanguage('en');
});

const statement = SCREENS.find((screen) => screen.id === 'accountDetails') as TableScreen;
const row = (over: Partial<BalanceUpdate>): BalanceUpdate & Record<string, unknown> => ({
  id: 1,
  accountId: 7,
  createdAt: '2026-11-20T10:15:00.000Z',
  type: 'TOP_UP',
  balanceChange: 1_234_560,
  lockedBalanceChange: 0,
  balanceAfter: 36_234_560,
  lockedBalanceAfter: 250_000,
  counterpartyAccountId: null,
  payoutId: null,
  reference: 'Demo top-up',
  entryId: 1,
  ...over,
});

describe('amounts', () => {
  it('are numbers of the currency unit with two decimals, rounded as everywhere', () => {
    expect(amountNumber(1_234_560)).toBe(1234.56);
    expect(amountNumber(1_234_565)).toBe(1234.57);
    expect(amountNumber(-1_500)).toBe(-1.5);
    expect(amountNumber(0)).toBe(0);
    expect(amountNumber(null)).toBeNull();
    expect(amountNumber('')).toBeNull();
  });
});

describe('the rows of a statement', () => {
  it('follow the table columns: dates as dates, amounts as numbers, types by their labels', () => {
    const data = sheetData(statement.columns, [row({}), row({ id: 2, type: 'INTERNAL', balanceChange: -1_500, reference: null })], { t, locale: 'en-GB', timeZone: 'Europe/Warsaw', record: { currency: 'PLN' } });
    expect(data.header).toEqual([
      'Date',
      'Type',
      'Change of available funds (PLN)',
      'Change of blocked funds (PLN)',
      'Available funds after (PLN)',
      'Blocked funds after (PLN)',
      'Reference',
    ]);
    const [first, second] = data.rows;
    // 10:15 UTC is 11:15 in Warsaw: the cell holds that wall clock (as its UTC fields, written with the UTC option).
    expect(first[0]).toBeInstanceOf(Date);
    expect((first[0] as Date).toISOString()).toBe('2026-11-20T11:15:00.000Z');
    expect(first.slice(1)).toEqual(['Top-up', 1234.56, 0, 36234.56, 250, 'Demo top-up']);
    expect(second.slice(1)).toEqual(['Internal transfer', -1.5, 0, 36234.56, 250, null]);
    expect(data.formats).toEqual([DATE_TIME_FORMAT, undefined, MONEY_FORMAT, MONEY_FORMAT, MONEY_FORMAT, MONEY_FORMAT, undefined]);
  });

  it("show a settled payout as the spec's transaction type PAYOUT, in both languages", () => {
    const data = sheetData(statement.columns.slice(1, 2), [row({ type: 'PAYOUT', balanceChange: 0, lockedBalanceChange: -250_000 })], { t, locale: 'en-GB', timeZone: 'Europe/Warsaw' });
    expect(data.rows).toEqual([['Payout']]);
    expect(enEntities.enums.balanceUpdateType).toEqual({ TOP_UP: 'Top-up', INTERNAL: 'Internal transfer', PAYOUT: 'Payout', LOCK: 'Funds blocked', UNLOCK: 'Blocked funds released' });
    expect(Object.keys(plEntities.enums.balanceUpdateType).sort()).toEqual([...BALANCE_UPDATE_TYPES].sort());
    expect(plEntities.enums.balanceUpdateType.PAYOUT).toBe('Wypłata');
  });

  it("write the customer's wall clock, whatever the zone", () => {
    const [date] = statement.columns;
    const rows = [row({ createdAt: '2026-07-15T02:30:00.000Z' })];
    const inNewYork = sheetData([date], rows, { t, locale: 'en-GB', timeZone: 'America/New_York' }).rows[0][0] as Date;
    expect(inNewYork.toISOString()).toBe('2026-07-14T22:30:00.000Z');
    const inWarsaw = sheetData([date], rows, { t, locale: 'en-GB', timeZone: 'Europe/Warsaw' }).rows[0][0] as Date;
    expect(inWarsaw.toISOString()).toBe('2026-07-15T04:30:00.000Z');
  });

  it('name the currency in the title only when the record gives it', () => {
    const data = sheetData(statement.columns.slice(2, 3), [row({})], { t, locale: 'en-GB', timeZone: 'Europe/Warsaw' });
    expect(data.header).toEqual(['Change of available funds']);
  });

  it('write other formats as their cells show them', () => {
    const accounts = SCREENS.find((screen) => screen.id === 'accounts') as TableScreen;
    const name = accounts.columns.find((column) => column.field === 'name')!;
    expect(sheetData([name], [{ id: 3, name: 'Main PLN account' }], { t, locale: 'en-GB', timeZone: 'Europe/Warsaw' }).rows).toEqual([['Main PLN account (#3)']]);
  });
});

describe('the file name', () => {
  it('fills the route parameters and the period, with safe characters only', () => {
    expect(exportFileName('statement-:id-:from-:to', { id: '12', from: '2026-10-23', to: '2026-11-23' })).toBe('statement-12-2026-10-23-2026-11-23.xlsx');
    expect(exportFileName(':name', { name: 'a/b c' })).toBe('a-b-c.xlsx');
    expect(exportFileName(':missing', {})).toBe('export.xlsx');
  });
});
