// The accounts area and the audit log through the real app: visibility per role and customer, creating, renaming,
// representatives, the statement (paging, type filter, period), the summary per currency, top-ups and transfers
// with the SMS step-up, the audit entries of every change, and the ledger's invariant at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, AccountDetails, AccountSummaryRow, BalanceUpdate } from '../../src/shared/accounts.ts';
import type { AuditEntry } from '../../src/shared/audit.ts';
import { checkLedger, topUp } from '../../src/server/ledger/index.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { main: 0, euro: 0, payroll: 0, payoutsPln: 0, payoutsEur: 0, demo: 0, other: 0, otherAccount: 0, viewer: 0, representative: 0, otherAdmin: 0, superadmin: 0 };
const PHONES = { superadmin: '+48500100100', admin: '+48500100200' };

type Res = { status: number; body: any };
const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown) => t.request({ method, url, token, payload: payload as Record<string, unknown> });
const options = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function account(id: number): Promise<AccountDetails> {
  const res = await get(`/api/account/${id}`, tokens.superadmin);
  expect(res.status).toBe(200);
  return res.body;
}

async function audit(token: string, query = ''): Promise<AuditEntry[]> {
  const res = await get(`/api/audit?limit=100${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}

async function statementCount(id: number): Promise<number> {
  const row = await t.database.db.selectFrom('balance_updates').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin', 'representative', 'viewer']) tokens[login] = await t.login(login);
  const db = t.database.db;
  const accountId = async (name: string) => (await db.selectFrom('accounts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const userId = async (login: string) => (await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  ids.main = await accountId('Main PLN account');
  ids.euro = await accountId('Euro account');
  ids.payroll = await accountId('Payroll PLN');
  ids.payoutsPln = await accountId('Payouts PLN');
  ids.payoutsEur = await accountId('Payouts EUR');
  ids.demo = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.viewer = await userId('viewer');
  ids.representative = await userId('representative');
  ids.superadmin = await userId('superadmin');

  // A second customer with its own admin and account.
  const customer = await send('POST', '/api/customer', tokens.superadmin, { name: 'Other Ltd', url: 'other-ltd' });
  expect(customer.status).toBe(201);
  ids.other = customer.body.id;
  const admin = await send('POST', '/api/user', tokens.superadmin, {
    customerId: ids.other,
    login: 'otheradmin',
    password: 'Other123!',
    firstName: 'Olga',
    lastName: 'Other',
    phoneNumber: '+48511222333',
    email: 'olga@other.example.com',
    type: 'ADMIN',
  });
  expect(admin.status, JSON.stringify(admin.body)).toBe(201);
  ids.otherAdmin = admin.body.id;
  tokens.other = await t.login('otheradmin', 'Other123!');
  const created = await send('POST', '/api/account', tokens.other, { name: 'Other PLN', currency: 'PLN' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ids.otherAccount = created.body.id;
});
afterAll(async () => t?.close());

describe('the demo accounts', () => {
  it('hold the seeded money: top-ups over the last weeks and a transfer to the payroll account', async () => {
    expect(await account(ids.main)).toMatchObject({ currency: 'PLN', balance: 215_000_000, lockedBalance: 0, totalBalance: 215_000_000, customerName: 'Demo Company' });
    expect(await account(ids.payroll)).toMatchObject({ currency: 'PLN', balance: 35_000_000 });
    expect(await account(ids.euro)).toMatchObject({ currency: 'EUR', balance: 40_000_000 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('who sees which account', () => {
  const names = (res: Res) => res.body.items.map((a: Account) => a.name).sort();

  it('an ADMIN sees every account of its customer, and may manage them', async () => {
    const res = await get('/api/account', tokens.admin);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Euro account', 'Main PLN account', 'Payouts EUR', 'Payouts PLN', 'Payroll PLN']);
    expect(res.body.numberOfRecords).toBe(5);
    for (const a of res.body.items as Account[]) {
      expect(a).toMatchObject({ customerId: ids.demo, customerName: 'Demo Company', canManage: true, totalBalance: a.balance + a.lockedBalance });
      expect(Object.keys(a).sort()).toEqual(
        ['balance', 'canManage', 'channelType', 'createdAt', 'currency', 'customerId', 'customerName', 'id', 'lockedBalance', 'name', 'totalBalance', 'transferType'].sort(),
      );
    }
  });

  it('a USER sees only the accounts it represents; it may manage those it represents with account.manage', async () => {
    const rep = await get('/api/account', tokens.representative);
    expect(names(rep)).toEqual(['Main PLN account', 'Payroll PLN']);
    expect(rep.body.items.every((a: Account) => a.canManage)).toBe(true);
    const viewer = await get('/api/account', tokens.viewer);
    expect(names(viewer)).toEqual(['Main PLN account']);
    expect(viewer.body.items[0].canManage).toBe(false);
    expect((await get(`/api/account/${ids.euro}`, tokens.representative)).body).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
  });

  it("an ADMIN of another customer cannot see the demo accounts (404); a SUPER_ADMIN sees any, or one customer's", async () => {
    expect(names(await get('/api/account', tokens.other))).toEqual(['Other PLN']);
    const refused = await get(`/api/account/${ids.main}`, tokens.other);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
    expect((await get(`/api/account/${ids.main}/balanceUpdates`, tokens.other)).status).toBe(404);

    const all = await get('/api/account?limit=100', tokens.superadmin);
    expect(names(all)).toEqual(expect.arrayContaining(['Euro account', 'Main PLN account', 'Payroll PLN', 'Other PLN']));
    expect(names(await get(`/api/account?customerId=${ids.other}`, tokens.superadmin))).toEqual(['Other PLN']);
    expect((await get(`/api/account/${ids.otherAccount}`, tokens.superadmin)).status).toBe(200);
  });

  it('filters by currency (several) and searches the name', async () => {
    expect(names(await get(`/api/account?options=${options({ currency: ['EUR'] })}`, tokens.admin))).toEqual(['Euro account', 'Payouts EUR']);
    expect(names(await get(`/api/account?options=${options({ currency: ['EUR', 'PLN'] })}`, tokens.admin))).toHaveLength(5);
    expect(names(await get(`/api/account?options=${options({ search: 'payroll' })}`, tokens.admin))).toEqual(['Payroll PLN']);
    const ordered = await get('/api/account?orderBy=balance&order=ASC', tokens.admin);
    expect(ordered.body.items.map((a: Account) => a.balance)).toEqual([...ordered.body.items.map((a: Account) => a.balance)].sort((a, b) => a - b));
    const bad = await get(`/api/account?options=${options({ currency: 'PLN' })}`, tokens.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors).toBeDefined();
  });

  it('answers the details with the representatives and their users', async () => {
    const details = await get(`/api/account/${ids.main}`, tokens.admin);
    expect(details.status).toBe(200);
    expect(details.body.representatives).toEqual([
      { userId: ids.representative, login: 'representative', firstName: 'Renata', lastName: 'Wiśniewska', permission: 'account.manage' },
      { userId: ids.viewer, login: 'viewer', firstName: 'Wiktor', lastName: 'Zieliński', permission: 'account.read' },
    ]);
    expect((await get(`/api/account/${ids.euro}`, tokens.admin)).body.representatives).toEqual([]);
  });
});

describe('the summary', () => {
  const rows = async (token: string, query = '') => {
    const res = await get(`/api/account/summary${query}`, token);
    expect(res.status).toBe(200);
    return res.body.items as AccountSummaryRow[];
  };

  it('totals per currency over the accounts the user sees, never across currencies', async () => {
    const main = await account(ids.main);
    const payroll = await account(ids.payroll);
    const euro = await account(ids.euro);
    // The demo's payouts are paid from two accounts of their own, with money blocked by the open ones.
    const payoutsPln = await account(ids.payoutsPln);
    const payoutsEur = await account(ids.payoutsEur);
    expect(payoutsPln.lockedBalance).toBeGreaterThan(0);
    expect(await rows(tokens.admin)).toEqual([
      { currency: 'EUR', balance: euro.balance + payoutsEur.balance, lockedBalance: payoutsEur.lockedBalance, totalBalance: euro.balance + payoutsEur.totalBalance, accounts: 2 },
      {
        currency: 'PLN',
        balance: main.balance + payroll.balance + payoutsPln.balance,
        lockedBalance: payoutsPln.lockedBalance,
        totalBalance: main.balance + payroll.balance + payoutsPln.totalBalance,
        accounts: 3,
      },
    ]);
    expect(await rows(tokens.viewer)).toEqual([{ currency: 'PLN', balance: main.balance, lockedBalance: 0, totalBalance: main.balance, accounts: 1 }]);
    expect(await rows(tokens.other)).toEqual([{ currency: 'PLN', balance: 0, lockedBalance: 0, totalBalance: 0, accounts: 1 }]);
    expect(await rows(tokens.superadmin, `?customerId=${ids.demo}`)).toEqual(await rows(tokens.admin));
  });
});

describe('creating an account', () => {
  it('creates one for the own customer, with the default name, and writes an audit entry', async () => {
    const res = await send('POST', '/api/account', tokens.admin, { currency: 'EUR', customerId: ids.other });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // customerId is the SUPER_ADMIN's to name: an ADMIN's own customer it stays.
    expect(res.body).toMatchObject({ name: 'Digital cash account', currency: 'EUR', balance: 0, lockedBalance: 0, totalBalance: 0, customerId: ids.demo, canManage: true });
    const [entry] = await audit(tokens.admin, `&options=${options({ action: 'account.create' })}`);
    expect(entry).toMatchObject({ action: 'account.create', entity: 'account', entityId: res.body.id, customerId: ids.demo, actorLogin: 'admin', before: null });
    expect(entry.after).toEqual({ name: 'Digital cash account', currency: 'EUR', customerId: ids.demo });
  });

  it('refuses a currency outside AVAILABLE_CURRENCIES', async () => {
    const before = await get('/api/account?limit=1', tokens.superadmin);
    for (const currency of ['XYZ', 'CHF']) {
      const res = await send('POST', '/api/account', tokens.admin, { name: 'Francs', currency });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'INVALID_ACCOUNT_CURRENCY', message: "Invalid Account's currency." });
    }
    await putSettings(t.database.db, { AVAILABLE_CURRENCIES: '["PLN"]' });
    expect((await send('POST', '/api/account', tokens.admin, { currency: 'EUR' })).body.code).toBe('INVALID_ACCOUNT_CURRENCY');
    await putSettings(t.database.db, { AVAILABLE_CURRENCIES: '["PLN","EUR","GBP","USD"]' });
    const lower = await send('POST', '/api/account', tokens.admin, { currency: 'pln' });
    expect(lower.status).toBe(400);
    expect(lower.body.validationErrors[0].property).toBe('currency');
    expect((await get('/api/account?limit=1', tokens.superadmin)).body.numberOfRecords).toBe(before.body.numberOfRecords);
  });

  it('makes a SUPER_ADMIN name the customer', async () => {
    const missing = await send('POST', '/api/account', tokens.superadmin, { currency: 'PLN' });
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors).toEqual([{ property: 'customerId', errors: [expect.objectContaining({ code: 'REQUIRED' })] }]);
    const unknown = await send('POST', '/api/account', tokens.superadmin, { currency: 'PLN', customerId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.validationErrors[0]).toMatchObject({ property: 'customerId', errors: [{ code: 'REFERENCE_NOT_FOUND' }] });
    const created = await send('POST', '/api/account', tokens.superadmin, { name: '  Other USD  ', currency: 'USD', customerId: ids.other });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Other USD', customerId: ids.other, customerName: 'Other Ltd' });
    expect((await get(`/api/account/${created.body.id}`, tokens.other)).status).toBe(200);
  });

  it('makes a USER who creates an account its representative with account.manage', async () => {
    const res = await send('POST', '/api/account', tokens.representative, { name: 'Team GBP', currency: 'GBP' });
    expect(res.status).toBe(201);
    expect(res.body.canManage).toBe(true);
    const details = await get(`/api/account/${res.body.id}`, tokens.representative);
    expect(details.body.representatives).toEqual([expect.objectContaining({ userId: ids.representative, permission: 'account.manage' })]);
  });
});

describe('changing the name', () => {
  it('renames, trimmed, and writes the name before and after to the audit log', async () => {
    const res = await send('PUT', '/api/account/changeName', tokens.admin, { id: ids.euro, name: '  Euro operations  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: ids.euro, name: 'Euro operations', balance: (await account(ids.euro)).balance });
    const [entry] = await audit(tokens.admin, `&options=${options({ action: 'account.changeName' })}`);
    expect(entry).toMatchObject({ entityId: ids.euro, before: { name: 'Euro account' }, after: { name: 'Euro operations' }, actorUserId: expect.any(Number) });
    await send('PUT', '/api/account/changeName', tokens.admin, { id: ids.euro, name: 'Euro account' });
  });

  it('refuses a blank or a too long name, and an account the user does not see', async () => {
    const blank = await send('PUT', '/api/account/changeName', tokens.admin, { id: ids.main, name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.validationErrors).toEqual([{ property: 'name', errors: [expect.objectContaining({ code: 'REQUIRED' })] }]);
    const long = await send('PUT', '/api/account/changeName', tokens.admin, { id: ids.main, name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect((await send('PUT', '/api/account/changeName', tokens.other, { id: ids.main, name: 'Mine' })).status).toBe(404);
    expect((await send('PUT', '/api/account/changeName', tokens.representative, { id: ids.euro, name: 'Mine' })).status).toBe(404);
    expect((await account(ids.main)).name).toBe('Main PLN account');
  });
});

describe('representatives', () => {
  const put = (token: string, permission: string | null, userId = ids.viewer, accountId = ids.euro) =>
    send('PUT', '/api/account/representative', token, { accountId, userId, permission });

  it('adds, changes and removes a representative, each with an audit entry, and the USER sees accordingly', async () => {
    const added = await put(tokens.admin, 'account.read');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ id: ids.euro, name: 'Euro account', canManage: true });
    expect(added.body.representatives).toEqual([{ userId: ids.viewer, login: 'viewer', firstName: 'Wiktor', lastName: 'Zieliński', permission: 'account.read' }]);
    expect((await get(`/api/account/${ids.euro}`, tokens.viewer)).status).toBe(200);

    const changed = await put(tokens.superadmin, 'account.manage');
    expect(changed.body.representatives).toEqual([expect.objectContaining({ userId: ids.viewer, permission: 'account.manage' })]);
    // A Special Representative's role holds no accounts.manage: representing with account.manage does not make it a manager.
    expect((await get(`/api/account/${ids.euro}`, tokens.viewer)).body.canManage).toBe(false);

    const removed = await put(tokens.admin, null);
    expect(removed.body.representatives).toEqual([]);
    expect((await get(`/api/account/${ids.euro}`, tokens.viewer)).status).toBe(404);
    // Removing someone who is not a representative changes nothing and writes nothing.
    const entries = await audit(tokens.admin, `&options=${options({ action: 'account.representative' })}`);
    expect((await put(tokens.admin, null)).status).toBe(200);
    expect(await audit(tokens.admin, `&options=${options({ action: 'account.representative' })}`)).toEqual(entries);

    expect(entries.slice(0, 3).map((e) => [e.before?.permission, e.after?.permission])).toEqual([
      ['account.manage', null],
      ['account.read', 'account.manage'],
      [null, 'account.read'],
    ]);
    expect(entries[0]).toMatchObject({ entity: 'account', entityId: ids.euro, customerId: ids.demo, after: { userId: ids.viewer, login: 'viewer' } });
  });

  it("refuses a user who is not an active USER or ADMIN of the account's customer", async () => {
    for (const userId of [ids.otherAdmin, ids.superadmin, 999_999]) {
      const res = await put(tokens.superadmin, 'account.read', userId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    }
    await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', ids.viewer).execute();
    expect((await put(tokens.admin, 'account.read')).body.code).toBe('USER_NOT_FOUND');
    await t.database.db.updateTable('users').set({ is_active: true }).where('id', '=', ids.viewer).execute();
    expect((await put(tokens.admin, 'account.read', ids.viewer, 999_999)).body.code).toBe('ACCOUNT_NOT_FOUND');
    expect((await put(tokens.other, 'account.read')).body.code).toBe('ACCOUNT_NOT_FOUND');
    expect((await put(tokens.representative, 'account.read')).status).toBe(403);
    expect((await get(`/api/account/${ids.euro}`, tokens.admin)).body.representatives).toEqual([]);
  });

  it('a USER reading an account only cannot rename it', async () => {
    expect((await put(tokens.admin, 'account.read', ids.representative)).status).toBe(200);
    const res = await send('PUT', '/api/account/changeName', tokens.representative, { id: ids.euro, name: 'Mine' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'ACCOUNT_ACCESS_DENIED', message: 'You do not have access to manage this Account!' });
    expect((await put(tokens.admin, null, ids.representative)).status).toBe(200);
  });
});

describe('the statement', () => {
  let fresh: number;

  beforeAll(async () => {
    // An account with a movement from before the default period (the last month) and one from today.
    const created = await send('POST', '/api/account', tokens.admin, { name: 'Statement test', currency: 'PLN' });
    fresh = created.body.id;
    await t.database.db.transaction().execute(async (trx) => {
      await topUp(trx, { accountId: fresh, amount: 5_000_000, reference: 'Old top-up', actor: { userId: ids.superadmin }, at: daysAgo(45) });
      await topUp(trx, { accountId: fresh, amount: 1_000_000, reference: 'New top-up', actor: { userId: ids.superadmin } });
    });
  });

  const statement = async (id: number, query = '', token = tokens.admin) => {
    const res = await get(`/api/account/${id}/balanceUpdates${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: BalanceUpdate[]; numberOfRecords: number };
  };

  it('lists the movements newest first, with the balances after each', async () => {
    const { items, numberOfRecords } = await statement(ids.payroll);
    expect(numberOfRecords).toBeGreaterThanOrEqual(1);
    const seeded = items.find((u) => u.reference === 'Payroll funding')!;
    expect(seeded).toMatchObject({ accountId: ids.payroll, type: 'INTERNAL', balanceChange: 35_000_000, lockedBalanceChange: 0, counterpartyAccountId: ids.main, payoutId: null });
    const main = await statement(ids.main, '?limit=100');
    expect(main.items.map((u) => u.type).slice(-4)).toEqual(['INTERNAL', 'TOP_UP', 'TOP_UP', 'TOP_UP']);
    const times = main.items.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Object.keys(main.items[0]).sort()).toEqual(
      ['accountId', 'balanceAfter', 'balanceChange', 'counterpartyAccountId', 'createdAt', 'entryId', 'id', 'lockedBalanceAfter', 'lockedBalanceChange', 'payoutId', 'reference', 'type'].sort(),
    );
  });

  it('pages', async () => {
    const all = await statement(ids.main, '?limit=100');
    const page2 = await statement(ids.main, '?limit=2&page=2');
    expect(page2.numberOfRecords).toBe(all.numberOfRecords);
    expect(page2.items).toEqual(all.items.slice(2, 4));
  });

  it('filters by type', async () => {
    const topUps = await statement(ids.main, `?limit=100&options=${options({ type: ['TOP_UP'] })}`);
    expect(topUps.items.length).toBeGreaterThanOrEqual(3);
    expect(topUps.items.every((u) => u.type === 'TOP_UP')).toBe(true);
    const both = await statement(ids.main, `?limit=100&options=${options({ type: ['TOP_UP', 'INTERNAL'] })}`);
    expect(both.numberOfRecords).toBe((await statement(ids.main, '?limit=100')).numberOfRecords);
    expect((await get(`/api/account/${ids.main}/balanceUpdates?options=${options({ type: ['GIFT'] })}`, tokens.admin)).status).toBe(400);
  });

  it('shows the last month unless asked for a period, of at most 3 months', async () => {
    expect((await statement(fresh)).items.map((u) => u.reference)).toEqual(['New top-up']);
    const period = (from: Date, to: Date) => `?options=${options({ createdAt: { between: [from.toISOString(), to.toISOString()] } })}`;
    expect((await statement(fresh, period(daysAgo(60), new Date()))).items.map((u) => u.reference)).toEqual(['New top-up', 'Old top-up']);
    expect((await statement(fresh, period(daysAgo(50), daysAgo(40)))).items.map((u) => u.reference)).toEqual(['Old top-up']);
    expect((await statement(fresh, `?options=${options({ createdAt: { between: [daysAgo(50).toISOString(), null] } })}`)).numberOfRecords).toBe(2);

    const from = new Date(Date.UTC(2026, 0, 15));
    expect((await statement(fresh, period(from, new Date(Date.UTC(2026, 3, 15, 23, 59, 59))))).numberOfRecords).toBe(0);
    for (const query of [period(from, new Date(Date.UTC(2026, 3, 17))), period(daysAgo(120), new Date()), `?options=${options({ createdAt: { gte: daysAgo(100).toISOString() } })}`]) {
      const res = await get(`/api/account/${fresh}/balanceUpdates${query}`, tokens.admin);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'STATEMENT_PERIOD_TOO_LONG', message: 'The statement period cannot be longer than 3 months.' });
    }
    const notIso = await get(`/api/account/${fresh}/balanceUpdates?options=${options({ createdAt: { between: ['yesterday', null] } })}`, tokens.admin);
    expect(notIso.status).toBe(400);
  });

  it('is visible as its account is', async () => {
    expect((await get(`/api/account/${ids.main}/balanceUpdates`, tokens.viewer)).status).toBe(200);
    expect((await get(`/api/account/${ids.euro}/balanceUpdates`, tokens.viewer)).status).toBe(404);
    expect((await get(`/api/account/${fresh}/balanceUpdates`, tokens.other)).status).toBe(404);
    expect((await get(`/api/account/${fresh}/balanceUpdates`, tokens.superadmin)).status).toBe(200);
    expect((await get(`/api/account/${fresh}/balanceUpdates?customerId=${ids.other}`, tokens.superadmin)).status).toBe(404);
    // A hidden account is not found whatever the filters: an empty period, a refused one, a refused type.
    const empty = `?options=${options({ createdAt: { between: [new Date(Date.UTC(2026, 0, 1)).toISOString(), new Date(Date.UTC(2026, 0, 2)).toISOString()] } })}`;
    const tooLong = `?options=${options({ createdAt: { between: [daysAgo(200).toISOString(), null] } })}`;
    for (const query of [empty, tooLong, `?options=${options({ type: ['GIFT'] })}`]) {
      expect((await get(`/api/account/${fresh}/balanceUpdates${query}`, tokens.other)).body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    }
    expect(await statement(fresh, empty)).toEqual({ items: [], numberOfRecords: 0 });
  });
});

describe('top-ups', () => {
  it('are refused to everyone but a SUPER_ADMIN', async () => {
    for (const token of [tokens.admin, tokens.representative, tokens.other]) {
      const res = await send('POST', '/api/account/topUp', token, { accountId: ids.euro, amount: 1_000_000, reference: 'Not mine' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('below the threshold move the money at once, onto the statement', async () => {
    const before = await account(ids.euro);
    const res = await send('POST', '/api/account/topUp', tokens.superadmin, { accountId: ids.euro, amount: 1_000_000, reference: 'SEPA credit 77' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balanceUpdates).toEqual([
      expect.objectContaining({ accountId: ids.euro, type: 'TOP_UP', balanceChange: 1_000_000, balanceAfter: before.balance + 1_000_000, reference: 'SEPA credit 77' }),
    ]);
    expect((await account(ids.euro)).balance).toBe(before.balance + 1_000_000);
    const [row] = (await get(`/api/account/${ids.euro}/balanceUpdates`, tokens.admin)).body.items;
    expect(row).toEqual(res.body.balanceUpdates[0]);
    const [entry] = await audit(tokens.admin, `&options=${options({ action: 'account.topUp' })}`);
    expect(entry).toMatchObject({ entityId: ids.euro, actorLogin: 'superadmin', after: expect.objectContaining({ amount: 1_000_000, reference: 'SEPA credit 77' }) });
  });

  it('at or above the threshold ask for the SMS code first; a wrong code moves nothing, the right one moves the money once', async () => {
    const before = await account(ids.payroll);
    const rows = await statementCount(ids.payroll);
    const body = { accountId: ids.payroll, amount: 20_000_000, reference: 'Large top-up' };
    const first = await send('POST', '/api/account/topUp', tokens.superadmin, body);
    expect(first.status).toBe(200);
    // The answer says what the code authorises, for the Authorization dialog: the operation, its amount, the account.
    expect(first.body).toEqual({
      authorizationRequired: true,
      authorization: { operation: 'TOP_UP', amount: 20_000_000, currency: 'PLN', account: { id: ids.payroll, name: 'Payroll PLN' } },
    });
    const sms = (await t.messages()).filter((m) => m.to === PHONES.superadmin).pop()!;
    expect(sms.body).toContain('20000.00 PLN');
    const code = await t.lastCode(PHONES.superadmin);

    const wrong = await send('POST', '/api/account/topUp', tokens.superadmin, { ...body, verificationCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code!' });
    // The code authorizes this operation only.
    expect((await send('POST', '/api/account/topUp', tokens.superadmin, { ...body, amount: 30_000_000, verificationCode: code })).body.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await account(ids.payroll)).balance).toBe(before.balance);
    expect(await statementCount(ids.payroll)).toBe(rows);

    const right = await send('POST', '/api/account/topUp', tokens.superadmin, { ...body, verificationCode: code });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.balanceUpdates[0]).toMatchObject({ balanceChange: 20_000_000, balanceAfter: before.balance + 20_000_000 });
    expect((await account(ids.payroll)).balance).toBe(before.balance + 20_000_000);
    const again = await send('POST', '/api/account/topUp', tokens.superadmin, { ...body, verificationCode: code });
    expect(again.body.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await account(ids.payroll)).balance).toBe(before.balance + 20_000_000);
  });

  it('refuses an account that does not exist, and bad amounts', async () => {
    expect((await send('POST', '/api/account/topUp', tokens.superadmin, { accountId: 999_999, amount: 1_000, reference: 'x' })).body.code).toBe('ACCOUNT_NOT_FOUND');
    for (const amount of [0, 5, -1000, 10.5]) {
      const res = await send('POST', '/api/account/topUp', tokens.superadmin, { accountId: ids.euro, amount, reference: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.validationErrors[0].property).toBe('amount');
    }
  });
});

describe('transfers', () => {
  const transfer = (token: string, body: Record<string, unknown>) => send('POST', '/api/account/transfer', token, body);
  let readOnlyToken: string;

  beforeAll(async () => {
    // A General Representative who reads the main account and manages the payroll one.
    const user = await send('POST', '/api/user', tokens.admin, {
      login: 'reader1',
      password: 'Reader123!',
      firstName: 'Rita',
      lastName: 'Reader',
      phoneNumber: '+48512345678',
      email: 'rita@demo.example.com',
      type: 'USER',
      representativeKind: 'GENERAL',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    for (const [accountId, permission] of [
      [ids.main, 'account.read'],
      [ids.payroll, 'account.manage'],
    ] as const) {
      expect((await send('PUT', '/api/account/representative', tokens.admin, { accountId, userId: user.body.id, permission })).status).toBe(200);
    }
    readOnlyToken = await t.login('reader1', 'Reader123!');
  });

  it('moves money between two accounts a representative manages', async () => {
    const [main, payroll] = [await account(ids.main), await account(ids.payroll)];
    const res = await transfer(tokens.representative, { fromAccountId: ids.main, toAccountId: ids.payroll, amount: 100_000, title: 'Petty cash' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balanceUpdates).toEqual([
      expect.objectContaining({ accountId: ids.main, type: 'INTERNAL', balanceChange: -100_000, balanceAfter: main.balance - 100_000, counterpartyAccountId: ids.payroll, reference: 'Petty cash' }),
      expect.objectContaining({ accountId: ids.payroll, type: 'INTERNAL', balanceChange: 100_000, balanceAfter: payroll.balance + 100_000, counterpartyAccountId: ids.main }),
    ]);
    const [entry] = await audit(tokens.admin, `&options=${options({ action: 'account.transfer' })}`);
    expect(entry).toMatchObject({ entityId: ids.main, actorLogin: 'representative', after: expect.objectContaining({ toAccountId: ids.payroll, amount: 100_000 }) });
  });

  it('refuses a USER who only reads one of the accounts, and a Special Representative', async () => {
    const before = await account(ids.main);
    for (const body of [
      { fromAccountId: ids.main, toAccountId: ids.payroll, amount: 100_000 },
      { fromAccountId: ids.payroll, toAccountId: ids.main, amount: 100_000 },
    ]) {
      const res = await transfer(readOnlyToken, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'ACCOUNT_ACCESS_DENIED', message: 'You do not have access to manage this Account!' });
    }
    expect((await transfer(tokens.viewer, { fromAccountId: ids.main, toAccountId: ids.payroll, amount: 100_000 })).status).toBe(403);
    // An account the USER does not see at all is one that does not exist.
    expect((await transfer(readOnlyToken, { fromAccountId: ids.payroll, toAccountId: ids.euro, amount: 100_000 })).body.code).toBe('ACCOUNT_NOT_FOUND');
    expect((await account(ids.main)).balance).toBe(before.balance);
  });

  it("refuses another customer's accounts, across currencies, the same account, and insufficient funds; nothing moves", async () => {
    const before = await Promise.all([ids.main, ids.payroll, ids.euro, ids.otherAccount].map(account));
    const messages = (await t.messages()).length;
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['other', { fromAccountId: ids.main, toAccountId: ids.payroll, amount: 1000 }, 404, 'ACCOUNT_NOT_FOUND'],
      ['admin', { fromAccountId: ids.main, toAccountId: ids.otherAccount, amount: 1000 }, 404, 'ACCOUNT_NOT_FOUND'],
      ['superadmin', { fromAccountId: ids.main, toAccountId: ids.otherAccount, amount: 1000 }, 404, 'ACCOUNT_NOT_FOUND'],
      ['admin', { fromAccountId: ids.main, toAccountId: ids.euro, amount: 1000 }, 400, 'INVALID_ACCOUNT_CURRENCY'],
      ['admin', { fromAccountId: ids.main, toAccountId: ids.main, amount: 1000 }, 400, 'TRANSFER_SAME_ACCOUNT'],
      ['admin', { fromAccountId: ids.payroll, toAccountId: ids.main, amount: before[1].balance + 10 }, 400, 'INSUFFICIENT_FUNDS'],
      // Above the threshold as well: no code is sent for money that is not there.
      ['admin', { fromAccountId: ids.main, toAccountId: ids.payroll, amount: before[0].balance + 10 }, 400, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await transfer(tokens[who], body);
      expect([who, res.status, res.body.code]).toEqual([who, status, code]);
    }
    const insufficient = await transfer(tokens.admin, cases[5][1]);
    expect(insufficient.body.message).toBe('Insufficient funds!');
    expect(await Promise.all([ids.main, ids.payroll, ids.euro, ids.otherAccount].map(account))).toEqual(before);
    expect((await t.messages()).length).toBe(messages);
  });

  it('at or above the threshold ask for the code, sent to the acting user, and then move the money', async () => {
    const [main, payroll] = [await account(ids.main), await account(ids.payroll)];
    const body = { fromAccountId: ids.main, toAccountId: ids.payroll, amount: 15_000_000, title: 'Bonus pool' };
    expect((await transfer(tokens.admin, body)).body).toEqual({
      authorizationRequired: true,
      authorization: {
        operation: 'INTERNAL',
        amount: 15_000_000,
        currency: 'PLN',
        account: { id: ids.main, name: 'Main PLN account' },
        toAccount: { id: ids.payroll, name: 'Payroll PLN' },
      },
    });
    const code = await t.lastCode(PHONES.admin);
    expect((await transfer(tokens.admin, { ...body, verificationCode: code === '000000' ? '111111' : '000000' })).body.message).toBe('Invalid verification code!');
    // Bound to its operation: the other direction is another operation.
    expect((await transfer(tokens.admin, { ...body, fromAccountId: ids.payroll, toAccountId: ids.main, verificationCode: code })).body.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await account(ids.main)).balance).toBe(main.balance);
    const res = await transfer(tokens.admin, { ...body, verificationCode: code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await account(ids.main)).balance).toBe(main.balance - 15_000_000);
    expect((await account(ids.payroll)).balance).toBe(payroll.balance + 15_000_000);
  });
});

describe('the audit log', () => {
  it("shows an ADMIN its own customer's entries only, a SUPER_ADMIN all or one customer's", async () => {
    const mine = await audit(tokens.admin);
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.every((e) => e.customerId === ids.demo)).toBe(true);
    // The accounts' changes above, and the user this file made for its tests.
    expect(new Set(mine.map((e) => e.action))).toEqual(new Set(['account.create', 'account.changeName', 'account.representative', 'account.topUp', 'account.transfer', 'user.create']));
    const other = await audit(tokens.other);
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((e) => e.customerId === ids.other)).toBe(true);
    const all = await audit(tokens.superadmin);
    expect(new Set(all.map((e) => e.customerId))).toEqual(new Set([ids.demo, ids.other]));
    expect((await audit(tokens.superadmin, `&customerId=${ids.other}`)).map((e) => e.id)).toEqual(other.map((e) => e.id));
    // Newest first.
    const times = all.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await get('/api/audit', tokens.representative)).status).toBe(403);
    expect((await get('/api/audit', tokens.viewer)).status).toBe(403);
  });

  it('answers each entry as the contract has it, with the JSON before and after whole', async () => {
    const [entry] = await audit(tokens.admin, `&options=${options({ action: 'account.transfer', search: 'admin' })}`);
    expect(Object.keys(entry).sort()).toEqual(['action', 'actorKind', 'actorLogin', 'actorUserId', 'after', 'before', 'createdAt', 'customerId', 'entity', 'entityId', 'id'].sort());
    expect(entry.before).toEqual({ from: expect.objectContaining({ balance: expect.any(Number) }), to: expect.objectContaining({ balance: expect.any(Number) }) });
    expect(entry.after).toMatchObject({ amount: 15_000_000, currency: 'PLN', title: 'Bonus pool', balanceUpdateIds: [expect.any(Number), expect.any(Number)] });
    expect(await audit(tokens.admin, `&options=${options({ entity: 'account', entityId: ids.payroll, action: 'account.create' })}`)).toHaveLength(1);
  });
});

describe('the ledger', () => {
  it('holds after everything above', async () => {
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
