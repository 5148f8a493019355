// Recipients and payouts from a spreadsheet: the templates, files as people have them (headers in any case and either language,
// phone numbers stored as numbers, extra sheets, blank rows), every problem reported by row and column with nothing
// created, and files that are not what they claim or are made to harm the server refused without harming it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger/index.ts';
import { knownRecipients } from '../../src/server/areas/payouts/importRecipients.ts';
import { ZipWriter } from '../../src/server/export/zipStream.ts';
import { startApp, type TestApp } from './harness.ts';
import { multipart, workbook, type Sheet } from './upload.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

let t: TestApp;
let admin = '';
let customerId = 0;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  admin = await t.login('admin');
  customerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

async function upload(file: Buffer | null, fields: Record<string, string> = {}, token = admin) {
  const { payload, headers } = multipart(file, fields);
  const res = await t.app.inject({ method: 'POST', url: '/api/payout/recipient/fromFile', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}

/** The items of a list filtered by an import. */
async function listed_(url: string, importId: number): Promise<Record<string, unknown>[]> {
  const res = await t.app.inject({ method: 'GET', url: `${url}?limit=100&options=${encodeURIComponent(JSON.stringify({ importId }))}`, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const count = async () => Number((await t.database.db.selectFrom('recipients').select((eb) => eb.fn.countAll().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow()).n);

describe('the recipients import', () => {
  it('offers a template with the headers in the user’s language, required ones marked, and an example row', async () => {
    for (const [lang, first] of [['en', 'Phone number *'], ['pl', 'Numer telefonu *']] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/payout/recipient/fromFile/template?lang=${lang}`, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.xlsx"/);
      const book = XLSX.read(res.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      expect(rows[0][0]).toBe(first);
      expect(rows[1][0]).toBe('+48 601 234 567');
    }
    const en = XLSX.read((await t.app.inject({ method: 'GET', url: '/api/payout/recipient/fromFile/template', headers: { authorization: `Bearer ${admin}` } })).rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<string[]>(en.Sheets[en.SheetNames[0]], { header: 1 })[0]).toEqual(['Phone number *', 'First name *', 'Last name *', 'E-mail', 'External ID', 'Billon App user name']);
  });

  it('reads a file as people write it, previews it without creating anything, then creates every row', async () => {
    const file = workbook({
      Notes: [['Recipients for the spring campaign']],
      Recipients: [
        ['List of April'],
        ['phone NUMBER', ' First  name ', 'last name:', 'E-MAIL', 'Identyfikator zewnętrzny', '__proto__'],
        [48_791_000_001, 'Anna', 'Import', 'anna.import@example.com', 'IMP-1', 'x'],
        [],
        ['+48 791 000 002', 'Jan', 'Import', null, null, null],
        [791_000_003, 'Ewa', 'Import', null, 'IMP-3', null],
        [null, null, null, null, null, null],
      ],
    });
    const before = await count();
    const preview = await upload(file, { dryRun: 'true' });
    expect(preview).toEqual({ status: 200, body: { rows: 3, created: 0, dryRun: true } });
    expect(await count()).toBe(before);

    const done = await upload(file);
    expect(done).toEqual({ status: 200, body: { rows: 3, created: 3, dryRun: false, importId: expect.any(Number) } });
    expect(await count()).toBe(before + 3);
    // The list filtered by the import shows exactly its rows.
    const listed = await listed_('/api/payout/recipient', done.body.importId);
    expect(listed.map((r) => r.phoneNumber).sort()).toEqual(['+48791000001', '+48791000002', '+48791000003']);
    const made = await t.database.db.selectFrom('recipients').select(['phone_number', 'first_name', 'email', 'external_id']).where('last_name', '=', 'Import').orderBy('phone_number').execute();
    expect(made).toEqual([
      { phone_number: '+48791000001', first_name: 'Anna', email: 'anna.import@example.com', external_id: 'IMP-1' },
      { phone_number: '+48791000002', first_name: 'Jan', email: null, external_id: null },
      { phone_number: '+48791000003', first_name: 'Ewa', email: null, external_id: 'IMP-3' },
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const audit = await t.database.db.selectFrom('audit_log').select(['after']).where('action', '=', 'recipient.import').executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ created: 3 });
  });

  it('tells how far the server is with a file to whoever knows the request’s random progress id', async () => {
    const rows: Sheet = [['Phone number', 'First name', 'Last name']];
    // Names are letters only: the row's number in letters.
    const letters = (n: number) => [...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('');
    for (let i = 1; i <= 4_000; i++) rows.push([`+48 792 ${String(i).padStart(6, '0')}`, 'Progress', `Row${letters(i)}`]);
    const file = workbook({ Sheet1: rows });
    const progressId = 'progress-of-a-test-0001-Xq7';
    const at = (id = progressId) => t.app.inject({ method: 'GET', url: `/api/payout/recipient/fromFile/progress/${id}` });
    expect((await at()).statusCode).toBe(404);
    let settled = false;
    const sent = upload(file, { progressId }).finally(() => (settled = true));
    const seen: { phase: string; done: number; total: number }[] = [];
    const others: number[] = [];
    while (!settled) {
      const res = await at();
      if (res.statusCode === 200) seen.push(res.json());
      others.push((await at('progress-of-a-test-0002-Xq7')).statusCode);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await sent).body).toMatchObject({ rows: 4_000, created: 4_000 });
    const phases = [...new Set(seen.map((p) => p.phase))];
    expect(phases).toEqual(expect.arrayContaining(['checking', 'creating']));
    expect(seen.filter((p) => p.phase === 'creating').every((p) => p.total === 4_000 && p.done <= p.total)).toBe(true);
    expect(seen.some((p) => p.phase === 'creating' && p.done > 0 && p.done < 4_000)).toBe(true);
    // Another id tells nothing, and once answered it is gone; a short id is no id.
    expect(new Set(others)).toEqual(new Set([404]));
    expect((await at()).statusCode).toBe(404);
    expect((await at('short')).statusCode).toBe(400);
  });

  it('reports every problem by the spreadsheet’s row and the file’s column header, in the user’s language, and creates nothing', async () => {
    const file = workbook({
      Sheet1: [
        ['Phone number', 'First name', 'Last name', 'E-mail'],
        ['+48 791 000 011', 'Olga', 'Wrong', 'not-an-email'],
        ['+48 791 000 012', 'Piotr', 'Wrong', null],
        ['+48791000012', 'Piotr', 'Twice', null],
        ['+48 791 000 001', 'Anna', 'Again', null],
        ['123', '', 'Wrong', null],
      ],
    });
    const before = await count();
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'FILE_ERRORS', message: 'File contains some errors. See the error details below:' });
    expect(res.body.fileErrors).toEqual([
      { row: 2, property: 'E-mail', errors: [{ code: 'INVALID_EMAIL', message: expect.any(String) }] },
      { row: 4, property: 'Phone number', errors: [{ code: 'DUPLICATE_IN_FILE', message: 'The same value is already in row 3.' }] },
      { row: 5, property: 'Phone number', errors: [{ code: 'RECIPIENT_PHONE_TAKEN', message: 'Recipient with that phone number already exists.' }] },
      { row: 6, property: 'Phone number', errors: [{ code: 'INVALID_PHONE_NUMBER', message: 'Given phone number is invalid' }] },
      { row: 6, property: 'First name', errors: [{ code: 'REQUIRED', message: 'Field required' }] },
    ]);
    expect(await count()).toBe(before);

    const pl = await upload(file, { lang: 'pl' });
    expect(pl.body.fileErrors[1].errors[0].message).toBe('Ta sama wartość jest już w wierszu 3.');

    const noLastName = await upload(workbook({ Sheet1: [['Phone number', 'First name'], ['+48 791 000 021', 'Ola']] }));
    expect(noLastName.body.fileErrors).toEqual([{ row: 1, errors: [{ code: 'MISSING_COLUMNS', message: "The file has no column Last name. Use the template's headers." }] }]);
    const onlyHeader = await upload(workbook({ Sheet1: [['Phone number', 'First name', 'Last name']] }));
    expect(onlyHeader.body.fileErrors).toEqual([{ row: 2, errors: [{ code: 'EMPTY_FILE', message: 'The file has no rows to import.' }] }]);
    expect(await count()).toBe(before);
  });

  it('refuses what is not an xlsx file, a file over 2 MB and a request without a file, naming the file', async () => {
    const notXlsx = await upload(Buffer.from('Phone number,First name,Last name\n+48791000031,Ala,Csv\n'));
    expect(notXlsx).toMatchObject({ status: 400, body: { validationErrors: [{ property: 'file', errors: [{ code: 'FILE_FORMAT_INVALID' }] }] } });
    const fakeZip = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1000, 7)]));
    expect(fakeZip).toMatchObject({ status: 400, body: { validationErrors: [{ property: 'file', errors: [{ code: 'FILE_FORMAT_INVALID' }] }] } });
    const large = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2 * 1024 * 1024 + 10)]));
    expect(large).toMatchObject({ status: 400, body: { validationErrors: [{ property: 'file', errors: [{ code: 'FILE_TOO_LARGE' }] }] } });
    expect((await upload(null, { dryRun: 'true' })).body).toMatchObject({ validationErrors: [{ property: 'file', errors: [{ code: 'REQUIRED' }] }] });
    const json = await t.request({ method: 'POST', url: '/api/payout/recipient/fromFile', token: admin, payload: { file: 'x' } });
    expect(json.status).toBe(400);
  });

  it('reads a file made to exhaust the reader in its worker, while the server keeps answering, and refuses it', async () => {
    // A sheet of one long text repeated: a few hundred KiB zipped, 150 MB of XML to read.
    const row = `<row><c t="inlineStr"><is><t>${'x'.repeat(1000)}</t></is></c></row>`;
    const chunk = row.repeat(1000);
    const zip = new ZipWriter();
    const parts: Buffer[] = [];
    const add = async (entries: AsyncGenerator<Buffer>) => {
      for await (const part of entries) parts.push(part);
    };
    await add(zip.entry('[Content_Types].xml', ['<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>']));
    await add(zip.entry('_rels/.rels', ['<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>']));
    await add(zip.entry('xl/workbook.xml', ['<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>']));
    await add(zip.entry('xl/_rels/workbook.xml.rels', ['<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>']));
    await add(
      zip.entry(
        'xl/worksheets/sheet1.xml',
        (function* () {
          yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
          yield '<row><c t="inlineStr"><is><t>Phone number</t></is></c><c t="inlineStr"><is><t>First name</t></is></c><c t="inlineStr"><is><t>Last name</t></is></c></row>';
          for (let i = 0; i < 150; i++) yield chunk;
          yield '</sheetData></worksheet>';
        })(),
      ),
    );
    parts.push(zip.finish());
    const file = Buffer.concat(parts);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);

    const before = await count();
    const pending = upload(file);
    // The event loop stays free while the worker reads: the server answers meanwhile.
    const asked = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const status = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.statusCode).toBe(200);
    expect(Date.now() - asked).toBeLessThan(1_000);
    const res = await pending;
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ validationErrors: [{ property: 'file', errors: [{ code: 'FILE_FORMAT_INVALID' }] }] });
    expect(await count()).toBe(before);
  }, 60_000);

  it('reads a header of two rows with merged cells, under a merged title', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Recipients of the May campaign'],
      ['Phone number', 'Name', null, 'E-mail'],
      [null, 'First name', 'Last name', null],
      ['+48791300021', 'Iga', 'Merged', 'iga.merged@example.com'],
      ['+48791300022', 'Olaf', 'Merged', null],
    ]);
    // The title over all four columns; Phone number and E-mail over both header rows; Name over its two columns.
    sheet['!merges'] = [
      { s: { r: 0, c: 0 }, e: { r: 0, c: 3 } },
      { s: { r: 1, c: 0 }, e: { r: 2, c: 0 } },
      { s: { r: 1, c: 1 }, e: { r: 1, c: 2 } },
      { s: { r: 1, c: 3 }, e: { r: 2, c: 3 } },
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Recipients');
    const res = await upload(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(res).toEqual({ status: 200, body: { rows: 2, created: 2, dryRun: false, importId: expect.any(Number) } });
    const made = await t.database.db.selectFrom('recipients').select(['phone_number', 'first_name', 'email']).where('last_name', '=', 'Merged').orderBy('phone_number').execute();
    expect(made).toEqual([
      { phone_number: '+48791300021', first_name: 'Iga', email: 'iga.merged@example.com' },
      { phone_number: '+48791300022', first_name: 'Olaf', email: null },
    ]);
  });

  it('refuses a file whose merged ranges would fill more cells than any real sheet has', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Phone number', 'First name', 'Last name'], ['+48791300031', 'Ala', 'Many']]);
    sheet['!ref'] = 'A1:Z5000';
    sheet['!merges'] = Array.from({ length: 50 }, () => ({ s: { r: 1, c: 0 }, e: { r: 4999, c: 25 } }));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Recipients');
    const res = await upload(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(res).toMatchObject({ status: 400, body: { validationErrors: [{ property: 'file', errors: [{ code: 'FILE_FORMAT_INVALID' }] }] } });
    expect(await t.database.db.selectFrom('recipients').select('id').where('last_name', '=', 'Many').execute()).toEqual([]);
  });

  it('reads a file LibreOffice Calc saved (phone numbers turned into numbers)', async () => {
    const res = await upload(readFileSync(path.join(FIXTURES, 'recipients-libreoffice.xlsx')));
    expect(res).toEqual({ status: 200, body: { rows: 2, created: 2, dryRun: false, importId: expect.any(Number) } });
    const made = await t.database.db.selectFrom('recipients').select(['phone_number', 'first_name', 'external_id']).where('last_name', '=', 'Calc').orderBy('phone_number').execute();
    expect(made).toEqual([
      { phone_number: '+48791200011', first_name: 'Ala', external_id: 'LO-1' },
      { phone_number: '+48791200012', first_name: 'Olek', external_id: 'LO-2' },
    ]);
  });

  it('is for those who manage recipients', async () => {
    const viewer = await t.login('viewer');
    expect((await upload(workbook({ Sheet1: [['Phone number', 'First name', 'Last name'], ['+48791000041', 'Ala', 'Viewer']] }), {}, viewer)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/payout/recipient/fromFile/template', headers: { authorization: `Bearer ${viewer}` } })).statusCode).toBe(403);
  });
});

describe('the payouts import', () => {
  const HEADER = ['Phone number', 'Program name', 'Amount', 'Currency', 'End date', 'Title', 'First name', 'Last name', 'E-mail', 'SMS message'];
  const accountOf = (name: string) => t.database.db.selectFrom('accounts').select(['id', 'balance', 'locked_balance']).where('name', '=', name).executeTakeFirstOrThrow();

  async function payoutUpload(file: Buffer, fields: Record<string, string>) {
    const { payload, headers } = multipart(file, fields);
    const res = await t.app.inject({ method: 'POST', url: '/api/payout/fromFile', payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
    return { status: res.statusCode, body: res.json() };
  }

  it('offers its template with the spec’s columns first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payout/fromFile/template?lang=en', headers: { authorization: `Bearer ${admin}` } });
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellNF: true });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['Phone number *', 'Program name *', 'Amount *', 'Currency *', 'End date *', 'Title', 'First name', 'Last name', 'E-mail', 'SMS message']);
    expect(rows[1].slice(0, 4)).toEqual(['+48 601 234 567', 'Employee bonuses', 150.5, 'PLN']);
    // The phone number is text, the amount a number, the end date a date cell in a date format.
    const cells = book.Sheets[book.SheetNames[0]];
    expect(cells.A2).toMatchObject({ t: 's' });
    expect(cells.C2).toMatchObject({ t: 'n', v: 150.5 });
    expect(cells.E2).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm:ss', w: '2026-12-31 23:59:59' });
    expect(cells.E2.v).toBeCloseTo(46387 + 86_399 / 86_400, 8);
  });

  it('says in its template, in both languages, that five columns suffice and that one file pays from one account', async () => {
    const notes = async (lang: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/payout/fromFile/template?lang=${lang}`, headers: { authorization: `Bearer ${admin}` } });
      const book = XLSX.read(res.rawPayload, { type: 'buffer' });
      return { sheets: book.SheetNames, lines: XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[1]], { header: 1 }).map((row) => row[0]) };
    };
    expect(await notes('en')).toEqual({
      sheets: ['Data', 'Read me'],
      lines: [
        'Five columns are required: Phone number, Program name, Amount, Currency and End date. A phone number that is not yet a recipient creates one with the number alone; names and e-mail are optional.',
        "One file pays from one account, chosen when you upload it, so every row is in that account's currency.",
        'The file may be at most 2 MiB (2,097,152 bytes).',
      ],
    });
    const pl = await notes('pl');
    expect(pl.sheets).toEqual(['Dane', 'Przeczytaj']);
    expect(pl.lines[1]).toBe('Jeden plik wypłaca z jednego rachunku, wybranego przy przesyłaniu, więc wszystkie wiersze są w walucie tego rachunku.');
  });

  it('previews a file, then creates its payouts from file with their money blocked, new recipients and their SMS', async () => {
    const main = await accountOf('Main PLN account');
    const file = workbook({
      Payouts: [
        HEADER,
        ['+48 601 000 001', 'employee BONUSES', 12.5, 'pln', 46387, 'March bonus', null, null, null, null],
        [48_791_100_001, 'Employee bonuses', '1 234,56', 'PLN', '31.12.2026', null, 'Nowa', 'Osoba', 'nowa.osoba@example.com', 'Your bonus: {PAYOUT_AMOUNT}'],
        [null, null, null, null, null, null, null, null, null, null],
      ],
    });
    const outboxBefore = Number((await t.database.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const preview = await payoutUpload(file, { accountId: String(main.id), dryRun: 'true' });
    expect(preview).toEqual({ status: 200, body: { rows: 2, totals: [{ currency: 'PLN', amount: 1_247_060, payouts: 2 }], programs: ['Employee bonuses'], created: 0, dryRun: true } });
    expect(await accountOf('Main PLN account')).toEqual(main);

    const done = await payoutUpload(file, { accountId: String(main.id) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ rows: 2, created: 2, dryRun: false, importId: expect.any(Number) });
    const inImport = await listed_('/api/payout', done.body.importId);
    expect(inImport.map((p) => [p.amount, p.recipientPhoneNumber, p.importId])).toEqual([
      [1_234_560, '+48791100001', done.body.importId],
      [12_500, '+48601000001', done.body.importId],
    ]);
    expect((await listed_('/api/payout/recipient', done.body.importId)).map((r) => r.phoneNumber)).toEqual(['+48791100001']);
    const after = await accountOf('Main PLN account');
    expect(after).toEqual({ ...main, balance: Number(main.balance) - 1_247_060, locked_balance: Number(main.locked_balance) + 1_247_060 });
    const made = await t.database.db
      .selectFrom('payouts')
      .innerJoin('recipients', 'recipients.id', 'payouts.recipient_id')
      .select(['payouts.amount', 'payouts.status', 'payouts.source', 'payouts.title', 'payouts.end_date', 'recipients.phone_number', 'recipients.first_name'])
      .where('payouts.account_id', '=', main.id)
      .where('payouts.source', '=', 'FROM_FILE')
      .orderBy('payouts.id')
      .execute();
    expect(made).toEqual([
      { amount: 12_500, status: 'TO_COLLECT', source: 'FROM_FILE', title: 'March bonus', end_date: new Date('2026-12-31T22:59:59Z'), phone_number: '+48601000001', first_name: 'Anna' },
      { amount: 1_234_560, status: 'TO_COLLECT', source: 'FROM_FILE', title: null, end_date: new Date('2026-12-31T22:59:59Z'), phone_number: '+48791100001', first_name: 'Nowa' },
    ]);
    const sms = await t.database.db.selectFrom('outbox').select(['recipient', 'body']).orderBy('id', 'desc').limit(2).execute();
    expect(Number((await t.database.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(outboxBefore + 2);
    expect(sms.find((m) => m.recipient === '+48791100001')?.body).toBe('Your bonus: 1234.56 PLN');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('imports a file of exactly the spec’s five columns, creating new phones as recipients with the number alone', async () => {
    const main = await accountOf('Main PLN account');
    const file = workbook({
      Payouts: [
        ['Phone number', 'Program name', 'Amount', 'Currency', 'End date'],
        ['+48 793 500 001', 'Employee bonuses', 10, 'PLN', '2026-12-31 23:59:59'],
        ['+48 793 500 002', 'Employee bonuses', 20.5, 'PLN', '2026-12-31 23:59:59'],
      ],
    });
    const done = await payoutUpload(file, { accountId: String(main.id) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ rows: 2, created: 2, dryRun: false });
    const made = await t.database.db
      .selectFrom('payouts')
      .innerJoin('recipients', 'recipients.id', 'payouts.recipient_id')
      .select(['payouts.amount', 'payouts.status', 'recipients.phone_number', 'recipients.first_name', 'recipients.last_name'])
      .where('recipients.phone_number', 'in', ['+48793500001', '+48793500002'])
      .orderBy('recipients.phone_number')
      .execute();
    expect(made).toEqual([
      { amount: 10_000, status: 'TO_COLLECT', phone_number: '+48793500001', first_name: null, last_name: null },
      { amount: 20_500, status: 'TO_COLLECT', phone_number: '+48793500002', first_name: null, last_name: null },
    ]);
  });

  it('says the size limit exactly when a payout file is too large', async () => {
    const main = await accountOf('Main PLN account');
    const large = await payoutUpload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2 * 1024 * 1024 + 10)]), { accountId: String(main.id) });
    expect(large).toEqual({ status: 400, body: { validationErrors: [{ property: 'file', errors: [{ code: 'FILE_TOO_LARGE', message: 'File is too large. Maximum size: 2 MiB (2097152 B)' }] }] } });
  });

  it('reads a Polish file LibreOffice Calc saved: Polish headers, amounts and dates as number and date cells', async () => {
    const main = await accountOf('Main PLN account');
    const res = await payoutUpload(readFileSync(path.join(FIXTURES, 'wyplaty-libreoffice.xlsx')), { accountId: String(main.id), lang: 'pl' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 2, totals: [{ currency: 'PLN', amount: 1_247_060, payouts: 2 }] });
    const made = await t.database.db
      .selectFrom('payouts')
      .innerJoin('recipients', 'recipients.id', 'payouts.recipient_id')
      .select(['payouts.amount', 'payouts.title', 'payouts.end_date', 'recipients.phone_number', 'recipients.last_name'])
      .where('payouts.source', '=', 'FROM_FILE')
      .where('recipients.phone_number', 'in', ['+48601000007', '+48791200001'])
      .orderBy('payouts.id')
      .execute();
    expect(made).toEqual([
      // 31.12.2026, a date cell: the end of that day in Warsaw.
      { amount: 12_500, title: 'Nagroda za marzec', end_date: new Date('2026-12-31T22:59:59Z'), phone_number: '+48601000007', last_name: expect.any(String) },
      // 30.11.2026 18:00, a date and time cell.
      { amount: 1_234_560, title: null, end_date: new Date('2026-11-30T17:00:00Z'), phone_number: '+48791200001', last_name: 'Odbiorczyni' },
    ]);
  });

  it('reports each row a creation would refuse, with the API’s messages, and creates nothing', async () => {
    const payroll = await accountOf('Payroll PLN');
    const file = workbook({
      Payouts: [
        HEADER,
        ['+48 601 000 001', 'No such program', 10, 'PLN', '2026-12-31', null, null, null, null, null],
        ['+48 601 000 001', 'Employee bonuses', 10, 'EUR', '2026-12-31', null, null, null, null, null],
        ['+48 601 000 001', 'Employee bonuses', 10, 'PLN', '2020-01-01', null, null, null, null, null],
        // A new number with only a first name is fine now (names are optional); its row is refused for its amount.
        ['+48 791 100 002', 'Employee bonuses', 'ten', 'PLN', '2026-12-31', null, 'Only', null, null, null],
        ['+48 601 000 001', 'Employee bonuses', 'ten', 'PLN', '2026-12-31', null, null, null, null, null],
        ['+48 601 000 001', 'Employee bonuses', Number(payroll.balance) / 1000 + 0.01, 'PLN', '2026-12-31', null, null, null, null, null],
        ['+48 601 000 002', 'Employee bonuses', 10, 'PLN', '2026-12-31', null, null, null, null, null],
      ],
    });
    const before = Number((await t.database.db.selectFrom('payouts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const res = await payoutUpload(file, { accountId: String(payroll.id) });
    expect(res.status).toBe(400);
    expect(res.body.fileErrors.map((e: { row: number; property?: string; errors: { code: string; message: string }[] }) => `Row ${e.row}, Column ${e.property}: ${e.errors[0].message}`)).toEqual([
      'Row 2, Column Program name: Program not found!',
      "Row 3, Column Currency: Mismatch between program's currency and transaction's currency.",
      expect.stringMatching(/^Row 4, Column End date: /),
      expect.stringMatching(/^Row 5, Column Amount: /),
      expect.stringMatching(/^Row 6, Column Amount: /),
      'Row 7, Column Amount: Insufficient funds!',
    ]);
    expect(Number((await t.database.db.selectFrom('payouts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
    expect(await accountOf('Payroll PLN')).toEqual(payroll);
  });

  it('asks for one SMS code for a file whose total reaches the step-up threshold, then creates it', async () => {
    const main = await accountOf('Main PLN account');
    const file = workbook({ Payouts: [HEADER, ['+48 601 000 003', 'Employee bonuses', 6_000, 'PLN', '2026-12-31', 'Large', null, null, null, null], ['+48 601 000 004', 'Employee bonuses', 4_000, 'PLN', '2026-12-31', 'Large', null, null, null, null]] });
    const first = await payoutUpload(file, { accountId: String(main.id) });
    expect(first).toEqual({
      status: 200,
      body: { authorizationRequired: true, authorization: { operation: 'PAYOUT_IMPORT', amount: 10_000_000, currency: 'PLN', account: { id: main.id, name: 'Main PLN account' }, payouts: 2 } },
    });
    expect(await accountOf('Main PLN account')).toEqual(main);
    const code = await t.lastCode('+48500100200');
    const second = await payoutUpload(file, { accountId: String(main.id), verificationCode: code });
    expect(second.body).toMatchObject({ created: 2 });
    expect((await accountOf('Main PLN account')).balance).toBe(Number(main.balance) - 10_000_000);
  });

  it('never exceeds a program’s budget with two imports at once', async () => {
    const program = await t.database.db.selectFrom('programs').select(['id', 'budget', 'budget_interval']).where('name', '=', 'Contest prizes').executeTakeFirstOrThrow();
    const used = Number((await sql<{ used: number }>`SELECT COALESCE(sum(amount), 0)::bigint AS used FROM payouts WHERE program_id = ${program.id} AND status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED')`.execute(t.database.db)).rows[0].used);
    const remaining = Number(program.budget) - used;
    expect(remaining).toBeGreaterThan(100);
    // Each file alone fits; both together do not.
    const amount = Math.floor((remaining * 0.6) / 10) / 100;
    const main = await accountOf('Main PLN account');
    const file = (phone: string) => workbook({ Payouts: [HEADER, [phone, 'Contest prizes', amount, 'PLN', '2026-12-31', 'Prize', 'Konkurs', 'Zwycięzca', null, null]] });
    const answers = await Promise.all([payoutUpload(file('+48 791 100 011'), { accountId: String(main.id) }), payoutUpload(file('+48 791 100 012'), { accountId: String(main.id) })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.fileErrors[0].errors[0].code).toBe('PROGRAM_BUDGET_EXCEEDED');
    const after = Number((await sql<{ used: number }>`SELECT COALESCE(sum(amount), 0)::bigint AS used FROM payouts WHERE program_id = ${program.id} AND status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED')`.execute(t.database.db)).rows[0].used);
    expect(after).toBeLessThanOrEqual(Number(program.budget));
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('finds and locks the known recipients a file names a few numbers a statement, each number once', async () => {
    const db = t.database.db;
    const phones = ['+48793000001', '+48793000002', '+48793000003', '+48793000004', '+48793000005'];
    const made = await db
      .insertInto('recipients')
      .values(phones.map((phone_number, i) => ({ customer_id: customerId, first_name: 'Plik', last_name: `Odbiorca ${i + 1}`, phone_number, email: null, external_id: null, billon_user_name: null, blocked: i === 3 })))
      .returning(['id', 'phone_number'])
      .execute();
    const id = (phone: string) => made.find((r) => r.phone_number === phone)!.id;
    // Five known numbers (one twice) and one unknown, two numbers a statement: four slices.
    const rows = [...phones, '+48793000002', '+48793000099'].reverse().map((phoneNumber, i) => ({ row: i + 2, data: { phoneNumber }, headers: {} }));
    const expected = new Map(phones.map((phone, i) => [phone, { id: id(phone), blocked: i === 3 }]));
    expect(await knownRecipients(db, { lookup: 2 }, customerId, rows)).toEqual(expected);
    expect(await db.transaction().execute((trx) => knownRecipients(trx, { lookup: 2 }, customerId, rows, true))).toEqual(expected);
    // A file that one statement takes: found and locked together.
    expect(await db.transaction().execute((trx) => knownRecipients(trx, { lookup: 10 }, customerId, rows, true))).toEqual(expected);
  });
});
