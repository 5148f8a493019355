// The barcode pay-in page: its settings (validated as the collection page's: a favicon of 16x16 or 32x32 px PNG of at
// most 1 KB, a web title of at most 60 characters, valid links), its public answer (only what the page shows: the
// pay-in reference of the customer's chosen or oldest account), an unknown customer's 404, and the reserved program
// url `payin`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSettings } from '../../src/server/platform/settings.ts';
import { startApp, type TestApp } from './harness.ts';
import { dataUrl, png } from './image-fixtures.ts';

let t: TestApp;
let customerId = 0;
let admin = '';

const SETTINGS = '/api/payout/collection/payin/settings';
const put = (payload: Record<string, unknown>, token = admin) => t.request({ method: 'PUT', url: SETTINGS, token, payload });
const page = (query: string, host?: string) => t.request({ method: 'GET', url: `/api/payout/collection/payin${query}`, ...(host ? { headers: { host } } : {}) });
const accountsOf = (id: number) => t.database.db.selectFrom('accounts').select(['id', 'name', 'currency', 'payin_reference']).where('customer_id', '=', id).orderBy('id').execute();

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  customerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  admin = await t.login('admin');
});

afterAll(async () => {
  await t?.close();
});

describe('the pay-in reference', () => {
  it('is "PI", the account id in 10 digits and two MOD 97-10 check digits, stored once per account', async () => {
    const stranger = await t.database.db.insertInto('customers').values({ name: 'Reference Ltd', url: 'reference-ltd', logo_url: null, primary_color: null, login_variant: null }).returning('id').executeTakeFirstOrThrow();
    const row = await t.database.db.insertInto('accounts').values({ id: 4242, customer_id: stranger.id, currency: 'PLN' }).returning('payin_reference').executeTakeFirstOrThrow();
    // 4242 * 100 mod 97 = 19; 98 - 19 = 79.
    expect(row.payin_reference).toBe('PI000000424279');
    for (const account of await accountsOf(customerId)) {
      expect(account.payin_reference).toBe(`PI${String(account.id).padStart(10, '0')}${account.payin_reference.slice(12)}`);
      expect(BigInt(account.payin_reference.slice(2)) % 97n).toBe(1n);
    }
  });
});

describe('the pay-in page settings', () => {
  it('are saved by an admin and shown on the public page, nothing more', async () => {
    const accounts = await accountsOf(customerId);
    // The demo's first account is its main one; the euro account is chosen.
    const main = accounts[0];
    expect(main.name).toBe('Main PLN account');
    const euro = accounts.find((account) => account.name === 'Euro account')!;
    expect(euro.currency).toBe('EUR');
    const webTitle = 'W'.repeat(60);
    const saved = await put({
      accountId: euro.id,
      logo: dataUrl(png(200, 80)),
      webTitle,
      favicon: dataUrl(png(16, 16)),
      instructionLink: 'https://help.demo.example.com/payin',
      supportLinkText: 'Write to us',
      supportLink: 'https://help.demo.example.com/contact',
      pointsRankingLinkText: 'Top savers',
      pointsRankingLink: 'https://demo.example.com/ranking',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ accountId: euro.id, webTitle, logo: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/), favicon: expect.stringMatching(/^\/api\/images\//) });
    expect((await t.request({ method: 'GET', url: SETTINGS, token: admin })).body).toEqual(saved.body);

    // The page takes the collection page's colour.
    await putSettings(t.database.db, { COLLECTION_PRIMARY_COLOR: '#0a7d4f' }, customerId);
    const answer = await page('?customerUrl=demo');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      customerName: 'Demo Company',
      reference: euro.payin_reference,
      currency: 'EUR',
      logo: saved.body.logo,
      webTitle,
      favicon: saved.body.favicon,
      primaryColor: '#0a7d4f',
      instructionLink: 'https://help.demo.example.com/payin',
      supportLinkText: 'Write to us',
      supportLink: 'https://help.demo.example.com/contact',
      pointsRankingLinkText: 'Top savers',
      pointsRankingLink: 'https://demo.example.com/ranking',
    });

    // Saving again with the addresses keeps the images; what is left out is cleared; the oldest account stands in.
    const again = await put({ logo: saved.body.logo });
    expect(again.body).toEqual({ logo: saved.body.logo });
    expect((await page('?customerUrl=DEMO')).body).toMatchObject({ reference: main.payin_reference, currency: 'PLN', webTitle: null, favicon: null, instructionLink: null, supportLink: null, pointsRankingLink: null });

    const entries = await t.database.db.selectFrom('audit_log').select(['entity', 'entity_id']).where('action', '=', 'payinPage.update').execute();
    expect(entries).toContainEqual({ entity: 'customer', entity_id: String(customerId) });
  });

  it('are refused as the collection page\'s are, and nothing changes', async () => {
    expect((await put({ webTitle: 'Kept', favicon: dataUrl(png(32, 32)) })).status).toBe(200);
    for (const [payload, property, code] of [
      [{ favicon: dataUrl(png(64, 64)) }, 'favicon', 'INVALID_FAVICON'],
      [{ favicon: dataUrl(png(32, 32, 1025)) }, 'favicon', 'INVALID_FAVICON'],
      [{ favicon: 'data:image/jpeg;base64,/9j/4AAQ' }, 'favicon', 'INVALID_FAVICON'],
      [{ logo: `data:image/png;base64,${Buffer.from('<!doctype html>').toString('base64')}` }, 'logo', 'FILE_FORMAT_INVALID'],
      [{ webTitle: 'x'.repeat(61) }, 'webTitle', 'INVALID_MAX_LENGTH'],
      [{ instructionLink: 'javascript:alert(1)' }, 'instructionLink', 'INVALID_URL'],
      [{ supportLink: 'not a link' }, 'supportLink', 'INVALID_URL'],
      [{ pointsRankingLink: 'http://127.0.0.1/ranking' }, 'pointsRankingLink', 'INVALID_URL'],
      [{ accountId: 4242 }, 'accountId', 'REFERENCE_NOT_FOUND'],
    ] as const) {
      const res = await put({ webTitle: 'Changed', ...payload });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.validationErrors).toContainEqual({ property, errors: [expect.objectContaining({ code })] });
    }
    expect((await page('?customerUrl=demo')).body).toMatchObject({ webTitle: 'Kept', favicon: expect.stringMatching(/^\/api\/images\//) });
    // The English message of the spec.
    const favicon = await put({ favicon: dataUrl(png(64, 64)) });
    expect(favicon.body.validationErrors[0].errors[0].message).toBe('Favicon must be a PNG image of 16x16 or 32x32 px, at most 1 KB');
  });

  it('are edited by whoever edits the collection page settings only', async () => {
    expect((await put({ webTitle: 'x' }, await t.login('viewer'))).status).toBe(403);
    expect((await t.request({ method: 'GET', url: SETTINGS, token: await t.login('representative') })).status).toBe(403);
    expect((await t.request({ method: 'PUT', url: SETTINGS, payload: { webTitle: 'x' } })).status).toBe(401);
  });
});

describe('the public pay-in page', () => {
  it("answers an unknown customer with 404, and a customer's own domain with its page", async () => {
    const unknown = await page('?customerUrl=no-such-customer');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
    expect((await page('')).status).toBe(404);
    await putSettings(t.database.db, { CUSTOM_DOMAIN_NAME: 'payouts.demo.example.com' }, customerId);
    expect((await page('', 'payouts.demo.example.com')).body).toMatchObject({ customerName: 'Demo Company' });
    await putSettings(t.database.db, { CUSTOM_DOMAIN_NAME: '' }, customerId);
  });

  it('has no reference while the customer has no account', async () => {
    await t.database.db.insertInto('customers').values({ name: 'Empty Ltd', url: 'empty-ltd', logo_url: null, primary_color: null, login_variant: null }).execute();
    expect((await page('?customerUrl=empty-ltd')).body).toMatchObject({ customerName: 'Empty Ltd', reference: null, currency: null, logo: null });
  });
});

describe('the reserved urls', () => {
  it('refuses "payin" for a program, however it is typed, with its own message', async () => {
    const program = { name: 'Pay-in program', currency: 'PLN', budget: 1_000_000, budgetInterval: 'MONTHLY' };
    for (const url of ['payin', 'PayIn', ' payin ']) {
      const res = await t.request({ method: 'POST', url: '/api/payout/program', token: admin, payload: { ...program, url } });
      expect(res.status, url).toBe(400);
      expect(res.body.validationErrors).toEqual([
        { property: 'url', errors: [{ code: 'PROGRAM_URL_RESERVED', message: 'This url is reserved for a page of the customer (e.g. payin). Choose another one.' }] },
      ]);
    }
    const created = await t.request({ method: 'POST', url: '/api/payout/program', token: admin, payload: { ...program, url: 'payin-bonus' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const renamed = await t.request({ method: 'PUT', url: '/api/payout/program', token: admin, payload: { ...program, id: created.body.id, url: 'payin' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.validationErrors[0]).toMatchObject({ property: 'url', errors: [{ code: 'PROGRAM_URL_RESERVED' }] });
    // The panel under a customer's base path (/demo/panel, /demo/token-expired) keeps its address too.
    for (const url of ['panel', 'token-expired']) {
      const res = await t.request({ method: 'POST', url: '/api/payout/program', token: admin, payload: { ...program, url } });
      expect(res.body.validationErrors?.[0], url).toMatchObject({ property: 'url', errors: [{ code: 'PROGRAM_URL_RESERVED' }] });
    }
  });

  it('refuses a customer url that is an address of the product itself, and creates nothing', async () => {
    const superadmin = await t.login('superadmin');
    const before = await t.database.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const url of ['payin', 'panel', 'token-expired', 'api', 'assets']) {
      const res = await t.request({ method: 'POST', url: '/api/customer', token: superadmin, payload: { name: `Reserved ${url}`, url } });
      expect(res.status, url).toBe(400);
      expect(res.body.validationErrors).toEqual([
        { property: 'url', errors: [{ code: 'CUSTOMER_URL_RESERVED', message: 'This url is an address of the product itself (panel, payin, api…). Choose another one.' }] },
      ]);
    }
    const after = await t.database.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
