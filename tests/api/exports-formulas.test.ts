// No live formulas in any file the product writes: a beneficiary name set on the collection page as
// =HYPERLINK("http://evil.example","b") and payout titles or names that begin with +, -, @, tab or carriage return
// come out of the settlement CSV, the payouts report (CSV and xlsx) and the import templates as text: a CSV field
// behind a single quote, a workbook's string cell, never a formula. Amounts stay numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { topUp } from '../../src/server/ledger/index.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

const HYPERLINK = '=HYPERLINK("http://evil.example","b")';
const TITLES = ['+Bonus', '-Bonus', '@Bonus', '\tBonus', '\rBonus'];

let t: TestApp;
let superadmin = '';
let admin = '';
let customerId = 0;
let accountId = 0;
let programId = 0;

/** The fields of a CSV file (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quotedField = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quotedField) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), (i += 1);
      else if (c === '"') quotedField = false;
      else field += c;
    } else if (c === '"') quotedField = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), (i += 1);
    else field += c;
  }
  return rows;
}

/** Every cell of a workbook's first sheet that is a formula: none may be. */
function formulas(bytes: Buffer | string, type: 'buffer' | 'string'): string[] {
  const book = XLSX.read(bytes, { type, cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  return Object.entries(sheet)
    .filter(([key, cell]) => !key.startsWith('!') && (cell as XLSX.CellObject).f !== undefined)
    .map(([key]) => key);
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  const db = t.database.db;
  customerId = (await db.selectFrom('users').select('customer_id').where('login', '=', 'admin').executeTakeFirstOrThrow()).customer_id!;
  accountId = (await db.insertInto('accounts').values({ customer_id: customerId, name: 'Exports GBP', currency: 'GBP', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.transaction().execute((trx) => topUp(trx, { accountId, amount: 10_000_000, reference: 'tests', actor: { userId: null } }));
  programId = (
    await db
      .insertInto('programs')
      .values({ customer_id: customerId, name: HYPERLINK, currency: 'GBP', budget: 100_000_000, budget_interval: 'ONE_TIME', url: null, reminder_days: null, reminder_hour: null, reminder_message: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // The demo's collected payouts exported first, so the batch below holds only these.
  for (const group of (await t.request({ method: 'GET', url: '/api/settlement/pending', token: superadmin })).body.items) {
    expect((await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: group.channel, currency: group.currency } })).status).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

/** A recipient (its first name as given) with a UK bank account in the beneficiary's name, and a payout to it. */
async function payout(firstName: string, beneficiaryName: string, title: string, status: 'COLLECTED_ON_PAGE' | 'TO_COLLECT'): Promise<number> {
  const db = t.database.db;
  const recipient = await db
    .insertInto('recipients')
    .values({ customer_id: customerId, first_name: firstName, last_name: 'Nowak', phone_number: `+4478${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, email: null, external_id: null, billon_user_name: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bank = await db
    .insertInto('bank_accounts')
    .values({ recipient_id: recipient.id, country_code: 'GB', currency: 'GBP', channel: 'UK_LOCAL', beneficiary_type: 'INDIVIDUAL', beneficiary_name: beneficiaryName, iban: null, bic: null, sort_code: '60-16-13', account_number: '31926819', routing_code: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = await insertPayout(db, { customerId, accountId, programId, recipientId: recipient.id, currency: 'GBP', amount: 2_500, status });
  await db.updateTable('payouts').set({ bank_account_id: status === 'COLLECTED_ON_PAGE' ? bank.id : null, title }).where('id', '=', id).execute();
  return id;
}

describe('no live formulas in exported files', () => {
  it('the settlement CSV writes the beneficiary name and the titles behind a single quote; the amount stays a number', async () => {
    await payout('Anna', HYPERLINK, 'Bonus for March', 'COLLECTED_ON_PAGE');
    for (const title of TITLES) await payout('Anna', 'Anna Nowak', title, 'COLLECTED_ON_PAGE');
    const made = await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: 'UK_LOCAL', currency: 'GBP' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ payouts: 6, fileName: expect.stringMatching(/\.csv$/) });
    const file = await t.request({ method: 'GET', url: `/api/settlement/batch/${made.body.id}/file`, token: superadmin });
    const text = String(file.body);

    const rows = csvRows(text);
    expect(rows[0]).toEqual(['reference', 'beneficiaryName', 'beneficiaryType', 'countryCode', 'currency', 'amount', 'iban', 'bic', 'sortCode', 'accountNumber', 'routingCode', 'title', 'debtorName', 'debtorIban']);
    const body = rows.slice(1);
    expect(body).toHaveLength(6);
    // The debtor is the demo customer's payer details (seeded).
    expect(body.every((r) => r[12] === 'Demo Company sp. z o.o.' && r[13] === 'PL96114020040000330200123456')).toBe(true);
    expect(body.map((r) => r[1]).sort()).toEqual(["'=HYPERLINK(\"http://evil.example\",\"b\")", 'Anna Nowak', 'Anna Nowak', 'Anna Nowak', 'Anna Nowak', 'Anna Nowak']);
    expect(body.map((r) => r[11]).sort()).toEqual(["'\tBonus", "'\rBonus", "'+Bonus", "'-Bonus", "'@Bonus", 'Bonus for March']);
    expect(body.every((r) => r[5] === '2.50')).toBe(true);
    // Raw: the name's field is quoted (it holds quotes and commas), its text begins with the single quote.
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""b"")",INDIVIDUAL,`);
    // A spreadsheet program opening the file finds no formula and reads the amounts as numbers.
    expect(formulas(text, 'string')).toEqual([]);
    const sheet = XLSX.read(text, { type: 'string' }).Sheets.Sheet1;
    expect(sheet.F2).toMatchObject({ t: 'n', v: 2.5 });
  });

  it('the payouts report, as CSV and as xlsx, writes names and programs as text, never formulas', async () => {
    for (const name of ['+Anna', '-Anna', '@Anna', '\tAnna', '\rAnna']) await payout(name, 'Anna Nowak', 'Bonus', 'TO_COLLECT');
    const options = encodeURIComponent(JSON.stringify({ programId, status: ['TO_COLLECT'] }));
    const download = (format: string) => t.app.inject({ method: 'GET', url: `/api/payout/report?options=${options}&format=${format}&lang=en`, headers: { authorization: `Bearer ${admin}` } });

    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0].slice(0, 5)).toEqual(['Reference', 'Recipient', 'Program', 'Amount', 'Currency']);
    const body = rows.slice(1);
    expect(body).toHaveLength(5);
    expect(body.map((r) => r[1]).sort()).toEqual(["'\tAnna Nowak", "'\rAnna Nowak", "'+Anna Nowak", "'-Anna Nowak", "'@Anna Nowak"]);
    expect(body.every((r) => r[2] === "'=HYPERLINK(\"http://evil.example\",\"b\")")).toBe(true);
    expect(body.every((r) => r[3] === '2.5' && r[4] === 'GBP')).toBe(true);
    expect(formulas(csv.body.replace(/^\uFEFF/, ''), 'string')).toEqual([]);

    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(formulas(xlsx.rawPayload, 'buffer')).toEqual([]);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer', cellFormula: true, cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const names = [2, 3, 4, 5, 6].map((r) => sheet[`B${r}`]);
    // String cells in the Text format: editing one in a spreadsheet keeps it text.
    expect(names.every((cell) => cell.t === 's' && cell.z === '@')).toBe(true);
    expect(names.map((cell) => cell.v).sort()).toEqual(['\tAnna Nowak', '\rAnna Nowak', '+Anna Nowak', '-Anna Nowak', '@Anna Nowak']);
    expect([2, 3, 4, 5, 6].map((r) => sheet[`C${r}`])).toEqual(Array(5).fill(expect.objectContaining({ t: 's', v: HYPERLINK })));
    expect(sheet.D2).toMatchObject({ t: 'n', v: 2.5 });
  });

  it("the import templates write their phone example '+48 …' as a text cell, unchanged", async () => {
    for (const url of ['/api/payout/fromFile/template?lang=en', '/api/payout/recipient/fromFile/template?lang=en']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(200);
      expect(formulas(res.rawPayload, 'buffer')).toEqual([]);
      const sheet = XLSX.read(res.rawPayload, { type: 'buffer', cellNF: true }).Sheets;
      const first = Object.values(sheet)[0];
      expect(first.A2).toMatchObject({ t: 's', v: '+48 601 234 567', z: '@' });
    }
  });
});
