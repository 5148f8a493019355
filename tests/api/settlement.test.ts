// Settlement: collected payouts exported per channel and currency as a batch with its transfer file (pain.001 for
// euro SEPA, CSV otherwise), then completed (the blocked money leaves the account) or returned (it is available
// again), each step once, with the ledger agreeing after each.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, topUp } from '../../src/server/ledger/index.ts';
import type { ChannelType } from '../../src/shared/accounts.ts';
import { BATCH_OUTCOMES, TRANSFER_CSV_COLUMNS } from '../../src/shared/settlement.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadSchema } from '../../src/server/validation.ts';
import { insertPayout, recipientWithBankAccount } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

const XSD = readFileSync(path.join(import.meta.dirname, 'xsd/pain.001.001.09.xsd'), 'utf8');

/** The file's problems by the pain.001.001.09 schema (tests/api/xsd), as xmllint reports them; none when valid. */
async function againstXsd(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'transfers.xml', contents: xml }, schema: { fileName: 'pain.001.001.09.xsd', contents: XSD } });
  return result.errors.map((error) => error.rawMessage);
}

let t: TestApp;
let superadmin = '';
let customerId = 0;
let programId = 0;
const accounts: Record<string, number> = {};
let n = 0;

/** A recipient with a bank account of a channel, and payouts of it collected to that account. */
async function collected(channel: ChannelType, currency: string, amounts: number[]): Promise<number[]> {
  n += 1;
  const db = t.database.db;
  const { recipientId, bankAccountId } = await recipientWithBankAccount(db, { customerId, channel, currency, seq: 6_000_000 + n, lastName: `S${n}`, name: `Settled Person ${n}`, phonePrefix: '+4877' });
  const ids: number[] = [];
  for (const amount of amounts) {
    const id = await insertPayout(db, { customerId, accountId: accounts[currency], programId, recipientId, currency, amount, status: 'COLLECTED_ON_PAGE' });
    await db.updateTable('payouts').set({ bank_account_id: bankAccountId }).where('id', '=', id).execute();
    ids.push(id);
  }
  return ids;
}

const account = (currency: string) => t.database.db.selectFrom('accounts').select(['balance', 'locked_balance']).where('id', '=', accounts[currency]).executeTakeFirstOrThrow();
const statuses = async (ids: number[]) => (await t.database.db.selectFrom('payouts').select('status').where('id', 'in', ids).execute()).map((r) => r.status);

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  superadmin = await t.login('superadmin');
  customerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  programId = (await t.database.db.selectFrom('programs').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()).id;
  for (const currency of ['EUR', 'GBP']) {
    const row = await t.database.db.insertInto('accounts').values({ customer_id: customerId, name: `Settlement ${currency}`, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow();
    accounts[currency] = row.id;
    await t.database.db.transaction().execute((trx) => topUp(trx, { accountId: row.id, amount: 10_000_000, reference: 'tests', actor: { userId: null } }));
  }
  // The demo's collected payouts exported first, so each test counts its own.
  for (const group of (await t.request({ method: 'GET', url: '/api/settlement/pending', token: superadmin })).body.items) {
    expect((await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: group.channel, currency: group.currency } })).status).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('settlement', () => {
  it('exports the euro SEPA transfers as pain.001, then completes them: the blocked money leaves the account', async () => {
    const ids = await collected('EU_SEPA', 'EUR', [12_340, 5_000]);
    const pending = await t.request({ method: 'GET', url: '/api/settlement/pending', token: superadmin });
    expect(pending.body.items).toContainEqual({ id: 'EU_SEPA-EUR', channel: 'EU_SEPA', currency: 'EUR', payouts: 2, amount: 17_340 });

    const before = await account('EUR');
    const made = await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: 'EU_SEPA', currency: 'EUR' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ channel: 'EU_SEPA', currency: 'EUR', status: 'GENERATED', payouts: 2, amount: 17_340, fileName: expect.stringMatching(/\.xml$/) });
    expect(await statuses(ids)).toEqual(['TRANSFER_FILE_GENERATED', 'TRANSFER_FILE_GENERATED']);
    // Exporting moves no money.
    expect(await account('EUR')).toEqual(before);

    const file = await t.request({ method: 'GET', url: `/api/settlement/batch/${made.body.id}/file`, token: superadmin });
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.headers['content-disposition']).toContain(made.body.fileName);
    const xml = String(file.body);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml).toMatch(/<NbOfTxs>2<\/NbOfTxs>/);
    expect(xml).toMatch(/<CtrlSum>17\.34<\/CtrlSum>/);
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(xml.match(/<InstdAmt Ccy="EUR">12\.34<\/InstdAmt>/g)).toHaveLength(1);
    expect(await againstXsd(xml)).toEqual([]);
    // A file the schema refuses is reported: the check can fail.
    expect(await againstXsd(xml.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>NONE</ChrgBr>'))).not.toEqual([]);
    // Nothing left to export in that group.
    expect(await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: 'EU_SEPA', currency: 'EUR' } })).toMatchObject({ status: 409, body: { code: 'NOTHING_TO_SETTLE' } });

    const done = await t.request({ method: 'PUT', url: `/api/settlement/batch/${made.body.id}/status`, token: superadmin, payload: { status: 'COMPLETED_SUCCESSFULLY' } });
    expect(done.body).toMatchObject({ status: 'COMPLETED_SUCCESSFULLY', closedAt: expect.any(String) });
    expect(await statuses(ids)).toEqual(['COMPLETED_SUCCESSFULLY', 'COMPLETED_SUCCESSFULLY']);
    expect(await account('EUR')).toEqual({ balance: before.balance, locked_balance: before.locked_balance - 17_340 });
    const again = await t.request({ method: 'PUT', url: `/api/settlement/batch/${made.body.id}/status`, token: superadmin, payload: { status: 'RETURNED' } });
    expect(again).toMatchObject({ status: 409, body: { code: 'BATCH_ALREADY_CLOSED' } });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('exports other channels as CSV, and a returned batch gives the money back to the available funds', async () => {
    const ids = await collected('UK_LOCAL', 'GBP', [2_500, 1_000, 7_770]);
    const before = await account('GBP');
    const made = await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: 'UK_LOCAL', currency: 'GBP' } });
    expect(made.body).toMatchObject({ payouts: 3, amount: 11_270, fileName: expect.stringMatching(/\.csv$/) });
    const file = await t.request({ method: 'GET', url: `/api/settlement/batch/${made.body.id}/file`, token: superadmin });
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const lines = String(file.body).trim().split('\r\n');
    expect(lines[0]).toBe(TRANSFER_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    // The debtor is the payer: the demo customer's payer details (seed).
    expect(lines[1].split(',')).toEqual([expect.stringMatching(/^FX-/), 'Settled Person ' + n, 'INDIVIDUAL', 'GB', 'GBP', '2.50', '', '', '60-16-13', '31926819', '', 'Fixture', 'Demo Company sp. z o.o.', 'PL96114020040000330200123456']);

    const returned = await t.request({ method: 'PUT', url: `/api/settlement/batch/${made.body.id}/status`, token: superadmin, payload: { status: 'RETURNED' } });
    expect(returned.body.status).toBe('RETURNED');
    expect(await statuses(ids)).toEqual(['RETURNED', 'RETURNED', 'RETURNED']);
    expect(await account('GBP')).toEqual({ balance: before.balance + 11_270, locked_balance: before.locked_balance - 11_270 });
    expect(await checkLedger(t.database.db)).toEqual([]);

    const list = await t.request({ method: 'GET', url: '/api/settlement/batch', token: superadmin });
    expect(list.body.items[0]).toMatchObject({ id: made.body.id, status: 'RETURNED' });
  });

  it('puts each payout in one batch when two exports run at once', async () => {
    const ids = await collected('EU_SEPA', 'EUR', [1_000, 2_000, 3_000, 4_000]);
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: 'EU_SEPA', currency: 'EUR' } })));
    const made = answers.filter((a) => a.status === 201);
    expect(made.reduce((sum, a) => sum + a.body.payouts, 0)).toBe(4);
    for (const refused of answers.filter((a) => a.status !== 201)) expect(refused.body.code).toBe('NOTHING_TO_SETTLE');
    const batches = await t.database.db.selectFrom('payouts').select('transfer_batch_id').where('id', 'in', ids).execute();
    expect(batches.every((b) => b.transfer_batch_id !== null)).toBe(true);
  });

  it('belongs to a SUPER_ADMIN only, and names what it does not know', async () => {
    const admin = await t.login('admin');
    expect((await t.request({ method: 'GET', url: '/api/settlement/pending', token: admin })).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/settlement/batch', token: admin, payload: { channel: 'EU_SEPA', currency: 'EUR' } })).status).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/settlement/batch/999999/file', token: superadmin })).body.code).toBe('BATCH_NOT_FOUND');
    expect((await t.request({ method: 'PUT', url: '/api/settlement/batch/999999/status', token: superadmin, payload: { status: 'RETURNED' } })).body.code).toBe('BATCH_NOT_FOUND');
    const bad = await t.request({ method: 'PUT', url: '/api/settlement/batch/1/status', token: superadmin, payload: { status: 'CANCELLED' } });
    expect(bad.status).toBe(400);
  });

  it('answers the lists as every list: the entity fields only, paged, newest batch first', async () => {
    await collected('EU_SEPA', 'EUR', [1_500]);
    await collected('UK_LOCAL', 'GBP', [700]);
    const pending = await t.request({ method: 'GET', url: '/api/settlement/pending', token: superadmin });
    expect(pending.body.items.map((g: { id: string }) => g.id)).toEqual(['EU_SEPA-EUR', 'UK_LOCAL-GBP']);
    expect(pending.body.numberOfRecords).toBe(2);
    const second = await t.request({ method: 'GET', url: '/api/settlement/pending?page=2&limit=1', token: superadmin });
    expect(second.body).toEqual({ items: [{ id: 'UK_LOCAL-GBP', channel: 'UK_LOCAL', currency: 'GBP', payouts: 1, amount: 700 }], numberOfRecords: 2 });

    const made = await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: 'UK_LOCAL', currency: 'GBP' } });
    const fields = Object.keys(loadSchema('entities/transfer-batch').properties as object).sort();
    // The answer is the entity, all of it and nothing more (the file stays in the database).
    expect(Object.keys(made.body).sort()).toEqual(fields);
    expect(made.body).toMatchObject({ status: 'GENERATED', closedAt: null, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    const list = await t.request({ method: 'GET', url: '/api/settlement/batch?limit=2', token: superadmin });
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items[0]).toEqual(made.body);
    expect(list.body.items[1].id).toBeLessThan(made.body.id);
    expect(list.body.numberOfRecords).toBeGreaterThan(2);
    const unknownOrder = await t.request({ method: 'GET', url: '/api/settlement/batch?orderBy=file&limit=1', token: superadmin });
    expect(unknownOrder.status).toBe(400);

    // The file goes out as stored, not as a JSON string.
    const file = await t.request({ method: 'GET', url: `/api/settlement/batch/${made.body.id}/file`, token: superadmin });
    expect(String(file.body).startsWith(TRANSFER_CSV_COLUMNS[0])).toBe(true);
    await t.request({ method: 'PUT', url: `/api/settlement/batch/${made.body.id}/status`, token: superadmin, payload: { status: 'RETURNED' } });
  });

  it('takes its bodies from schemas/forms, whose outcomes are BATCH_OUTCOMES', async () => {
    const form = loadSchema('forms/settlement-batch-status') as { properties: { status: { enum: string[] } } };
    expect(form.properties.status.enum).toEqual([...BATCH_OUTCOMES]);
    for (const payload of [{ channel: 'EU_SEPA' }, { channel: 'EU_SEPA', currency: 'eur' }, { channel: '', currency: 'EUR' }]) {
      expect((await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload })).status, JSON.stringify(payload)).toBe(400);
    }
  });

  it('declares the schemas of every route: body, params, query and each success answer', async () => {
    const routes: { method: string | string[]; url: string; schema?: Record<string, any> }[] = [];
    const { app } = await buildApp({ config: t.config, database: t.database, printMessages: false, logger: false, onRoute: (r) => routes.push(r) });
    await app.close();
    const settlement = routes.filter((r) => r.url.startsWith('/api/settlement') && r.method !== 'HEAD');
    const shape = (r: (typeof routes)[number]) => ({
      route: `${String(r.method)} ${r.url}`,
      body: Boolean(r.schema?.body),
      params: Boolean(r.schema?.params),
      query: Boolean(r.schema?.querystring),
      answers: Object.keys(r.schema?.response ?? {}),
    });
    expect(settlement.map(shape).sort((a, b) => a.route.localeCompare(b.route))).toEqual([
      { route: 'GET /api/settlement/batch', body: false, params: false, query: true, answers: ['200'] },
      { route: 'GET /api/settlement/batch/:id/file', body: false, params: true, query: false, answers: ['200'] },
      { route: 'GET /api/settlement/pending', body: false, params: false, query: true, answers: ['200'] },
      { route: 'POST /api/settlement/batch', body: true, params: false, query: false, answers: ['201'] },
      { route: 'PUT /api/settlement/batch/:id/status', body: true, params: true, query: false, answers: ['200'] },
    ]);
  });
});
