// Who may call which accounts and audit route, role by role, on the demo data: the representative represents the
// main and the payroll PLN accounts (account.manage), the viewer reads the main one only, nobody but the admins
// sees the euro account. A refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger/index.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ROLES = ['superadmin', 'admin', 'representative', 'viewer'] as const;
type Role = (typeof ROLES)[number];
const ids = { main: 0, euro: 0, payroll: 0, customer: 0 };

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const role of ROLES) tokens[role] = await t.login(role);
  const db = t.database.db;
  const account = async (name: string) => (await db.selectFrom('accounts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  ids.main = await account('Main PLN account');
  ids.euro = await account('Euro account');
  ids.payroll = await account('Payroll PLN');
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

interface Case {
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  payload?: () => Record<string, unknown>;
  /** The status each role gets. */
  expect: Record<Role, number>;
}

let n = 0;
const cases: Case[] = [
  { label: 'list', method: 'GET', url: () => '/api/account', expect: { superadmin: 200, admin: 200, representative: 200, viewer: 200 } },
  { label: 'summary', method: 'GET', url: () => '/api/account/summary', expect: { superadmin: 200, admin: 200, representative: 200, viewer: 200 } },
  { label: 'a represented account', method: 'GET', url: () => `/api/account/${ids.main}`, expect: { superadmin: 200, admin: 200, representative: 200, viewer: 200 } },
  { label: 'an account no USER represents', method: 'GET', url: () => `/api/account/${ids.euro}`, expect: { superadmin: 200, admin: 200, representative: 404, viewer: 404 } },
  { label: 'its statement', method: 'GET', url: () => `/api/account/${ids.euro}/balanceUpdates`, expect: { superadmin: 200, admin: 200, representative: 404, viewer: 404 } },
  { label: 'a represented statement', method: 'GET', url: () => `/api/account/${ids.main}/balanceUpdates`, expect: { superadmin: 200, admin: 200, representative: 200, viewer: 200 } },
  {
    label: 'create',
    method: 'POST',
    url: () => '/api/account',
    payload: () => ({ name: `Role account ${++n}`, currency: 'PLN', customerId: ids.customer }),
    expect: { superadmin: 201, admin: 201, representative: 201, viewer: 403 },
  },
  {
    label: 'change the name',
    method: 'PUT',
    url: () => '/api/account/changeName',
    payload: () => ({ id: ids.payroll, name: `Payroll PLN ${++n}` }),
    expect: { superadmin: 200, admin: 200, representative: 200, viewer: 403 },
  },
  {
    label: 'set a representative',
    method: 'PUT',
    url: () => '/api/account/representative',
    payload: () => ({ accountId: ids.euro, userId: 0, permission: null }),
    expect: { superadmin: 200, admin: 200, representative: 403, viewer: 403 },
  },
  {
    label: 'top up',
    method: 'POST',
    url: () => '/api/account/topUp',
    payload: () => ({ accountId: ids.main, amount: 1_000_000, reference: `Role top-up ${++n}` }),
    expect: { superadmin: 200, admin: 403, representative: 403, viewer: 403 },
  },
  {
    label: 'transfer',
    method: 'POST',
    url: () => '/api/account/transfer',
    payload: () => ({ fromAccountId: ids.main, toAccountId: ids.payroll, amount: 10_000 }),
    expect: { superadmin: 200, admin: 200, representative: 200, viewer: 403 },
  },
  { label: 'audit log', method: 'GET', url: () => '/api/audit', expect: { superadmin: 200, admin: 200, representative: 403, viewer: 403 } },
];

describe.each(cases)('$method $label', (c) => {
  it.each(ROLES)('%s', async (role) => {
    const before = await t.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let payload = c.payload?.();
    // The representative to remove is the viewer (of the main account): a no-op unless it represents the euro account.
    if (payload && 'userId' in payload) {
      const viewer = await t.database.db.selectFrom('users').select('id').where('login', '=', 'viewer').executeTakeFirstOrThrow();
      payload = { ...payload, userId: viewer.id };
    }
    const res = await t.request({ method: c.method, url: c.url(), token: tokens[role], payload });
    expect(res.status, JSON.stringify(res.body)).toBe(c.expect[role]);
    if (res.status >= 400) {
      expect(res.body).toMatchObject({ code: res.status === 403 ? 'FORBIDDEN' : 'ACCOUNT_NOT_FOUND' });
      const after = await t.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    }
  });
});

it('leaves the ledger consistent', async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
