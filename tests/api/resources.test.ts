import { toWallTime } from '../../src/shared/zonedTime.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherAdmin: string;
let otherCustomerId: number;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin', 'representative', 'viewer']) tokens[login] = await t.login(login);
  // A second customer with its own admin, to check tenant isolation.
  const created = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'Other Ltd', url: 'other-ltd' } });
  expect(created.status).toBe(201);
  otherCustomerId = created.body.id;
  const admin2 = await t.request({
    method: 'POST',
    url: '/api/user',
    token: tokens.superadmin,
    payload: { customerId: otherCustomerId, login: 'otheradmin', password: 'Other123!', firstName: 'Olga', lastName: 'Other', phoneNumber: '+48511222333', email: 'olga@other.example.com', type: 'ADMIN' },
  });
  expect(admin2.status, JSON.stringify(admin2.body)).toBe(201);
  otherAdmin = await t.login('otheradmin', 'Other123!');
});
afterAll(async () => t?.close());

const recipient = (n: number, extra: Record<string, unknown> = {}) => ({
  firstName: 'Jan',
  lastName: `Testowy${String.fromCharCode(97 + (n % 26))}`,
  phoneNumber: `+48600000${String(n).padStart(3, '0')}`,
  email: `jan${n}@example.com`,
  ...extra,
});

describe('recipients', () => {
  it('lets a representative create, read and edit, and refuses the viewer', async () => {
    const created = await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.representative, payload: recipient(1, { externalId: 'EXT-1' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ firstName: 'Jan', phoneNumber: '+48600000001', blocked: false, externalId: 'EXT-1' });

    const refused = await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.viewer, payload: recipient(2) });
    expect(refused.status).toBe(403);
    const listed = await t.request({ method: 'GET', url: '/api/payout/recipient', token: tokens.viewer });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((r: { id: number }) => r.id)).toContain(created.body.id);

    const updated = await t.request({ method: 'PUT', url: '/api/payout/recipient', token: tokens.admin, payload: { ...recipient(1), id: created.body.id, firstName: 'Janusz' } });
    expect(updated.status).toBe(200);
    expect(updated.body.firstName).toBe('Janusz');
    const read = await t.request({ method: 'GET', url: `/api/payout/recipient/${created.body.id}`, token: tokens.viewer });
    expect(read.body.firstName).toBe('Janusz');
  });

  it('refuses a second recipient with the same phone number, under the field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.admin, payload: recipient(1, { firstName: 'Anna' }) });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual([
      { property: 'phoneNumber', errors: [{ code: 'RECIPIENT_PHONE_TAKEN', message: 'Recipient with that phone number already exists.' }] },
    ]);
  });

  it('reports schema errors with codes and changes nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/payout/recipient', token: tokens.admin })).body.numberOfRecords;
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.admin, payload: { firstName: 'J', lastName: '', phoneNumber: '12', email: 'nope' } });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.validationErrors.map((e: { property: string; errors: { code: string }[] }) => [e.property, e.errors.map((x) => x.code)]));
    expect(byField).toMatchObject({ firstName: ['INVALID_FIRST_LAST_NAME'], lastName: ['REQUIRED'], phoneNumber: ['INVALID_PHONE_NUMBER'], email: ['INVALID_EMAIL'] });
    const after = (await t.request({ method: 'GET', url: '/api/payout/recipient', token: tokens.admin })).body.numberOfRecords;
    expect(after).toBe(before);
  });

  it('blocks and unblocks', async () => {
    const r = (await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.admin, payload: recipient(3) })).body;
    const blocked = await t.request({ method: 'POST', url: '/api/payout/recipient/toggleBlackListed', token: tokens.admin, payload: { id: r.id } });
    expect(blocked.body.blocked).toBe(true);
    const list = await t.request({ method: 'GET', url: `/api/payout/recipient?limit=100&options=${encodeURIComponent(JSON.stringify({ blocked: true }))}`, token: tokens.admin });
    expect(list.body.items.map((x: { id: number }) => x.id)).toContain(r.id);
    expect(list.body.items.every((x: { blocked: boolean }) => x.blocked)).toBe(true);
    const unblocked = await t.request({ method: 'POST', url: '/api/payout/recipient/toggleBlackListed', token: tokens.admin, payload: { id: r.id } });
    expect(unblocked.body.blocked).toBe(false);
    const viewer = await t.request({ method: 'POST', url: '/api/payout/recipient/toggleBlackListed', token: tokens.viewer, payload: { id: r.id } });
    expect(viewer.status).toBe(403);
  });

  it('keeps customers apart: another admin neither sees nor changes these rows', async () => {
    const mine = (await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.admin, payload: recipient(4) })).body;
    const theirs = await t.request({ method: 'GET', url: '/api/payout/recipient', token: otherAdmin });
    expect(theirs.body.items.map((x: { id: number }) => x.id)).not.toContain(mine.id);
    expect((await t.request({ method: 'GET', url: `/api/payout/recipient/${mine.id}`, token: otherAdmin })).status).toBe(404);
    const change = await t.request({ method: 'PUT', url: '/api/payout/recipient', token: otherAdmin, payload: { ...recipient(4), id: mine.id, firstName: 'Hacker' } });
    expect(change.status).toBe(404);
    expect(change.body.message).toBe('Recipient not found');
    const block = await t.request({ method: 'POST', url: '/api/payout/recipient/toggleBlackListed', token: otherAdmin, payload: { id: mine.id } });
    expect(block.status).toBe(404);
    // The same phone number is fine in another customer.
    const dup = await t.request({ method: 'POST', url: '/api/payout/recipient', token: otherAdmin, payload: recipient(4) });
    expect(dup.status).toBe(201);
    // A customerId in the body does not move a row into another tenant.
    const sneaky = await t.request({ method: 'POST', url: '/api/payout/recipient', token: otherAdmin, payload: recipient(5, { customerId: 1 }) });
    expect(sneaky.body.customerId).toBe(otherCustomerId);
  });
});

describe('lists: paging, ordering, filters', () => {
  it('pages, orders and filters generically', async () => {
    for (let i = 10; i < 35; i++) {
      const res = await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.admin, payload: recipient(i, { firstName: i % 2 ? 'Ewelina' : 'Olaf' }) });
      expect(res.status).toBe(201);
    }
    const all = await t.request({ method: 'GET', url: '/api/payout/recipient?limit=100', token: tokens.admin });
    const total = all.body.numberOfRecords;
    expect(total).toBeGreaterThanOrEqual(25);
    expect(total).toBeLessThanOrEqual(100);
    const page2 = await t.request({ method: 'GET', url: '/api/payout/recipient?page=2&limit=10&orderBy=phoneNumber&order=ASC', token: tokens.admin });
    expect(page2.body.numberOfRecords).toBe(total);
    expect(page2.body.items).toHaveLength(10);
    const phones = page2.body.items.map((r: { phoneNumber: string }) => r.phoneNumber);
    expect(phones).toEqual([...phones].sort());
    const desc = await t.request({ method: 'GET', url: '/api/payout/recipient?orderBy=phoneNumber&order=DESC&limit=1', token: tokens.admin });
    expect(desc.body.items[0].phoneNumber).toBe([...all.body.items.map((r: { phoneNumber: string }) => r.phoneNumber)].sort().pop());

    const ewa = await t.request({ method: 'GET', url: `/api/payout/recipient?limit=100&options=${encodeURIComponent(JSON.stringify({ search: 'ewelina' }))}`, token: tokens.admin });
    expect(ewa.body.items.length).toBeGreaterThan(0);
    expect(ewa.body.items.every((r: { firstName: string }) => r.firstName === 'Ewelina')).toBe(true);
    const range = await t.request({
      method: 'GET',
      url: `/api/payout/recipient?options=${encodeURIComponent(JSON.stringify({ createdAt: { between: ['2000-01-01 00:00:00', '2001-01-01 00:00:00'] } }))}`,
      token: tokens.admin,
    });
    expect(range.body).toEqual({ items: [], numberOfRecords: 0 });
  });

  it('answers bad list parameters with 400, never 500', async () => {
    const cases = [
      'orderBy=passwordHash',
      'orderBy=drop%20table',
      'order=SIDEWAYS',
      'page=0',
      'limit=1000',
      `options=${encodeURIComponent('{bad json')}`,
      `options=${encodeURIComponent(JSON.stringify({ blocked: 'maybe' }))}`,
      `options=${encodeURIComponent(JSON.stringify({ createdAt: { between: ['yesterday', null] } }))}`,
      `options=${encodeURIComponent(JSON.stringify({ unknownField: 1 }))}`,
    ];
    for (const query of cases) {
      const res = await t.request({ method: 'GET', url: `/api/payout/recipient?${query}`, token: tokens.admin });
      expect(res.status, query).toBe(400);
    }
  });
});

describe('programs', () => {
  const program = { name: 'Summer bonus', currency: 'PLN', budget: 1_000_000, budgetInterval: 'MONTHLY', url: 'Letnia Premia Łódź' };

  it('creates with a normalised url and refuses duplicates of name+currency and url', async () => {
    const res = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.representative, payload: program });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: 'letnia-premia-lodz', usedBudget: 0, budget: 1_000_000 });
    const dupName = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { ...program, url: undefined } });
    expect(dupName.body.validationErrors[0]).toEqual({ property: 'name', errors: [{ code: 'PROGRAM_NAME_TAKEN', message: 'Program with that name and currency already exists.' }] });
    const otherCurrency = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { ...program, currency: 'EUR', url: undefined } });
    expect(otherCurrency.status).toBe(201);
    const dupUrl = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: 'Winter', url: 'letnia-premia-lodz' } });
    expect(dupUrl.body.validationErrors[0].errors[0].message).toBe('Program with that url already exists.');
  });

  it('never lets the budget drop below the used budget', async () => {
    const created = (await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: 'Used', url: undefined } })).body;
    // 4.00 used by a payout of this month (the used budget is what the payouts of the current interval use).
    const account = await t.database.db.selectFrom('accounts').select('id').where('currency', '=', 'PLN').where('customer_id', '=', created.customerId).orderBy('id').executeTakeFirstOrThrow();
    const recipient = await t.database.db.selectFrom('recipients').select('id').where('customer_id', '=', created.customerId).where('blocked', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const endDate = toWallTime(new Date(Date.now() + 86_400_000), 'Europe/Warsaw');
    const payout = await t.request({ method: 'POST', url: '/api/payout', token: tokens.admin, payload: { accountId: account.id, programId: created.id, recipientId: recipient.id, amount: 400_000, endDate } });
    expect(payout.status).toBe(201);
    expect((await t.request({ method: 'GET', url: `/api/payout/program/${created.id}`, token: tokens.admin })).body.usedBudget).toBe(400_000);
    const otherCurrency = await t.request({ method: 'PUT', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: 'Used', url: undefined, id: created.id, currency: 'EUR' } });
    expect(otherCurrency.body.validationErrors[0]).toMatchObject({ property: 'currency' });
    const below = await t.request({ method: 'PUT', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: 'Used', url: undefined, id: created.id, budget: 399_990 } });
    expect(below.status).toBe(400);
    expect(below.body.validationErrors[0]).toMatchObject({ property: 'budget', errors: [{ code: 'BUDGET_BELOW_USED' }] });
    const equal = await t.request({ method: 'PUT', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: 'Used', url: undefined, id: created.id, budget: 400_000 } });
    expect(equal.status).toBe(200);
  });

  it('validates the reminder settings and the amount', async () => {
    const res = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { name: 'R', currency: 'PLN', budget: 5, budgetInterval: 'DAILY', reminderEnabled: true } });
    const byField = Object.fromEntries(res.body.validationErrors.map((e: { property: string; errors: { code: string }[] }) => [e.property, e.errors[0].code]));
    expect(byField).toMatchObject({ budget: 'INVALID_MILIBILLION_VALUE', reminderDays: 'REQUIRED', reminderHour: 'REQUIRED', reminderMessage: 'REQUIRED' });
  });

  it('deletes for managers only and within the tenant', async () => {
    const created = (await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: 'Temp', url: undefined } })).body;
    expect((await t.request({ method: 'DELETE', url: `/api/payout/program/${created.id}`, token: tokens.viewer })).status).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/payout/program/${created.id}`, token: otherAdmin })).status).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/payout/program/${created.id}`, token: tokens.admin })).status).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/payout/program/${created.id}`, token: tokens.admin })).body.message).toBe('Program not found!');
  });
});

describe('users', () => {
  const user = { login: 'newrep', password: 'Newrep12!', firstName: 'Nina', lastName: 'Nowa', phoneNumber: '+48512345678', email: 'nina@demo.example.com', type: 'USER', representativeKind: 'SPECIAL' };

  it('lets an admin create a representative in its own customer, who can then log in', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: user });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ login: 'newrep', representativeKind: 'SPECIAL', customerId: 1 });
    expect(res.body.password).toBeUndefined();
    const token = await t.login('newrep', 'Newrep12!');
    const me = await t.request({ method: 'GET', url: '/api/me', token });
    expect(me.body.permissions).not.toContain('payout.manage');
  });

  it('reports a taken login and e-mail under their fields', async () => {
    const login = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: { ...user, email: 'other@demo.example.com' } });
    expect(login.body.validationErrors).toEqual([{ property: 'login', errors: [{ code: 'LOGIN_TAKEN', message: 'The login is already taken!' }] }]);
    const email = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: { ...user, login: 'another1' } });
    expect(email.body.validationErrors).toEqual([{ property: 'email', errors: [{ code: 'EMAIL_TAKEN', message: 'The email is already taken!' }] }]);
  });

  it('requires a password on create only', async () => {
    const { password: _p, ...noPassword } = user;
    const create = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: { ...noPassword, login: 'nopass1', email: 'nopass@demo.example.com' } });
    expect(create.body.validationErrors).toEqual([expect.objectContaining({ property: 'password', errors: [expect.objectContaining({ code: 'REQUIRED' })] })]);
    const id = (await t.request({ method: 'GET', url: `/api/user?options=${encodeURIComponent(JSON.stringify({ search: 'newrep' }))}`, token: tokens.admin })).body.items[0].id;
    const update = await t.request({ method: 'PUT', url: '/api/user', token: tokens.admin, payload: { ...noPassword, id, firstName: 'Nina-Maria' } });
    expect(update.status).toBe(400); // a hyphen is not a letter: first names are letters only
    const ok = await t.request({ method: 'PUT', url: '/api/user', token: tokens.admin, payload: { ...noPassword, id, firstName: 'Ninella' } });
    expect(ok.body.firstName).toBe('Ninella');
    expect(await t.login('newrep', 'Newrep12!')).toBeTruthy();
  });

  it('stops an admin from creating a super admin and hides other customers', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: { ...user, login: 'boss1', email: 'boss@demo.example.com', type: 'SUPER_ADMIN' } });
    expect(res.body.validationErrors[0]).toMatchObject({ property: 'type', errors: [{ code: 'INVALID_USER_TYPE' }] });
    const mine = await t.request({ method: 'GET', url: '/api/user?limit=50', token: tokens.admin });
    const logins = mine.body.items.map((u: { login: string }) => u.login);
    expect(logins).toContain('viewer');
    expect(logins).not.toContain('otheradmin');
    expect(logins).not.toContain('superadmin');
    const all = await t.request({ method: 'GET', url: '/api/user?limit=50', token: tokens.superadmin });
    expect(all.body.items.map((u: { login: string }) => u.login)).toEqual(expect.arrayContaining(['otheradmin', 'superadmin', 'viewer']));
    const scoped = await t.request({ method: 'GET', url: `/api/user?limit=50&customerId=${otherCustomerId}`, token: tokens.superadmin });
    expect(scoped.body.items.map((u: { login: string }) => u.login)).toEqual(['otheradmin']);
  });

  it('refuses users to representatives', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user', token: tokens.representative })).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/user', token: tokens.viewer, payload: user })).status).toBe(403);
  });
});

describe('customers', () => {
  it('are for the super admin only, with unique name and url', async () => {
    expect((await t.request({ method: 'GET', url: '/api/customer', token: tokens.admin })).status).toBe(403);
    const name = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'demo company', url: 'fresh' } });
    expect(name.body.validationErrors).toEqual([{ property: 'name', errors: [{ code: 'CUSTOMER_NAME_TAKEN', message: 'Customer with that name already exists!' }] }]);
    const url = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'Fresh', url: 'demo' } });
    expect(url.body.validationErrors).toEqual([{ property: 'url', errors: [{ code: 'CUSTOMER_URL_TAKEN', message: 'Customer with that url already exists!' }] }]);
    const list = await t.request({ method: 'GET', url: `/api/customer?options=${encodeURIComponent(JSON.stringify({ search: 'other' }))}`, token: tokens.superadmin });
    expect(list.body.items.map((c: { url: string }) => c.url)).toEqual(['other-ltd']);
  });

  it('an inactive customer locks its users out', async () => {
    await t.request({ method: 'PUT', url: '/api/customer', token: tokens.superadmin, payload: { id: otherCustomerId, name: 'Other Ltd', url: 'other-ltd', isActive: false } });
    expect((await t.request({ method: 'GET', url: '/api/me', token: otherAdmin })).status).toBe(401);
    const res = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'otheradmin', password: 'Other123!' } });
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('countries and payment routes', () => {
  it('lists countries with dial codes in the request language', async () => {
    const res = await t.request({ method: 'GET', url: '/api/country', token: tokens.viewer, headers: { 'accept-language': 'pl' } });
    const pl = res.body.items.find((c: { countryCode: string }) => c.countryCode === 'PL');
    expect(pl).toEqual({ countryCode: 'PL', label: 'Polska', dialCode: '+48' });
  });

  it('tells which bank details a country and currency need', async () => {
    const gb = await t.request({ method: 'GET', url: '/api/paymentRoutes/requiredFields?countryCode=GB&currency=GBP', token: tokens.viewer });
    expect(gb.body.requiredFields).toEqual(['sortCode', 'accountNumber', 'beneficiaryName']);
    const pl = await t.request({ method: 'GET', url: '/api/paymentRoutes/requiredFields?countryCode=pl&currency=pln', token: tokens.viewer });
    expect(pl.body.requiredFields).toEqual(['iban', 'beneficiaryName']);
    const none = await t.request({ method: 'GET', url: '/api/paymentRoutes/requiredFields?countryCode=JP&currency=JPY', token: tokens.viewer });
    expect(none.status).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/paymentRoutes/requiredFields?countryCode=Poland', token: tokens.viewer });
    expect(bad.status).toBe(400);
    const countries = await t.request({ method: 'GET', url: '/api/paymentRoutes/countries', token: tokens.viewer });
    expect(countries.body.items.map((c: { countryCode: string }) => c.countryCode)).toEqual(expect.arrayContaining(['PL', 'GB', 'US']));
  });
});
