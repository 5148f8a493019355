// What people read of who did what: the audit log names its action and record type by codes the panel labels, and
// its actors as a person reads them (a recipient by name, an API key's call as the key's); a payout's status history
// names the recipient who collected it, not its sign-in login; the payouts report's dates are date cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { topUp } from '../../src/server/ledger/index.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import type { AuditEntry } from '../../src/shared/audit.ts';
import type { Payout, PayoutStatusChange } from '../../src/shared/payouts.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
let customerId = 0;
let accountId = 0;
let programId = 0;
const options = (o: unknown) => encodeURIComponent(JSON.stringify(o));

async function audit(query: Record<string, unknown>): Promise<AuditEntry[]> {
  const res = await t.request({ method: 'GET', url: `/api/audit?limit=100&options=${options(query)}`, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  admin = await t.login('admin');
  const db = t.database.db;
  customerId = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  accountId = (await db.insertInto('accounts').values({ customer_id: customerId, name: 'Readable log', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.transaction().execute((trx) => topUp(trx, { accountId, amount: 50_000_000, reference: 'tests', actor: { userId: null } }));
  programId = (await db.selectFrom('programs').select('id').where('customer_id', '=', customerId).where('url', '=', 'employee-bonuses').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe('the audit log', () => {
  it('filters by an action and a record type among those it knows, and refuses one it does not', async () => {
    const main = (await t.database.db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
    const res = await t.request({ method: 'POST', url: '/api/account/transfer', token: admin, payload: { fromAccountId: main, toAccountId: accountId, amount: 12_340, title: 'Readable' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = await audit({ action: 'account.transfer', entity: 'account' });
    expect(entry).toMatchObject({ action: 'account.transfer', entity: 'account', actorLogin: 'admin', actorKind: 'USER', after: expect.objectContaining({ title: 'Readable', amount: 12_340 }) });
    // An exact action, not a part of one: "account" alone is no action.
    const refused = await t.request({ method: 'GET', url: `/api/audit?options=${options({ action: 'account' })}`, token: admin });
    expect(refused.status).toBe(400);
  });

  it("names an API key's call as the key's", async () => {
    await putSettings(t.database.db, { API_ENABLED: 'true' }, customerId);
    const key = await t.request({ method: 'POST', url: '/api/integration/keys', token: admin, payload: { name: 'Readable ERP', permissions: ['payout.read'] } });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    expect((await t.request({ method: 'GET', url: '/api/payout?limit=1', token: key.body.key })).status).toBe(200);
    const [call] = await audit({ action: 'apiKey.call' });
    expect(call).toMatchObject({ actorLogin: 'admin', actorKind: 'API_KEY', entity: 'route' });
  });
});

describe('a payout collected on the collection page', () => {
  it('names the recipient who collected it, in its history and in the audit log', async () => {
    const phone = '+48785123456';
    const recipientId = (
      await t.database.db
        .insertInto('recipients')
        .values({ customer_id: customerId, first_name: 'Halina', last_name: 'Odbiorcza', phone_number: phone, email: null, external_id: null, billon_user_name: null, blocked: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const payoutId = await insertPayout(t.database.db, { customerId, accountId, programId, recipientId, amount: 10_000 });
    expect((await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber: phone, customerUrl: 'demo' } })).body).toEqual({ authorize: true });
    const signedIn = await t.request({ method: 'POST', url: '/api/payout/recipient/authenticate', payload: { phoneNumber: phone, customerUrl: 'demo', verificationCode: await t.lastCode(phone) } });
    const token = signedIn.body.token as string;
    const bank = await t.request({
      method: 'POST',
      url: '/api/payout/collection/bankAccount',
      token,
      payload: { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Halina Odbiorcza', iban: 'PL61109010140000071219812874' },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(201);
    const collected = await t.request({ method: 'POST', url: '/api/payout/collection', token, payload: { payoutIds: [payoutId], bankAccountId: bank.body.id } });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);

    const payout = (await t.request({ method: 'GET', url: `/api/payout/${payoutId}`, token: admin })).body as Payout & { history: PayoutStatusChange[] };
    expect(payout.history.at(-1)).toMatchObject({ from: 'TO_COLLECT', to: 'COLLECTED_ON_PAGE', by: 'Halina Odbiorcza', byKind: 'RECIPIENT' });
    const [entry] = await audit({ action: 'payout.collect', entityId: payoutId });
    expect(entry).toMatchObject({ actorLogin: 'Halina Odbiorcza', actorKind: 'RECIPIENT' });
    // The log's search finds the recipient by name.
    expect((await audit({ search: 'Halina' })).map((e) => e.action)).toContain('payout.collect');
  });
});

describe('the payouts report', () => {
  it('writes dates as date cells in the customer time zone, and as text in CSV', async () => {
    const recipientId = (await t.database.db.selectFrom('recipients').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()).id;
    // 22:30 UTC on the last day of 2026 is 23:30 in Warsaw (the demo customer's zone, UTC+1 in winter).
    const id = await insertPayout(t.database.db, { customerId, accountId, programId, recipientId, amount: 5_000, endDate: new Date('2026-12-31T22:30:00Z') });
    const { reference } = await t.database.db.selectFrom('payouts').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
    const query = `options=${options({ search: reference })}&lang=en`;
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/payout/report?${query}&format=xlsx`, headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet.H1.v).toBe('Available until');
    // A number in a date format: a spreadsheet sorts and filters it as a date.
    expect(sheet.H2).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm:ss', w: '2026-12-31 23:30:00' });
    const dated = XLSX.read(xlsx.rawPayload, { type: 'buffer', cellDates: true });
    expect(Object.values(dated.Sheets)[0].H2.t).toBe('d');
    const csv = await t.app.inject({ method: 'GET', url: `/api/payout/report?${query}&format=csv`, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.body.trim().split('\r\n')[1].split(',')[7]).toBe('2026-12-31 23:30:00');
  });
});
