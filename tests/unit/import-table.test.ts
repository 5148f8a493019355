import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../src/shared/imports.ts';
import { inFileOrder, knownHeaders, readRow, tableLayout, type ImportSpec, type ImportTexts, type SheetRow } from '../../src/shared/importTable.ts';

const spec: ImportSpec = {
  descriptor: {
    form: 'schemas/forms/x.json',
    columns: [
      { field: 'phoneNumber', kind: 'phone' },
      { field: 'amount', kind: 'amount' },
      { field: 'endDate', kind: 'endDate' },
      { field: 'currency', kind: 'currency' },
      { field: 'title', title: 'imports:columns.title' },
    ],
  },
  form: { required: ['phoneNumber', 'amount'], properties: { phoneNumber: { title: 'f.phone' }, amount: { title: 'f.amount' }, endDate: { title: 'f.end' }, currency: { title: 'f.currency' }, title: {} } },
};
const words: Record<string, Record<string, string>> = {
  en: { 'f.phone': 'Phone number', 'f.amount': 'Amount', 'f.end': 'End date', 'f.currency': 'Currency', 'imports:columns.title': 'Title' },
  pl: { 'f.phone': 'Numer telefonu', 'f.amount': 'Kwota', 'f.end': 'Data końcowa', 'f.currency': 'Waluta', 'imports:columns.title': 'Tytuł' },
};
const texts: ImportTexts = {
  title: (lang, key) => words[lang][key] ?? key,
  message: (lang, code, params) => `${lang}:${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`,
};
const sheet = (...rows: SheetRow['cells'][]): SheetRow[] => rows.map((cells, i) => ({ row: i + 1, cells }));

describe('reading an import’s sheet', () => {
  it('knows each column by its title in either language and by its field', () => {
    const known = knownHeaders(spec, texts);
    expect(known.get('numer telefonu')?.field).toBe('phoneNumber');
    expect(known.get('phone number')?.field).toBe('phoneNumber');
    expect(known.get('phonenumber')?.field).toBe('phoneNumber');
    expect(known.get('tytuł')?.field).toBe('title');
  });

  it('finds the header below title rows, in any case and spacing, and maps the columns wherever they stand', () => {
    const found = tableLayout(spec, sheet(['Payouts of April'], [null], ['  KWOTA ', 'x', 'phone_number:', 'Waluta'], [12.5, 'ignored', 48601234567, 'pln'], ['1 234,56', null, '601 234 567', 'PLN']), 'en', texts);
    if (!('layout' in found)) throw new Error(JSON.stringify(found.errors));
    expect(found.layout.headerRow).toBe(3);
    expect(found.layout.headers).toEqual({ amount: 'KWOTA', phoneNumber: 'phone_number:', currency: 'Waluta' });
    const rows = found.layout.data.map((line) => readRow(found.layout, line));
    expect(rows).toEqual([
      { row: 4, data: { amount: 12_500, phoneNumber: '+48601234567', currency: 'PLN' }, headers: found.layout.headers },
      { row: 5, data: { amount: 1_234_560, phoneNumber: '+48601234567', currency: 'PLN' }, headers: found.layout.headers },
    ]);
  });

  it('takes the row naming most columns as the header, below the upper row of a header of two rows', () => {
    // As a merged two-row header reads: the merged cells' value on both rows, the group titles above.
    const found = tableLayout(spec, sheet(['Phone number', 'Payout', 'Payout'], ['Phone number', 'Amount', 'Currency'], ['601 234 567', 10, 'PLN']), 'en', texts);
    if (!('layout' in found)) throw new Error(JSON.stringify(found.errors));
    expect(found.layout.headerRow).toBe(2);
    expect(found.layout.headers).toEqual({ phoneNumber: 'Phone number', amount: 'Amount', currency: 'Currency' });
  });

  it('reads an end date given as a day as that day’s last second, and leaves unreadable cells for the form’s check', () => {
    const found = tableLayout(spec, sheet(['Phone number', 'Amount', 'End date'], ['+48 601 234 567', 'twelve', '31.12.2026'], ['+48601234567', 10, 46387.5]), 'en', texts);
    if (!('layout' in found)) throw new Error('no layout');
    const rows = found.layout.data.map((line) => readRow(found.layout, line).data);
    expect(rows).toEqual([
      { phoneNumber: '+48601234567', amount: 'twelve', endDate: '2026-12-31 23:59:59' },
      { phoneNumber: '+48601234567', amount: 10_000, endDate: '2026-12-31 12:00:00' },
    ]);
  });

  it('names the required columns missing, in the user’s language, at the header’s row', () => {
    expect(tableLayout(spec, sheet(['Note'], ['Kwota', 'Tytuł']), 'pl', texts)).toEqual({ errors: [{ row: 2, errors: [{ code: 'MISSING_COLUMNS', message: 'pl:MISSING_COLUMNS {"columns":"Numer telefonu"}' }] }] });
    expect(tableLayout(spec, sheet(['Nothing here'], ['at all']), 'en', texts)).toEqual({
      errors: [{ row: 1, errors: [{ code: 'MISSING_COLUMNS', message: 'en:MISSING_COLUMNS {"columns":"Phone number, Amount"}' }] }],
    });
  });

  it('refuses a file with a header only, and one with more rows than the limit at the first row beyond it', () => {
    expect(tableLayout(spec, sheet(['Phone number', 'Amount']), 'en', texts)).toEqual({ errors: [{ row: 2, errors: [{ code: 'EMPTY_FILE', message: 'en:EMPTY_FILE' }] }] });
    const many = sheet(['Phone number', 'Amount'], ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ['+48601234567', 1]));
    expect(tableLayout(spec, many, 'en', texts)).toEqual({ errors: [{ row: IMPORT_MAX_ROWS + 2, errors: [{ code: 'TOO_MANY_ROWS', message: `en:TOO_MANY_ROWS {"limit":${IMPORT_MAX_ROWS}}` }] }] });
  });

  it('orders problems by row, then a row’s own problems, then by the import’s columns', () => {
    const headers = { phoneNumber: 'Phone', amount: 'Amount' };
    const rows = [{ row: 2, data: {}, headers }];
    const e = (row: number, property?: string) => ({ row, ...(property ? { property } : {}), errors: [{ code: 'X', message: 'x' }] });
    expect(inFileOrder(spec, rows, [e(3, 'Phone'), e(2, 'Amount'), e(2, 'Phone'), e(2)])).toEqual([e(2), e(2, 'Phone'), e(2, 'Amount'), e(3, 'Phone')]);
  });
});
