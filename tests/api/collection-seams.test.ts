// The collection page where it meets the customer's settings and the service's state: the payment routes a customer
// offers (AVAILABLE_TRANSFER_TYPES: LOCAL, a country's domestic route in its own currency; FOREIGN, every other), and
// the technical break (TECHNICAL_BREAK), which the page's calls answer themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topUp } from '../../src/server/ledger/index.ts';
import { createSession } from '../../src/server/platform/auth/sessions.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

const PL_IBAN = 'PL61109010140000071219812874';
const DE_IBAN = 'DE89370400440532013000';

interface Setup {
  customerId: number;
  accounts: Record<'PLN' | 'EUR', number>;
  programs: Record<'PLN' | 'EUR', number>;
}

/** The demo customer, with a funded account and a program in each of PLN and EUR. */
async function setUp(t: TestApp): Promise<Setup> {
  const db = t.database.db;
  const customerId = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const accounts = { PLN: 0, EUR: 0 };
  for (const currency of ['PLN', 'EUR'] as const) {
    accounts[currency] = (await db.insertInto('accounts').values({ customer_id: customerId, name: `Seams ${currency}`, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
    await db.transaction().execute((trx) => topUp(trx, { accountId: accounts[currency], amount: 10_000_000, reference: 'tests', actor: { userId: null } }));
  }
  const program = async (url: string) => (await db.selectFrom('programs').select('id').where('customer_id', '=', customerId).where('url', '=', url).executeTakeFirstOrThrow()).id;
  return { customerId, accounts, programs: { PLN: await program('employee-bonuses'), EUR: await program('travel') } };
}

let n = 0;
async function newRecipient(t: TestApp, customerId: number): Promise<{ id: number; phone: string }> {
  n += 1;
  const phone = `+4878${String(7_000_000 + n).padStart(7, '0')}`;
  const row = await t.database.db
    .insertInto('recipients')
    .values({ customer_id: customerId, first_name: 'Seam', last_name: `S${n}`, phone_number: phone, email: null, external_id: null, billon_user_name: null, blocked: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, phone };
}

describe('the transfer types a customer offers (AVAILABLE_TRANSFER_TYPES)', () => {
  let t: TestApp;
  let s: Setup;
  beforeAll(async () => {
    t = await startApp({ deviceAuthorization: false });
    s = await setUp(t);
  });
  afterAll(async () => t?.close());

  const offer = (types: string[]) => putSettings(t.database.db, { AVAILABLE_TRANSFER_TYPES: JSON.stringify(types) }, s.customerId);

  async function signedIn(): Promise<{ id: number; token: string }> {
    const me = await newRecipient(t, s.customerId);
    await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber: me.phone, customerUrl: 'demo' } });
    const code = await t.lastCode(me.phone);
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient/authenticate', payload: { phoneNumber: me.phone, customerUrl: 'demo', verificationCode: code } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: me.id, token: res.body.token };
  }

  const countries = async (token: string, currency: string) =>
    (await t.request({ method: 'GET', url: `/api/paymentRoutes/countries?currency=${currency}`, token })).body.items.map((c: { countryCode: string }) => c.countryCode).sort();
  const needs = (token: string, countryCode: string, currency: string) => t.request({ method: 'GET', url: `/api/paymentRoutes/requiredFields?countryCode=${countryCode}&currency=${currency}`, token });
  const plAccount = { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Jan Kowalski', iban: PL_IBAN };
  const deAccount = { countryCode: 'DE', currency: 'EUR', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Jan Kowalski', iban: DE_IBAN, BIC: 'COBADEFFXXX' };
  const addAccount = (token: string, payload: object) => t.request({ method: 'POST', url: '/api/payout/collection/bankAccount', token, payload });
  const collect = (token: string, payoutIds: number[], bankAccountId: number) => t.request({ method: 'POST', url: '/api/payout/collection', token, payload: { payoutIds, bankAccountId } });
  const statusOf = async (id: number) => (await t.database.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const accountsOf = async (recipientId: number) => (await t.database.db.selectFrom('bank_accounts').select('country_code').where('recipient_id', '=', recipientId).orderBy('id').execute()).map((r) => r.country_code);
  const payout = (recipientId: number, currency: 'PLN' | 'EUR') =>
    insertPayout(t.database.db, { customerId: s.customerId, accountId: s.accounts[currency], programId: s.programs[currency], recipientId, currency, amount: 10_000 });

  it('offers both by default: the domestic route and the foreign ones', async () => {
    const me = await signedIn();
    expect(await countries(me.token, 'PLN')).toEqual(['PL']);
    expect(await countries(me.token, 'EUR')).toEqual(['DE', 'FR', 'GB', 'PL', 'US']);
    expect((await addAccount(me.token, plAccount)).status).toBe(201);
    expect((await addAccount(me.token, deAccount)).status).toBe(201);
  });

  it('with LOCAL only, offers and takes only the domestic routes', async () => {
    await offer(['FOREIGN', 'LOCAL']);
    const me = await signedIn();
    // Added while foreign transfers were offered.
    const euro = (await addAccount(me.token, deAccount)).body.id as number;
    const eurPayout = await payout(me.id, 'EUR');
    await offer(['LOCAL']);

    // The page lists no country for euro payouts (every euro route is foreign), and the Polish one for złoty.
    expect(await countries(me.token, 'EUR')).toEqual([]);
    expect(await countries(me.token, 'PLN')).toEqual(['PL']);
    expect(await needs(me.token, 'DE', 'EUR')).toMatchObject({ status: 404, body: { code: 'PAYMENT_ROUTE_NOT_FOUND' } });
    expect((await needs(me.token, 'PL', 'PLN')).body.requiredFields).toEqual(['iban', 'beneficiaryName']);

    // The server takes no account on a foreign route, and collects nothing to the one added before.
    const refused = await addAccount(me.token, { ...deAccount, iban: 'FR1420041010050500013M02606', countryCode: 'FR' });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'TRANSFER_TYPE_NOT_OFFERED', message: 'Payouts cannot be collected to a bank account in this country and currency: this kind of transfer is not offered.' },
    });
    expect(await accountsOf(me.id)).toEqual(['DE']);
    expect((await collect(me.token, [eurPayout], euro))).toMatchObject({ status: 400, body: { code: 'TRANSFER_TYPE_NOT_OFFERED' } });
    expect(await statusOf(eurPayout)).toBe('TO_COLLECT');
    // Nor does the page offer that account any more.
    expect((await t.request({ method: 'GET', url: '/api/payout/collection/bankAccount', token: me.token })).body.items).toEqual([]);

    // The domestic route still goes.
    const zloty = await addAccount(me.token, plAccount);
    expect(zloty.status).toBe(201);
    const plnPayout = await payout(me.id, 'PLN');
    expect(await collect(me.token, [plnPayout], zloty.body.id)).toMatchObject({ status: 200, body: { collected: 1 } });
    expect(await statusOf(plnPayout)).toBe('COLLECTED_ON_PAGE');
  });

  it('with FOREIGN only, offers and takes only the foreign routes', async () => {
    await offer(['LOCAL', 'FOREIGN']);
    const me = await signedIn();
    const zloty = (await addAccount(me.token, plAccount)).body.id as number;
    const plnPayout = await payout(me.id, 'PLN');
    await offer(['FOREIGN']);

    expect(await countries(me.token, 'PLN')).toEqual([]);
    expect(await countries(me.token, 'EUR')).toEqual(['DE', 'FR', 'GB', 'PL', 'US']);
    expect(await needs(me.token, 'PL', 'PLN')).toMatchObject({ status: 404, body: { code: 'PAYMENT_ROUTE_NOT_FOUND' } });

    expect(await addAccount(me.token, { ...plAccount, beneficiaryName: 'Anna Nowak' })).toMatchObject({ status: 400, body: { code: 'TRANSFER_TYPE_NOT_OFFERED' } });
    expect(await accountsOf(me.id)).toEqual(['PL']);
    expect(await collect(me.token, [plnPayout], zloty)).toMatchObject({ status: 400, body: { code: 'TRANSFER_TYPE_NOT_OFFERED' } });
    expect(await statusOf(plnPayout)).toBe('TO_COLLECT');

    const euro = await addAccount(me.token, deAccount);
    expect(euro.status).toBe(201);
    const eurPayout = await payout(me.id, 'EUR');
    expect(await collect(me.token, [eurPayout], euro.body.id)).toMatchObject({ status: 200, body: { collected: 1 } });
    await offer(['LOCAL', 'FOREIGN']);
  });

  it('leaves staff the whole list', async () => {
    await offer(['LOCAL']);
    const superadmin = await t.login('superadmin');
    const all = await t.request({ method: 'GET', url: '/api/paymentRoutes/countries?currency=EUR', token: superadmin });
    expect(all.body.items.map((c: { countryCode: string }) => c.countryCode).sort()).toEqual(['DE', 'FR', 'GB', 'PL', 'US']);
    // A SUPER_ADMIN naming the customer sees what its recipients are offered.
    const named = await t.request({ method: 'GET', url: `/api/paymentRoutes/countries?currency=EUR&customerId=${s.customerId}`, token: superadmin });
    expect(named.body.items).toEqual([]);
    await offer(['LOCAL', 'FOREIGN']);
  });
});

describe('the technical break on the collection page', () => {
  let t: TestApp;
  let s: Setup;
  const BREAK = { code: 'TECHNICAL_BREAK', message: 'Sorry, there is a technical break. Please try again later.' };
  beforeAll(async () => {
    t = await startApp({ deviceAuthorization: false, technicalBreak: true });
    s = await setUp(t);
  });
  afterAll(async () => t?.close());

  it('answers the break to the page’s public calls, and sends no code', async () => {
    expect((await t.request({ method: 'GET', url: '/api/status' })).body).toEqual({ success: true, isTechnicalBreak: true });
    const me = await newRecipient(t, s.customerId);
    const before = (await t.messages()).length;
    const calls = [
      { method: 'GET' as const, url: '/api/payout/collection/templateProperties?customerUrl=demo' },
      { method: 'POST' as const, url: '/api/payout/recipient/login', payload: { phoneNumber: me.phone, customerUrl: 'demo' } },
      { method: 'POST' as const, url: '/api/payout/recipient/authenticate', payload: { phoneNumber: me.phone, customerUrl: 'demo', verificationCode: '123456' } },
    ];
    for (const call of calls) expect(await t.request(call), call.url).toMatchObject({ status: 503, body: BREAK });
    expect((await t.messages()).length).toBe(before);
  });

  it('answers the break to a recipient signed in before it, and collects nothing', async () => {
    const me = await newRecipient(t, s.customerId);
    const user = await t.database.db
      .insertInto('users')
      .values({ customer_id: s.customerId, login: `recipient:${me.id}`, first_name: 'Seam', last_name: 'S', type: 'RECIPIENT', recipient_id: me.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(t.database.db, user.id, 900);
    const bank = await t.database.db
      .insertInto('bank_accounts')
      .values({ recipient_id: me.id, country_code: 'PL', currency: 'PLN', channel: 'EU_PL', beneficiary_type: 'INDIVIDUAL', beneficiary_name: 'Jan Kowalski', iban: PL_IBAN, bic: null, sort_code: null, account_number: null, routing_code: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payout = await insertPayout(t.database.db, { customerId: s.customerId, accountId: s.accounts.PLN, programId: s.programs.PLN, recipientId: me.id, amount: 10_000 });
    const calls = [
      { method: 'GET' as const, url: '/api/payout/collection' },
      { method: 'POST' as const, url: '/api/payout/collection', payload: { payoutIds: [payout], bankAccountId: Number(bank.id) } },
      { method: 'GET' as const, url: '/api/payout/collection/bankAccount' },
      { method: 'POST' as const, url: '/api/payout/collection/bankAccount', payload: { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Jan Kowalski', iban: PL_IBAN } },
      { method: 'GET' as const, url: '/api/paymentRoutes/countries?currency=PLN' },
      { method: 'GET' as const, url: '/api/paymentRoutes/requiredFields?countryCode=PL&currency=PLN' },
    ];
    for (const call of calls) expect(await t.request({ ...call, token }), `${call.method} ${call.url}`).toMatchObject({ status: 503, body: BREAK });
    expect((await t.database.db.selectFrom('payouts').select('status').where('id', '=', payout).executeTakeFirstOrThrow()).status).toBe('TO_COLLECT');
    expect(await t.database.db.selectFrom('bank_accounts').select('id').where('recipient_id', '=', me.id).execute()).toHaveLength(1);
  });

  it('leaves the panel’s calls to the panel’s own break screen', async () => {
    const admin = await t.login('admin');
    expect((await t.request({ method: 'GET', url: '/api/paymentRoutes/countries?currency=PLN', token: admin })).status).toBe(200);
  });
});
