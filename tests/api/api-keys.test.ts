// The integration API's keys through the real app: made only while the customer's API is on, shown once and stored
// hashed, acting on the panel's own routes for their customer with exactly their permissions (a table of key
// permission x route), never more than their creator holds, revoked and rotated with effect at once or after the
// overlap, limited per minute with 429 and Retry-After, and every call audited with the key's id.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PERMISSIONS, PAYOUT_ROUTES_KEY_PERMISSION } from '../../src/shared/apiKeys.ts';
import { hashToken } from '../../src/server/platform/auth/secrets.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let demo = 0;
const RATE = 40;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) => t.request({ method, url, token, payload });
const create = (payload: Record<string, unknown>, token = tokens.admin) => call('POST', '/api/integration/keys', token, payload);

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false, apiKeyRateLimit: RATE });
  for (const login of ['admin', 'representative', 'superadmin']) tokens[login] = await t.login(login);
  demo = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

const enable = (on: boolean) => putSettings(t.database.db, { API_ENABLED: on ? 'true' : 'false' }, demo);

describe('making keys', () => {
  it('needs the customer\'s API on and integration_api', async () => {
    await enable(false);
    expect((await create({ name: 'Off' })).body).toMatchObject({ code: 'API_DISABLED' });
    await enable(true);
    expect((await create({ name: 'Not mine' }, tokens.representative)).status).toBe(403);
    expect((await create({ name: 'Not mine' }, tokens.superadmin)).status).toBe(403);
  });

  it('shows the secret once, stores its hash with a recognisable prefix, and lists the key without it', async () => {
    const res = await create({ name: 'ERP' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.key).toMatch(/^ppk_[A-Za-z0-9_-]{32}$/);
    expect(res.body).toMatchObject({ name: 'ERP', permissions: [...API_KEY_PERMISSIONS], restricted: false, state: 'ACTIVE', prefix: res.body.key.slice(0, 10) });
    const row = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashToken(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    const list = await call('GET', '/api/integration/keys', tokens.admin);
    expect(list.body.items[0]).toMatchObject({ id: res.body.id, name: 'ERP' });
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
  });

  it('refuses a restricted key without permissions or with one its creator lacks', async () => {
    expect((await create({ name: 'Empty', restricted: true })).body.validationErrors[0]).toMatchObject({ property: 'permissions', errors: [{ code: 'REQUIRED' }] });
    expect((await create({ name: 'Odd', restricted: true, permissions: ['user.manage'] })).body.validationErrors[0].property).toBe('permissions.0');
  });
});

describe('calls made with a key', () => {
  let body: Record<string, unknown>;
  beforeAll(async () => {
    const db = t.database.db;
    const account = await db.selectFrom('accounts').select('id').where('customer_id', '=', demo).where('name', '=', 'Main PLN account').executeTakeFirstOrThrow();
    const program = await db.selectFrom('programs').select('id').where('customer_id', '=', demo).where('currency', '=', 'PLN').where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow();
    const recipient = await db.selectFrom('recipients').select('id').where('customer_id', '=', demo).orderBy('id').executeTakeFirstOrThrow();
    body = { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 1_230, title: 'Through the API', endDate: toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw') };
  });

  it('can do exactly what its permissions name, for its customer only', async () => {
    // Each route with the key permissions that open it (the routes' own: the payouts list is open to whoever
    // manages payouts too). Every key also holds integration_api_payout, which the payout routes ask of a key
    // besides (below); alone it opens nothing.
    let phone = 7_900_000;
    const routes: [string[], 'GET' | 'POST', string, () => Record<string, unknown> | undefined][] = [
      [['payout.read', 'payout.manage'], 'GET', '/api/payout', () => undefined],
      [['payout.manage'], 'POST', '/api/payout', () => body],
      [['payout.recipient.read'], 'GET', '/api/payout/recipient', () => undefined],
      [['payout.recipient.manage'], 'POST', '/api/payout/recipient', () => ({ phoneNumber: `+48790${String((phone += 1)).slice(-6)}`, firstName: 'Api', lastName: 'Caller' })],
      [['payout.program.read'], 'GET', '/api/payout/program', () => undefined],
      [['accounts'], 'GET', '/api/account', () => undefined],
    ];
    for (const held of API_KEY_PERMISSIONS) {
      const permissions = held === PAYOUT_ROUTES_KEY_PERMISSION ? [held] : [held, PAYOUT_ROUTES_KEY_PERMISSION];
      const key = (await create({ name: `Only ${held}`, restricted: true, permissions })).body.key as string;
      for (const [needed, method, url, payload] of routes) {
        const res = await call(method, url, key, payload());
        const allowed = needed.includes(held);
        expect(res.status < 300, `${held} key: ${method} ${url} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(allowed);
        if (!allowed) expect(res.status).toBe(403);
      }
    }
    // Never the panel's own routes, another area or the keys themselves.
    const all = (await create({ name: 'All' })).body.key as string;
    for (const [method, url] of [['GET', '/api/me'], ['GET', '/api/user'], ['GET', '/api/integration/keys'], ['GET', '/api/customer/settings'], ['GET', '/api/audit']] as const) {
      expect((await call(method, url, all)).status, url).toBe(403);
    }
    // Its customer's data only: the payouts list holds the demo customer's payouts alone.
    const list = await call('GET', '/api/payout?limit=100', all);
    expect(new Set(list.body.items.map((p: { customerId?: number }) => p.customerId ?? demo))).toEqual(new Set([demo]));
  });

  it('creates a payout audited with the key\'s id, and audits every call', async () => {
    const key = (await create({ name: 'Payouts', restricted: true, permissions: ['payout.manage', 'payout.read', 'integration_api_payout'] })).body;
    const made = await call('POST', '/api/payout', key.key, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const entries = await t.database.db.selectFrom('audit_log').selectAll().where('actor_api_key_id', '=', key.id).execute();
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['apiKey.call']));
    expect(entries.find((e) => e.action === 'apiKey.call')).toMatchObject({ entity_id: 'POST /api/payout', customer_id: demo });
    const statement = await t.database.db.selectFrom('balance_updates').select('api_key_id').where('api_key_id', '=', key.id).execute();
    expect(statement.length).toBeGreaterThan(0);
  });

  it('makes payouts of source API: below the threshold to collect, at it waiting for a panel user\'s approval, without an SMS code', async () => {
    const key = (await create({ name: 'Large payouts', restricted: true, permissions: ['payout.manage', 'integration_api_payout'] })).body.key as string;
    const small = await call('POST', '/api/payout', key, body);
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(small.body).toMatchObject({ source: 'API', status: 'TO_COLLECT', amount: 1_230 });
    const funds = () => t.database.db.selectFrom('accounts').select(['balance', 'locked_balance']).where('id', '=', body.accountId as number).executeTakeFirstOrThrow();
    const before = await funds();
    const codes = await t.database.db.selectFrom('verification_codes').select('id').execute();
    const large = await call('POST', '/api/payout', key, { ...body, amount: 10_000_000 });
    expect(large.status, JSON.stringify(large.body)).toBe(201);
    expect(large.body).toMatchObject({ source: 'API', status: 'TO_APPROVE', amount: 10_000_000 });
    expect(await t.database.db.selectFrom('verification_codes').select('id').execute()).toHaveLength(codes.length);
    const after = await funds();
    expect([Number(after.balance), Number(after.locked_balance)]).toEqual([Number(before.balance) - 10_000_000, Number(before.locked_balance) + 10_000_000]);
  });

  it('stops working at once when revoked, or when the customer\'s API is turned off', async () => {
    const key = (await create({ name: 'Short-lived' })).body;
    expect((await call('GET', '/api/payout', key.key)).status).toBe(200);
    const revoked = await call('POST', `/api/integration/keys/${key.id}/revoke`, tokens.admin);
    expect(revoked.body.state).toBe('REVOKED');
    expect((await call('GET', '/api/payout', key.key)).status).toBe(401);
    const other = (await create({ name: 'Switched off' })).body.key as string;
    await enable(false);
    try {
      expect((await call('GET', '/api/payout', other)).status).toBe(401);
    } finally {
      await enable(true);
    }
    expect((await call('GET', '/api/payout', 'ppk_notakey')).status).toBe(401);
  });

  it('rotates with an overlap in which both keys work, or with none', async () => {
    const first = (await create({ name: 'Rotating', restricted: true, permissions: ['payout.read', 'integration_api_payout'] })).body;
    const second = await call('POST', `/api/integration/keys/${first.id}/rotate`, tokens.admin, { overlapHours: 2 });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ name: 'Rotating', permissions: ['payout.read', 'integration_api_payout'], restricted: true, state: 'ACTIVE' });
    for (const key of [first.key, second.body.key]) expect((await call('GET', '/api/payout', key)).status).toBe(200);
    const old = (await call('GET', '/api/integration/keys', tokens.admin)).body.items.find((k: { id: number }) => k.id === first.id);
    expect(old.state).toBe('EXPIRING');
    // After the overlap the old key is refused.
    await t.database.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', first.id).execute();
    expect((await call('GET', '/api/payout', first.key)).status).toBe(401);
    const third = await call('POST', `/api/integration/keys/${second.body.id}/rotate`, tokens.admin, { overlapHours: 0 });
    expect((await call('GET', '/api/payout', second.body.key)).status).toBe(401);
    expect((await call('GET', '/api/payout', third.body.key)).status).toBe(200);
    expect((await call('POST', `/api/integration/keys/${first.id}/rotate`, tokens.admin, {})).body).toMatchObject({ code: 'API_KEY_INACTIVE' });
  });

  it('answers 429 with Retry-After past its calls a minute, other keys unaffected', async () => {
    const busy = (await create({ name: 'Busy' })).body.key as string;
    const calm = (await create({ name: 'Calm' })).body.key as string;
    const answers = await Promise.all(Array.from({ length: RATE + 5 }, () => call('GET', '/api/payout/program', busy)));
    const limited = answers.filter((res) => res.status === 429);
    expect(limited).toHaveLength(5);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited[0].body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await call('GET', '/api/payout/program', calm)).status).toBe(200);
  });
});

describe('payouts waiting for approval, through a key (spec: "Through the integration API, TO_APPROVE is also non-editable.")', () => {
  const REFUSED = { code: 'PAYOUT_NOT_EDITABLE_THROUGH_API', message: 'A payout to approve cannot be changed through the integration API: a panel user approves or cancels it.' };
  const fixture = { customerId: 0, accountId: 0, programId: 0, recipientId: 0 };
  let key = '';
  const payout = (status: 'TO_APPROVE' | 'TO_COLLECT', amount: number) => insertPayout(t.database.db, { ...fixture, status, amount });
  const statusOf = async (id: number) => (await t.database.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const account = () => t.database.db.selectFrom('accounts').select(['balance', 'locked_balance']).where('id', '=', fixture.accountId).executeTakeFirstOrThrow();
  const codes = async () => (await t.database.db.selectFrom('verification_codes').select('id').execute()).length;
  const toAdmin = async () => (await t.messages()).filter((m) => m.to === '+48500100200').length;

  beforeAll(async () => {
    const db = t.database.db;
    fixture.customerId = demo;
    fixture.accountId = (await db.selectFrom('accounts').select('id').where('customer_id', '=', demo).where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
    fixture.programId = (await db.selectFrom('programs').select('id').where('customer_id', '=', demo).where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow()).id;
    fixture.recipientId = (await db.selectFrom('recipients').select('id').where('customer_id', '=', demo).orderBy('id').executeTakeFirstOrThrow()).id;
    key = (await create({ name: 'Approvals' })).body.key as string;
  });

  it('refuses cancelling or approving one, by its id, with or without confirmation; nothing changes and no code is sent', async () => {
    const small = await payout('TO_APPROVE', 4_560);
    const large = await payout('TO_APPROVE', 12_000_000);
    const [before, codesBefore, adminBefore] = [await account(), await codes(), await toAdmin()];
    for (const body of [
      { status: 'CANCELLED', ids: [small], confirm: true },
      { status: 'CANCELLED', ids: [small] },
      { status: 'TO_COLLECT', ids: [small], confirm: true },
      { status: 'TO_COLLECT', ids: [large], confirm: true },
      { status: 'TO_COLLECT', ids: [large] },
    ]) {
      const res = await call('PUT', '/api/payout/status', key, body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 403, body: REFUSED });
    }
    expect([await statusOf(small), await statusOf(large)]).toEqual(['TO_APPROVE', 'TO_APPROVE']);
    expect(await account()).toEqual(before);
    expect(await codes()).toBe(codesBefore);
    expect(await toAdmin()).toBe(adminBefore);
  });

  it('refuses a bulk change or its dry run that would move one, by ids or by the filters', async () => {
    const waiting = await payout('TO_APPROVE', 4_571);
    const open = await payout('TO_COLLECT', 4_571);
    const filters = JSON.stringify({ status: ['TO_APPROVE', 'TO_COLLECT'], amount: { gte: 4_571, lte: 4_571 } });
    for (const body of [
      { status: 'CANCELLED', ids: [waiting, open], confirm: true },
      { status: 'CANCELLED', ids: [waiting, open] },
      { status: 'CANCELLED', options: filters, confirm: true },
      { status: 'CANCELLED', options: filters },
      { status: 'TO_COLLECT', options: filters },
    ]) {
      expect(await call('PUT', '/api/payout/status', key, body), JSON.stringify(body)).toMatchObject({ status: 403, body: REFUSED });
    }
    expect([await statusOf(waiting), await statusOf(open)]).toEqual(['TO_APPROVE', 'TO_COLLECT']);
    // Suspending never moves a payout to approve: it is counted out as for a panel user, and the rest move.
    expect((await call('PUT', '/api/payout/status', key, { status: 'SUSPENDED', options: filters, confirm: true })).body).toEqual({ matching: 2, changeable: 1, updated: 1 });
    expect([await statusOf(waiting), await statusOf(open)]).toEqual(['TO_APPROVE', 'SUSPENDED']);
    // The key still cancels what it may change; a panel user still cancels the payout to approve.
    expect((await call('PUT', '/api/payout/status', key, { status: 'CANCELLED', ids: [open], confirm: true })).body).toEqual({ matching: 1, changeable: 1, updated: 1 });
    expect((await call('PUT', '/api/payout/status', tokens.admin, { status: 'CANCELLED', ids: [waiting], confirm: true })).body).toEqual({ matching: 1, changeable: 1, updated: 1 });
  });

  it('refuses a reminder for one', async () => {
    const waiting = await payout('TO_APPROVE', 4_582);
    const before = (await t.messages()).length;
    expect(await call('POST', `/api/payout/${waiting}/reminder`, key)).toMatchObject({ status: 403, body: REFUSED });
    expect((await t.messages()).length).toBe(before);
    expect((await call('POST', `/api/payout/${await payout('TO_COLLECT', 4_582)}/reminder`, key)).status).toBe(200);
  });
});

describe('integration_api_payout', () => {
  it('is given by migration 023 to restricted keys made before it that held a payout permission, and to no other', async () => {
    const db = t.database.db;
    const admin = (await db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
    const make = async (name: string, permissions: string[] | null) =>
      (await db.insertInto('api_keys').values({ customer_id: demo, name, prefix: 'ppk_old', secret_hash: hashToken(`old-${name}`), permissions, created_by: admin }).returning('id').executeTakeFirstOrThrow()).id;
    const reader = await make('Old reader', ['payout.read']);
    const recipients = await make('Old recipients', ['payout.recipient.read']);
    const whole = await make('Old whole', null);
    await sql.raw(readFileSync(new URL('../../src/server/db/migrations/023_api_keys_payout_permission.sql', import.meta.url), 'utf8')).execute(db);
    const after = new Map((await db.selectFrom('api_keys').select(['id', 'permissions']).where('id', 'in', [reader, recipients, whole]).execute()).map((k) => [k.id, k.permissions]));
    expect(after.get(reader)).toEqual(['payout.read', 'integration_api_payout']);
    expect(after.get(recipients)).toEqual(['payout.recipient.read']);
    expect(after.get(whole)).toBeNull();
  });

  it('is what the payout routes ask of a key besides their permissions; other routes and panel sessions do not ask it', async () => {
    const without = (await create({ name: 'No payouts', restricted: true, permissions: ['payout.read', 'payout.manage', 'payout.recipient.read'] })).body.key as string;
    const withIt = (await create({ name: 'Payouts', restricted: true, permissions: ['payout.read', 'payout.manage', 'payout.recipient.read', 'integration_api_payout'] })).body.key as string;
    const payoutId = (await t.database.db.selectFrom('payouts').select('id').where('customer_id', '=', demo).where('status', '=', 'TO_COLLECT').orderBy('id').executeTakeFirstOrThrow()).id;
    const routes: ['GET' | 'PUT', string, Record<string, unknown>?][] = [
      ['GET', '/api/payout'],
      ['GET', `/api/payout/${payoutId}`],
      ['GET', '/api/payout/report?format=csv'],
      ['PUT', '/api/payout/status', { status: 'SUSPENDED', ids: [payoutId] }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, without, payload)).status, `${method} ${url} without it`).toBe(403);
      expect((await call(method, url, withIt, payload)).status, `${method} ${url} with it`).toBe(200);
    }
    const before = (await t.database.db.selectFrom('payouts').select('id').execute()).length;
    const made = await call('POST', '/api/payout', without, {});
    expect(made.status).toBe(403);
    expect((await t.database.db.selectFrom('payouts').select('id').execute()).length).toBe(before);
    expect((await call('POST', `/api/payout/${payoutId}/reminder`, without)).status).toBe(403);
    // Not a payout route: the recipients' own permission suffices.
    expect((await call('GET', '/api/payout/recipient', without)).status).toBe(200);
    // A General Representative does not hold integration_api_payout, and its session reaches the payouts as before.
    expect((await call('GET', '/api/payout', tokens.representative)).status).toBe(200);
    expect((await call('PUT', '/api/payout/status', tokens.representative, { status: 'SUSPENDED', ids: [payoutId] })).body).toEqual({ matching: 1, changeable: 1, updated: 0 });
  });
});
