// The browser's quick check of a spreadsheet (src/client/renderer/import/browserCheck.ts and workerCheck.ts, what the
// import screen's Web Worker runs), with the imports' own descriptors, form schemas and column titles from the locale
// files, and the validators the build precompiles for the browser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSheet, MAX_PROBLEMS } from '../../src/client/renderer/import/browserCheck.ts';
import { loadColumnTitles, type ColumnTitles } from '../../src/client/renderer/import/columnTitles.ts';
import { checkWorkbook, type WorkerRequest } from '../../src/client/renderer/import/workerCheck.ts';
import { problemMessage } from '../../src/client/renderer/import/problemText.ts';
import { createTextStore } from '../../src/client/core/textStore.ts';
import { validationMessage } from '../../src/server/platform/texts.ts';
import type { PrecompiledValidateFunction, PrecompiledValidators } from '../../src/client/core/precompiledValidators.ts';
import { IMPORT_MAX_ROWS } from '../../src/shared/imports.ts';
import type { ImportSpec, SheetRow } from '../../src/shared/importTable.ts';
import type { XlsxReader } from '../../src/shared/workbookRows.mjs';
import { generateOne, outputName } from '../../tools/validators/generate.ts';

const root = path.resolve(import.meta.dirname, '../..');
const specOf = (name: string): ImportSpec => {
  const descriptor = JSON.parse(readFileSync(path.join(root, `schemas/imports/${name}.json`), 'utf8'));
  return { descriptor, form: JSON.parse(readFileSync(path.join(root, descriptor.form), 'utf8')) };
};
const recipients = specOf('recipient');
const payouts = specOf('payout');

/** The browser's validator of a form schema, as the build writes it (tools/validators). */
async function precompiled(repoPath: string): Promise<PrecompiledValidateFunction> {
  generateOne(root, repoPath);
  const file = path.join(root, 'src/client/generated/validators', outputName(repoPath));
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)).default as PrecompiledValidators).root;
}

let recipientTitles: ColumnTitles;
let payoutTitles: ColumnTitles;
let validateRecipient: PrecompiledValidateFunction;
let validatePayout: PrecompiledValidateFunction;
beforeAll(async () => {
  [recipientTitles, payoutTitles, validateRecipient, validatePayout] = await Promise.all([
    loadColumnTitles(recipients),
    loadColumnTitles(payouts),
    precompiled(recipients.descriptor.form),
    precompiled(payouts.descriptor.form),
  ]);
});

const sheet = (...rows: SheetRow['cells'][]): SheetRow[] => rows.map((cells, i) => ({ row: i + 1, cells }));

function workbook(rows: (string | number | null)[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return new Uint8Array(bytes).buffer;
}

describe('the column titles the browser places a file’s columns by', () => {
  it('are the locale files’ texts in both languages, whatever the page shows', () => {
    expect(recipientTitles.en['entities:recipient.phoneNumber']).toBe('Phone number');
    expect(recipientTitles.pl['entities:recipient.phoneNumber']).toBe('Numer telefonu');
    expect(payoutTitles.pl['imports:columns.programName']).toBe('Nazwa programu');
  });
});

describe('the browser’s check of an import’s rows', () => {
  it('tells each row’s problems by the file’s header, a number twice where the number is otherwise right, in file order', () => {
    const progress: number[] = [];
    const check = checkSheet(
      recipients,
      sheet(
        ['Phone number *', 'First name *', 'Last name *', 'E-mail'],
        ['+48 601 000 001', 'Anna', 'Nowak', 'not-an-email'],
        ['+48601000001', 'Jan', 'Kowalski', null],
        ['+48 601 000 003', null, 'Wiśniewska', 'ewa@example.com'],
      ),
      recipientTitles,
      'en',
      validateRecipient,
      (done) => progress.push(done),
    );
    expect(check).toEqual({
      rows: 3,
      numberOfProblems: 3,
      problems: [
        { row: 2, property: 'E-mail', errors: [{ code: 'INVALID_EMAIL', params: expect.any(Object) }] },
        { row: 3, property: 'Phone number *', errors: [{ code: 'DUPLICATE_IN_FILE', params: { row: 2 } }] },
        { row: 4, property: 'First name *', errors: [{ code: 'REQUIRED', params: expect.any(Object) }] },
      ],
    });
    expect(progress.at(-1)).toBe(3);
  });

  it('places Polish headers on an English page, and English ones on a Polish page, as the server does', () => {
    const polish = sheet(['Numer telefonu', 'Imię', 'Nazwisko'], ['+48 601 000 001', 'Anna', 'Nowak']);
    expect(checkSheet(recipients, polish, recipientTitles, 'en', validateRecipient)).toEqual({ rows: 1, problems: [], numberOfProblems: 0 });
    const english = sheet(['Phone number', 'Program name', 'Amount', 'Currency', 'End date'], ['+48 601 000 001', 'Bonuses', 'ten', 'pln', '31.12.2026']);
    expect(checkSheet(payouts, english, payoutTitles, 'pl', validatePayout).problems).toEqual([{ row: 2, property: 'Amount', errors: [{ code: expect.any(String), params: expect.any(Object) }] }]);
  });

  it('tells the header’s problems itself: missing columns named in the page’s language, no rows, too many rows', () => {
    expect(checkSheet(recipients, sheet(['Telefon', 'Imię'], ['+48 601 000 001', 'Anna']), recipientTitles, 'pl', validateRecipient)).toEqual({
      rows: 0,
      numberOfProblems: 1,
      problems: [{ row: 1, errors: [{ code: 'MISSING_COLUMNS', params: { columns: 'Numer telefonu, Nazwisko' } }] }],
    });
    expect(checkSheet(recipients, sheet(['Phone number', 'First name', 'Last name']), recipientTitles, 'en', validateRecipient).problems).toEqual([{ row: 2, errors: [{ code: 'EMPTY_FILE', params: {} }] }]);
    const many = sheet(['Phone number', 'First name', 'Last name'], ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ['+48 601 000 001', 'Anna', 'Nowak']));
    expect(checkSheet(recipients, many, recipientTitles, 'en', validateRecipient).problems).toEqual([{ row: IMPORT_MAX_ROWS + 2, errors: [{ code: 'TOO_MANY_ROWS', params: { limit: IMPORT_MAX_ROWS } }] }]);
  });

  it('hands back at most as many problems as the server lists, and counts them all', () => {
    const rows = Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) => [`+48 601 ${String(100_000 + i).slice(0, 3)} ${String(100_000 + i).slice(3)}`, 'Anna', null]);
    const check = checkSheet(recipients, sheet(['Phone number', 'First name', 'Last name'], ...rows), recipientTitles, 'en', validateRecipient);
    expect(check.numberOfProblems).toBe(MAX_PROBLEMS + 5);
    expect(check.problems).toHaveLength(MAX_PROBLEMS);
    expect(check.problems[0]).toMatchObject({ row: 2, property: 'Last name' });
  });
});

describe('the worker’s check of a workbook', () => {
  const request = (spec: ImportSpec, titles: ColumnTitles, bytes: ArrayBuffer): WorkerRequest => ({ bytes, spec, titles, lang: 'en', maxText: 20_000_000 });
  const validatorOf = (validate: PrecompiledValidateFunction) => async () => validate;

  it('reads the file as the server does and judges phone numbers by the server’s rule', async () => {
    const bytes = workbook([
      ['Payouts of April'],
      ['Numer telefonu', 'Nazwa programu', 'Kwota', 'Waluta', 'Data końcowa'],
      [48601000001, 'Bonuses', '12,50', 'pln', '31.12.2026'],
      ['+48 22 123 45 67', 'Bonuses', 10, 'PLN', '31.12.2026'],
      ['+48 601 000 003', 'Bonuses', -5, 'PLN', 'someday'],
    ]);
    const progress: [number, number][] = [];
    const check = await checkWorkbook(XLSX as unknown as XlsxReader, request(payouts, payoutTitles, bytes), validatorOf(validatePayout), (done, total) => progress.push([done, total]));
    expect(check.rows).toBe(3);
    expect(check.problems.map((p) => [p.row, p.property, p.errors.map((e) => e.code)])).toEqual([
      // A landline is no number a payout can be sent to.
      [4, 'Numer telefonu', ['INVALID_PHONE_NUMBER']],
      [5, 'Kwota', [expect.any(String)]],
      [5, 'Data końcowa', [expect.any(String)]],
    ]);
    expect(progress.at(-1)).toEqual([3, 3]);
  });

  it('fails on a file that is no xlsx workbook, or holds too much text (the page then leaves the file to the server)', async () => {
    const csv = new TextEncoder().encode('Phone number,First name,Last name\n+48 601 000 001,Anna,\n').buffer as ArrayBuffer;
    await expect(checkWorkbook(XLSX as unknown as XlsxReader, request(recipients, recipientTitles, csv), validatorOf(validateRecipient))).rejects.toThrow('not an xlsx file');
    const good = workbook([['Phone number', 'First name', 'Last name'], ['+48 601 000 001', 'Anna', 'Nowak']]);
    await expect(checkWorkbook(XLSX as unknown as XlsxReader, { ...request(recipients, recipientTitles, good), maxText: 10 }, validatorOf(validateRecipient))).rejects.toThrow('too much text');
    expect(await checkWorkbook(XLSX as unknown as XlsxReader, request(recipients, recipientTitles, good), validatorOf(validateRecipient))).toEqual({ rows: 1, problems: [], numberOfProblems: 0 });
  });
});

describe('the page’s words for the browser’s problems', () => {
  it('are the server’s: the validation catalogue’s text, else the imports’ own, else the general one', async () => {
    const { t, i18n, loadTexts } = createTextStore({
      language: 'pl',
      languages: ['pl'],
      namespaces: ['validation', 'imports'],
      defaultNamespace: 'common',
      load: (lang, ns) => Promise.resolve(JSON.parse(readFileSync(path.join(root, `locales/${lang}/${ns}.json`), 'utf8'))),
    });
    await loadTexts('pl', ['validation', 'imports']);
    const word = (code: string, params: Record<string, unknown> = {}) => problemMessage(t, i18n.exists, code, params);
    expect(word('INVALID_EMAIL')).toBe(validationMessage('pl', 'INVALID_EMAIL'));
    expect(word('DUPLICATE_IN_FILE', { row: 2 })).toBe(validationMessage('pl', 'DUPLICATE_IN_FILE', { row: 2 }));
    expect(word('MISSING_COLUMNS', { columns: 'Numer telefonu, Nazwisko' })).toBe('W pliku brakuje kolumny Numer telefonu, Nazwisko. Użyj nagłówków z szablonu.');
    expect(word('NO_SUCH_CODE')).toBe(validationMessage('pl', 'NO_SUCH_CODE'));
  });
});
