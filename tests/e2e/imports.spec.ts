// Spreadsheet imports in the panel: the template downloaded and read, a file with problems told by the browser's own
// check (nothing sent) line by line with 'Send file again', a filled file previewed and imported with the progress bar
// following the browser's check and the server's phases, the link to exactly the imported rows; payouts from the
// account picker on, in Polish.
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import type { Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, loginAs, test } from './helpers.ts';

type List<T> = { items: T[] };

function workbook(rows: (string | number | null)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import requests (POST …/fromFile) the page sends from now on. */
function importRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/fromFile')) sent.push(request.postData() ?? '');
  });
  return sent;
}

/** Holds the page's import requests until released (the server's answer a moment later, to see the bar meanwhile). */
async function holdImports(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'admin', { open: false });
});

test('adds recipients from the template filled in, after a file with problems is sent again', async ({ page }) => {
  await page.goto('/panel/recipients');
  await page.getByRole('main').getByRole('link', { name: 'Add recipients from file' }).click();
  await expect(page).toHaveURL(/\/panel\/recipients\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add recipients from file' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template (.xlsx)' }).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe('recipients-template.xlsx');
  const read = XLSX.read(readFileSync((await template.path())!), { type: 'buffer' });
  const header = XLSX.utils.sheet_to_json<string[]>(read.Sheets[read.SheetNames[0]], { header: 1 })[0];
  expect(header.slice(0, 3)).toEqual(['Phone number *', 'First name *', 'Last name *']);
  await expectAccessible(page);

  const sent = importRequests(page);
  const stamp = String(Date.now()).slice(-6);
  // A surname of this run only (letters: the form takes no digits in names).
  const surname = `Zplik${[...stamp].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
  const file = page.getByLabel('Spreadsheet file (.xlsx)');
  await file.setInputFiles({
    name: 'recipients.xlsx',
    mimeType: XLSX_TYPE,
    buffer: workbook([header, [`+48 792 ${stamp.slice(0, 3)} ${stamp.slice(3)}`, 'Ada', surname, 'not-an-email'], [`+48 792 ${stamp.slice(0, 3)} ${stamp.slice(3)}`, 'Ada', surname, null]]),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'File contains some errors. See the error details below:' })).toBeVisible();
  const problems = page.getByRole('list', { name: 'Problems in the file' });
  await expect(problems.getByRole('listitem')).toHaveText(['Row 2, Column E-mail: Email is invalid', 'Row 3, Column Phone number *: The same value is already in row 2.']);
  // The browser's check found them: the file was not sent.
  expect(sent).toEqual([]);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send file again' }).click();

  // The server's answer held back a moment, to see the bar where the browser's check left it.
  const release = await holdImports(page, '/api/payout/recipient/fromFile');
  await page.getByLabel('Spreadsheet file (.xlsx)').setInputFiles({
    name: 'recipients.xlsx',
    mimeType: XLSX_TYPE,
    buffer: workbook([header, [`+48 792 ${stamp.slice(0, 3)} ${stamp.slice(3)}`, 'Ada', surname, null], [`+48 793 ${stamp.slice(0, 3)} ${stamp.slice(3)}`, 'Olek', surname, 'olek@example.com']]),
  });
  const bar = page.getByRole('progressbar', { name: 'Sending recipients.xlsx…' });
  await expect(bar).toBeVisible();
  expect(Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(40);
  expect(Number(await bar.getAttribute('max'))).toBe(100);
  await expectAccessible(page);
  release();
  await expect(page.getByText('Rows ready to import from recipients.xlsx: 2.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Recipients created: 2');
  expect(sent).toHaveLength(2);
  // The link leads to the list of exactly the rows the file created.
  await page.getByRole('dialog').getByRole('link', { name: 'Show the imported rows' }).click();
  await expect(page).toHaveURL(/\/panel\/recipients\?options=/);
  const rows = page.getByRole('main').getByRole('row').filter({ hasText: surname });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('main').getByRole('row')).toHaveCount(3);
  const found = await apiCall<List<{ lastName: string }>>(page, 'GET', `/api/payout/recipient?options=${encodeURIComponent(JSON.stringify({ search: surname }))}`);
  expect(found.items).toHaveLength(2);
});

test('adds payouts from file in Polish, from the account picker on, its problems in Polish', async ({ page }) => {
  await page.goto('/panel/payouts');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Dodaj wypłaty z pliku' }).click();
  await expect(page).toHaveURL(/\/panel\/payouts\/import$/);
  await page.getByRole('group', { name: 'Rachunek, z którego płacimy' }).getByRole('radio', { name: /^Main PLN account/ }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByText('Płatne z: Main PLN account.')).toBeVisible();
  await expectAccessible(page);

  const header = ['Numer telefonu', 'Nazwa programu', 'Kwota', 'Waluta', 'Data końcowa', 'Tytuł'];
  const sent = importRequests(page);
  // A problem the browser tells at once, in Polish (an amount below the minimum), without sending the file.
  await page.getByLabel('Plik arkusza (.xlsx)').setInputFiles({ name: 'wyplaty.xlsx', mimeType: XLSX_TYPE, buffer: workbook([header, ['+48 601 000 001', 'Employee bonuses', '0', 'PLN', '31.12.2026', 'Import']]) });
  await expect(page.getByRole('alert').filter({ hasText: 'Plik zawiera błędy. Szczegóły poniżej:' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Problemy w pliku' }).getByRole('listitem')).toHaveText([/^Wiersz 2, kolumna Kwota: \S/]);
  expect(sent).toEqual([]);
  await page.getByRole('button', { name: 'Wyślij plik ponownie' }).click();

  // One only the server can tell (no such program): the bar shows the sending in Polish meanwhile.
  const release = await holdImports(page, '/api/payout/fromFile');
  await page.getByLabel('Plik arkusza (.xlsx)').setInputFiles({ name: 'wyplaty.xlsx', mimeType: XLSX_TYPE, buffer: workbook([header, ['+48 601 000 001', 'Nie ma takiego', '12,50', 'PLN', '31.12.2026', 'Import']]) });
  await expect(page.getByRole('progressbar', { name: 'Wysyłanie pliku wyplaty.xlsx…' })).toBeVisible();
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Plik zawiera błędy. Szczegóły poniżej:' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Problemy w pliku' }).getByRole('listitem')).toHaveText([/^Wiersz 2, kolumna Nazwa programu: /]);
  expect(sent).toHaveLength(1);
  await page.unroute('**/api/payout/fromFile');
  await page.getByRole('button', { name: 'Wyślij plik ponownie' }).click();

  const title = `Import ${Date.now()}`;
  await page.getByLabel('Plik arkusza (.xlsx)').setInputFiles({ name: 'wyplaty.xlsx', mimeType: XLSX_TYPE, buffer: workbook([header, ['+48 601 000 001', 'Employee bonuses', '12,50', 'PLN', '31.12.2026', title]]) });
  await expect(page.getByText('Wiersze gotowe do importu z pliku wyplaty.xlsx: 1.')).toBeVisible();
  await expect(page.getByText('Razem: 12,50 zł; wypłaty: 1.')).toBeVisible();
  await expect(page.getByText('Programy: Employee bonuses.')).toBeVisible();
  await page.getByRole('button', { name: 'Importuj' }).click();
  await expect(page.getByRole('dialog')).toContainText('Utworzono wypłaty: 1');
  const made = await apiCall<List<{ source: string; amount: number }>>(page, 'GET', `/api/payout?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
  expect(made.items).toMatchObject([{ source: 'FROM_FILE', amount: 12_500 }]);
});

test('keeps the preview of a large file when the Authorization dialog is closed without a code, and creates nothing', async ({ page }) => {
  await page.goto('/panel/payouts/import');
  await page.getByRole('group', { name: 'Account to pay from' }).getByRole('radio', { name: /^Main PLN account/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const title = `Large import ${Date.now()}`;
  const header = ['Phone number', 'Program name', 'Amount', 'Currency', 'End date', 'Title'];
  await page.getByLabel('Spreadsheet file (.xlsx)').setInputFiles({ name: 'large.xlsx', mimeType: XLSX_TYPE, buffer: workbook([header, ['+48 601 000 001', 'Employee bonuses', 10_000, 'PLN', '31.12.2026', title]]) });
  await expect(page.getByText('Total: PLN 10,000.00; payouts: 1.')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const authorization = page.getByRole('dialog', { name: 'Authorization' });
  await expect(authorization).toBeVisible();
  await authorization.getByRole('button', { name: 'Cancel' }).click();
  await expect(authorization).toHaveCount(0);
  await expect(page.getByText('Total: PLN 10,000.00; payouts: 1.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeVisible();
  const made = await apiCall<List<unknown>>(page, 'GET', `/api/payout?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
  expect(made.items).toHaveLength(0);
});

test('adds payouts from the payouts template filled in, after its problem in Amount is sent again, and lists them', async ({ page }) => {
  await page.goto('/panel/payouts/import');
  await page.getByRole('group', { name: 'Account to pay from' }).getByRole('radio', { name: /^Main PLN account/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template (.xlsx)' }).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe('payouts-template.xlsx');
  const read = XLSX.read(readFileSync((await template.path())!), { type: 'buffer' });
  const header = XLSX.utils.sheet_to_json<string[]>(read.Sheets[read.SheetNames[0]], { header: 1 })[0];
  expect(header.slice(0, 5)).toEqual(['Phone number *', 'Program name *', 'Amount *', 'Currency *', 'End date *']);

  const title = `Template ${Date.now()}`;
  const row = (amount: string | number) => ['+48 601 000 001', 'Employee bonuses', amount, 'PLN', '31.12.2026', title];
  const fill = (rows: (string | number)[][]) => workbook([header, ...rows.map((r) => [...r, ...Array(header.length - r.length).fill(null)])]);
  const sent = importRequests(page);
  await page.getByLabel('Spreadsheet file (.xlsx)').setInputFiles({ name: 'payouts.xlsx', mimeType: XLSX_TYPE, buffer: fill([row('10,50'), row('ten')]) });
  await expect(page.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem')).toHaveText([/^Row 3, Column Amount \*: .+/]);
  expect(sent).toEqual([]);
  await page.getByRole('button', { name: 'Send file again' }).click();

  await page.getByLabel('Spreadsheet file (.xlsx)').setInputFiles({ name: 'payouts.xlsx', mimeType: XLSX_TYPE, buffer: fill([row('10,50'), row(20)]) });
  await expect(page.getByText('Total: PLN 30.50; payouts: 2.')).toBeVisible();

  // The import held back: the bar stays where it is while the server has not started (its progress route answers
  // 404), then follows the phase the server reports for the request's progress id.
  const release = await holdImports(page, '/api/payout/fromFile');
  const polled: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/payout/fromFile/progress/')) polled.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const sending = page.getByRole('progressbar', { name: 'Sending payouts.xlsx…' });
  await expect(sending).toBeVisible();
  await expect(sending).toHaveAttribute('max', '100');
  await expect(sending).toHaveAttribute('value', '25');
  await expect.poll(() => polled.length).toBeGreaterThanOrEqual(2);
  await expect(sending).toHaveAttribute('value', '25');
  const progressId = /name="progressId"\r\n\r\n([\w-]+)/.exec(sent.at(-1) ?? '')?.[1];
  expect(progressId).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  expect(polled[0]).toBe(`404 /api/payout/fromFile/progress/${progressId}`);
  await page.route('**/api/payout/fromFile/progress/*', (route) => route.fulfill({ json: { phase: 'creating', done: 1, total: 2 } }));
  const creating = page.getByRole('progressbar', { name: 'Creating the rows of payouts.xlsx…' });
  await expect(creating).toHaveAttribute('value', '80');
  await expectAccessible(page);
  release();
  await expect(page.getByRole('dialog')).toContainText('Payouts created: 2');
  await expect(creating).toHaveCount(0);
  await page.getByRole('dialog').getByRole('link', { name: 'Show the imported rows' }).click();
  await expect(page).toHaveURL(/\/panel\/payouts\?options=/);
  // Exactly the file's rows: the header row and its two payouts.
  const rows = page.getByRole('main').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Employee bonuses' }).filter({ hasText: 'From file' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'PLN 10.50' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'PLN 20.00' })).toHaveCount(1);
  await expectAccessible(page);
});

test('tells a file’s missing columns, and the rows of a Polish file on an English page, without sending it', async ({ page }) => {
  await page.goto('/panel/recipients/import');
  const sent = importRequests(page);
  const file = page.getByLabel('Spreadsheet file (.xlsx)');
  await file.setInputFiles({ name: 'people.xlsx', mimeType: XLSX_TYPE, buffer: workbook([['Phone number', 'Name'], ['+48 601 000 001', 'Anna']]) });
  await expect(page.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem')).toHaveText([
    "Row 1: The file has no column First name, Last name. Use the template's headers.",
  ]);
  await page.getByRole('button', { name: 'Send file again' }).click();
  await file.setInputFiles({ name: 'odbiorcy.xlsx', mimeType: XLSX_TYPE, buffer: workbook([['Numer telefonu', 'Imię', 'Nazwisko'], ['601 000 001', 'Anna', 'N']]) });
  await expect(page.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem')).toHaveText([/^Row 2, Column Nazwisko: \S/]);
  expect(sent).toEqual([]);
  await expectAccessible(page);
});

test('leaves the file to the server’s check when the browser’s worker cannot load', async ({ page }) => {
  await page.route('**/importWorker-*.js', (route) => route.abort());
  await page.goto('/panel/recipients/import');
  const sent = importRequests(page);
  await page.getByLabel('Spreadsheet file (.xlsx)').setInputFiles({ name: 'people.xlsx', mimeType: XLSX_TYPE, buffer: workbook([['Phone number', 'First name', 'Last name', 'E-mail'], ['+48 601 000 001', 'Anna', 'Nowak', 'not-an-email']]) });
  await expect(page.getByRole('alert').filter({ hasText: 'File contains some errors. See the error details below:' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem')).toHaveText(['Row 2, Column E-mail: Email is invalid']);
  expect(sent).toHaveLength(1);
});
