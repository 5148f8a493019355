// The resource toolkit (src/server/toolkit) where it goes beyond the generic resources of the areas:
// a list over a join (fields of two tables, ordered, filtered and searched), a visibility rule on top
// of tenancy, a read-only resource, and bulk routes that touch all the named rows or none. The routes
// are composed here from the toolkit, in an app set up like the real one (errors, validation, auth)
// on the test database, so the sessions of the real app's logins hold.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuth } from '../../src/server/plugins/auth.ts';
import { registerErrorHandling } from '../../src/server/plugins/errors.ts';
import { registerValidation } from '../../src/server/validation.ts';
import { programs } from '../../src/server/areas/programs/resource.ts';
import {
  bulkRoute,
  entityResponse,
  itemRoutes,
  listRoute,
  readOnlyResourceRoutes,
  untyped,
  type View,
} from '../../src/server/toolkit/index.ts';
import { startApp, type TestApp } from './harness.ts';
import { loadConfig } from '../../src/server/config.ts';

let t: TestApp;
let kit: FastifyInstance;
const tokens: Record<string, string> = {};
let otherAdmin: string;
let otherCustomerId: number;
let demoCustomerId: number;
const otherRecipients: number[] = [];

/** Recipients with their customer's name: a join, with a computed field. */
const recipientsWithCustomer: View = {
  baseQuery: (ctx) => untyped(ctx.db).selectFrom('recipients').innerJoin('customers', 'customers.id', 'recipients.customer_id'),
  fields: {
    id: 'recipients.id',
    createdAt: 'recipients.created_at',
    fullName: sql`recipients.first_name || ' ' || recipients.last_name`,
    blocked: 'recipients.blocked',
    customerId: 'recipients.customer_id',
    customerName: 'customers.name',
  },
  tenancy: { column: 'recipients.customer_id' },
  // As a representative sees only the accounts they represent: a USER sees only unblocked recipients here.
  visible: (ctx) => (ctx.auth.user.type === 'USER' ? sql<boolean>`recipients.blocked = false` : undefined),
};

const row = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    fullName: { type: 'string' },
    blocked: { type: 'boolean' },
    customerId: { type: 'integer' },
    customerName: { type: 'string' },
  },
  required: ['id', 'createdAt', 'fullName', 'blocked', 'customerId', 'customerName'],
};

const filters = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 100 },
    customerName: { type: 'string', maxLength: 100 },
    customerId: { type: 'array', items: { type: 'integer' } },
    blocked: { type: 'boolean' },
  },
};

async function kitApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  registerErrorHandling(app);
  registerValidation(app);
  app.decorate('db', t.database.db);
  app.decorate('readDb', t.database.db);
  app.decorate('config', loadConfig({ LOG_LEVEL: 'silent', API_KEY_RATE_LIMIT: '100' }));
  registerAuth(app);
  await app.register(
    async (area) => {
      listRoute(area, {
        ...recipientsWithCustomer,
        permissions: ['payout.recipient.read'],
        filterSchema: filters,
        search: ['customers.name', 'recipients.last_name'],
        defaultOrder: ['createdAt', 'DESC'],
        response: row,
      });
      itemRoutes(area, { ...recipientsWithCustomer, permissions: ['payout.recipient.read'], notFound: 'RECIPIENT_NOT_FOUND', response: row });
      bulkRoute<{ ids: number[]; blocked: boolean }, { numberOfRecords: number }>(area, {
        ...recipientsWithCustomer,
        path: '/block',
        table: 'recipients',
        permissions: ['payout.recipient.manage'],
        notFound: 'RECIPIENT_NOT_FOUND',
        body: { properties: { blocked: { type: 'boolean' } }, required: ['blocked'] },
        async operation(ctx, rows, body) {
          await untyped(ctx.db).updateTable('recipients').set({ blocked: body.blocked }).where('id', 'in', rows.map((r) => r.id)).execute();
          return { numberOfRecords: rows.length };
        },
        response: { type: 'object', properties: { numberOfRecords: { type: 'integer' } }, required: ['numberOfRecords'] },
      });
    },
    { prefix: '/api/kit/recipients' },
  );
  // The programs' declaration (list, item, form and delete routes), registered read-only.
  await app.register(async (area) => readOnlyResourceRoutes(area, programs), { prefix: '/api/kit/programs' });
  await app.ready();
  return app;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await kit.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

const listUrl = (params: Record<string, unknown> = {}) =>
  `/api/kit/recipients?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()}`;

const blockedOf = async (ids: number[]) =>
  (await t.database.db.selectFrom('recipients').select(['id', 'blocked']).where('id', 'in', ids).orderBy('id').execute()).map((r) => r.blocked);

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin', 'representative', 'viewer']) tokens[login] = await t.login(login);
  demoCustomerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const created = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'Zeta Other Ltd', url: 'zeta-other' } });
  otherCustomerId = created.body.id;
  await t.request({
    method: 'POST',
    url: '/api/user',
    token: tokens.superadmin,
    payload: { customerId: otherCustomerId, login: 'zetaadmin', password: 'Zeta1234!', firstName: 'Zofia', lastName: 'Zeta', phoneNumber: '+48511222444', email: 'zofia@zeta.example.com', type: 'ADMIN' },
  });
  otherAdmin = await t.login('zetaadmin', 'Zeta1234!');
  for (const n of [1, 2, 3]) {
    const r = await t.request({ method: 'POST', url: '/api/payout/recipient', token: otherAdmin, payload: { firstName: 'Olaf', lastName: `Obcy${'abc'[n - 1]}`, phoneNumber: `+4860900000${n}` } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    otherRecipients.push(r.body.id);
  }
  kit = await kitApp();
});
afterAll(async () => {
  await kit?.close();
  await t?.close();
});

describe('a list over a join', () => {
  it('answers the fields of both tables, and only the own customer\'s rows', async () => {
    const res = await call('GET', listUrl({ limit: 100 }), tokens.admin);
    expect(res.status).toBe(200);
    const own = await t.database.db.selectFrom('recipients').select(sql<number>`count(*)::int`.as('n')).where('customer_id', '=', demoCustomerId).executeTakeFirstOrThrow();
    expect(res.body.numberOfRecords).toBe(own.n);
    expect(res.body.items.length).toBe(Math.min(100, own.n));
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(['blocked', 'createdAt', 'customerId', 'customerName', 'fullName', 'id']);
      expect(item).toMatchObject({ customerId: demoCustomerId, customerName: 'Demo Company' });
      expect(item.fullName).toMatch(/^\S+ \S+/);
    }
  });

  it('orders by a field of the joined table, and refuses a field it does not map', async () => {
    const res = await call('GET', listUrl({ limit: 100, orderBy: 'customerName', order: 'DESC' }), tokens.superadmin);
    expect(res.status).toBe(200);
    const names = res.body.items.map((i: { customerName: string }) => i.customerName);
    expect(names).toEqual([...names].sort().reverse());
    expect(names[0]).toBe('Zeta Other Ltd');
    const refused = await call('GET', listUrl({ orderBy: 'firstName' }), tokens.admin);
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors[0]).toMatchObject({ property: 'orderBy', errors: [{ code: 'INVALID_ENUM' }] });
  });

  it('filters and searches over the joined table', async () => {
    const byName = await call('GET', listUrl({ limit: 100, options: { customerName: 'zeta' } }), tokens.superadmin);
    expect(byName.body.numberOfRecords).toBe(3);
    expect(byName.body.items.map((i: { id: number }) => i.id).sort()).toEqual([...otherRecipients].sort());
    const searched = await call('GET', listUrl({ limit: 100, options: { search: 'Other Ltd' } }), tokens.superadmin);
    expect(searched.body.numberOfRecords).toBe(3);
    // Every word somewhere, in any of the searched fields: the customer's name and the recipient's last name.
    const words = await call('GET', listUrl({ limit: 100, options: { search: '  zeta   obcyB ' } }), tokens.superadmin);
    expect(words.body.items.map((i: { id: number }) => i.id)).toEqual([otherRecipients[1]]);
    const missing = await call('GET', listUrl({ limit: 100, options: { search: 'zeta nowhere' } }), tokens.superadmin);
    expect(missing.body.numberOfRecords).toBe(0);
    const oneOf = await call('GET', listUrl({ limit: 100, options: { customerId: [otherCustomerId] } }), tokens.superadmin);
    expect(oneOf.body.numberOfRecords).toBe(3);
    // The same filter from another customer's admin finds nothing: tenancy comes first.
    const foreign = await call('GET', listUrl({ options: { customerName: 'zeta' } }), tokens.admin);
    expect(foreign.body).toEqual({ items: [], numberOfRecords: 0 });
    const unknown = await call('GET', listUrl({ options: { firstName: 'x' } }), tokens.admin);
    expect(unknown.status).toBe(400);
  });

  it('lets a SUPER_ADMIN see every customer, or the one it names', async () => {
    const all = await call('GET', listUrl({ limit: 1 }), tokens.superadmin);
    const named = await call('GET', listUrl({ limit: 100, customerId: String(otherCustomerId) }), tokens.superadmin);
    expect(named.body.numberOfRecords).toBe(3);
    expect(named.body.items.every((i: { customerId: number }) => i.customerId === otherCustomerId)).toBe(true);
    const demo = await call('GET', listUrl({ limit: 1 }), tokens.admin);
    expect(all.body.numberOfRecords).toBe(demo.body.numberOfRecords + 3);
  });

  it('answers one row through the same view, and 404 for a row of another customer', async () => {
    const mine = await call('GET', `/api/kit/recipients/${otherRecipients[0]}`, otherAdmin);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: otherRecipients[0], customerName: 'Zeta Other Ltd', fullName: 'Olaf Obcya' });
    const foreign = await call('GET', `/api/kit/recipients/${otherRecipients[0]}`, tokens.admin);
    expect(foreign).toMatchObject({ status: 404, body: { code: 'RECIPIENT_NOT_FOUND' } });
  });
});

describe('a visibility rule on top of tenancy', () => {
  it('hides from a representative what the rule hides, in lists, items and bulk routes', async () => {
    const [first, second] = (await call('GET', listUrl({ limit: 2, orderBy: 'id', order: 'ASC' }), tokens.admin)).body.items.map((i: { id: number }) => i.id);
    expect((await call('POST', '/api/kit/recipients/block', tokens.admin, { ids: [first], blocked: true })).status).toBe(200);
    const asAdmin = await call('GET', listUrl({ limit: 1 }), tokens.admin);
    const asRepresentative = await call('GET', listUrl({ limit: 100 }), tokens.representative);
    expect(asRepresentative.body.numberOfRecords).toBeLessThan(asAdmin.body.numberOfRecords);
    expect(asRepresentative.body.items.map((i: { id: number }) => i.id)).not.toContain(first);
    expect((await call('GET', `/api/kit/recipients/${first}`, tokens.representative)).status).toBe(404);
    expect((await call('GET', `/api/kit/recipients/${first}`, tokens.admin)).status).toBe(200);
    // The representative cannot unblock what they cannot see, even beside a row they can.
    const refused = await call('POST', '/api/kit/recipients/block', tokens.representative, { ids: [first, second], blocked: false });
    expect(refused).toMatchObject({ status: 404, body: { code: 'RECIPIENT_NOT_FOUND', ids: [first] } });
    expect(await blockedOf([first, second])).toEqual([true, false]);
    expect((await call('POST', '/api/kit/recipients/block', tokens.admin, { ids: [first], blocked: false })).status).toBe(200);
  });
});

describe('bulk routes', () => {
  it('change every named row in one go', async () => {
    const res = await call('POST', '/api/kit/recipients/block', otherAdmin, { ids: otherRecipients, blocked: true });
    expect(res).toEqual({ status: 200, body: { numberOfRecords: 3 } });
    expect(await blockedOf(otherRecipients)).toEqual([true, true, true]);
    await call('POST', '/api/kit/recipients/block', otherAdmin, { ids: otherRecipients, blocked: false });
    expect(await blockedOf(otherRecipients)).toEqual([false, false, false]);
  });

  it('change nothing when one id is another customer\'s, and name it', async () => {
    const own = (await call('GET', listUrl({ limit: 1 }), tokens.admin)).body.items[0].id;
    const res = await call('POST', '/api/kit/recipients/block', tokens.admin, { ids: [own, otherRecipients[1]], blocked: true });
    expect(res).toMatchObject({ status: 404, body: { code: 'RECIPIENT_NOT_FOUND', ids: [otherRecipients[1]] } });
    expect(await blockedOf([own, otherRecipients[1]])).toEqual([false, false]);
    const allForeign = await call('POST', '/api/kit/recipients/block', tokens.admin, { ids: otherRecipients, blocked: true });
    expect(allForeign.status).toBe(404);
    expect(await blockedOf(otherRecipients)).toEqual([false, false, false]);
  });

  it('change nothing for an id that does not exist', async () => {
    const res = await call('POST', '/api/kit/recipients/block', otherAdmin, { ids: [otherRecipients[0], 2_000_000_000], blocked: true });
    expect(res).toMatchObject({ status: 404, body: { ids: [2_000_000_000] } });
    expect(await blockedOf([otherRecipients[0]])).toEqual([false]);
  });

  it('hold to their permissions and body schema', async () => {
    expect((await call('POST', '/api/kit/recipients/block', tokens.viewer, { ids: [otherRecipients[0]], blocked: true })).status).toBe(403);
    for (const payload of [{ ids: [], blocked: true }, { ids: [1, 1], blocked: true }, { ids: [1] }, { ids: ['x'], blocked: true }]) {
      const res = await call('POST', '/api/kit/recipients/block', otherAdmin, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.validationErrors.length).toBeGreaterThan(0);
    }
  });
});

describe('a read-only resource', () => {
  it('lists and reads, but has no POST, PUT or DELETE', async () => {
    const list = await call('GET', '/api/kit/programs?limit=1', tokens.admin);
    expect(list.status).toBe(200);
    const id = list.body.items[0].id;
    expect((await call('GET', `/api/kit/programs/${id}`, tokens.admin)).body.id).toBe(id);
    const body = { name: 'Read only', currency: 'PLN', budget: 1000, budgetInterval: 'ONE_TIME' };
    expect((await call('POST', '/api/kit/programs', tokens.admin, body)).status).toBe(404);
    expect((await call('PUT', '/api/kit/programs', tokens.admin, { ...body, id })).status).toBe(404);
    expect((await call('DELETE', `/api/kit/programs/${id}`, tokens.admin)).status).toBe(404);
    expect((await call('GET', `/api/kit/programs/${id}`, tokens.admin)).status).toBe(200);
  });
});

describe('response schemas', () => {
  it('come from the entity schema and refuse a field it does not declare', () => {
    const schema = entityResponse('entities/recipient');
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'firstName', 'blocked', 'customerId']));
    expect((schema.properties as Record<string, { format?: string }>).createdAt.format).toBe('date-time');
    expect(() => entityResponse('entities/recipient', ['id', 'customerName'])).toThrow(/customerName/);
  });

  it('answer every entity field of the areas\' lists and items', async () => {
    // A recipient's saved bank accounts are read for one recipient (its details), not for each row of the list.
    for (const [url, entity, itemOnly] of [
      ['/api/payout/recipient', 'recipient', ['bankAccounts']],
      ['/api/payout/program', 'program', []],
      ['/api/user', 'user', []],
    ] as const) {
      const fields = Object.keys((await import(`../../schemas/entities/${entity}.json`, { with: { type: 'json' } })).default.properties).sort();
      const list = await t.request({ method: 'GET', url: `${url}?limit=1`, token: tokens.admin });
      expect(Object.keys(list.body.items[0]).sort()).toEqual(fields.filter((f) => !(itemOnly as readonly string[]).includes(f)));
      const item = await t.request({ method: 'GET', url: `${url}/${list.body.items[0].id}`, token: tokens.admin });
      expect(Object.keys(item.body).sort()).toEqual(fields);
    }
  });
});
