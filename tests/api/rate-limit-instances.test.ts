// The request limits hold across instances: two instances of the application on one database (on PostgreSQL each
// with its own connection pool, on PGlite on the same handle) share the per-source limit of the public login,
// restore and collection sign-in routes and the per-key limit of the integration API. Requests alternate between
// the instances, and the one past the limit is refused whichever instance it reaches, with the 429 of a single
// instance. A new window allows again; a database error in the limiter lets requests through instead of a 500.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { engine, PASSWORD, startApp, type TestApp } from './harness.ts';

const AUTH_LIMIT = 5;
const KEY_LIMIT = 4;
const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a minute and try again.' };

let t: TestApp;
let other: FastifyInstance;
let otherDatabase: DatabaseHandle | null = null;
let instances: FastifyInstance[] = [];
let apiKey = '';

async function send(app: FastifyInstance, options: InjectOptions) {
  const res = await app.inject(options);
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, retryAfter: res.headers['retry-after'] };
}

/** The limited public routes, each with a request and its answer within the limit (none charges a lockout bucket). */
const ROUTES: { url: string; payload: Record<string, unknown>; status: number }[] = [
  { url: '/api/login', payload: {}, status: 400 },
  { url: '/api/user/restorePassword', payload: { identity: 'ghost' }, status: 200 },
  { url: '/api/payout/recipient/login', payload: {}, status: 400 },
];
const ask = (instance: number, route: (typeof ROUTES)[number], remoteAddress: string) =>
  send(instances[instance], { method: 'POST', url: route.url, payload: route.payload, remoteAddress });
const callWithKey = (instance: number) => send(instances[instance], { method: 'GET', url: '/api/payout/program', headers: { authorization: `Bearer ${apiKey}` } });

/** Moves every stored window a minute into the past, as if a minute had gone by. */
const aMinuteLater = () =>
  sql`UPDATE rate_limit_windows SET window_start = window_start - interval '1 minute', window_end = window_end - interval '1 minute'`.execute(t.database.db);

// Two hooks, each within the hook time limit on a loaded machine.
beforeAll(async () => {
  t = await startApp({ authRateLimit: AUTH_LIMIT, apiKeyRateLimit: KEY_LIMIT, deviceAuthorization: false });
});
beforeAll(async () => {
  // The second instance: on PostgreSQL with its own connection pool, on PGlite on the same embedded database.
  otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : null;
  other = (await buildApp({ config: t.config, database: otherDatabase ?? t.database, printMessages: false, logger: false })).app;
  await other.ready();
  instances = [t.app, other];
  const demo = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  await putSettings(t.database.db, { API_ENABLED: 'true' }, demo);
  const created = await t.request({ method: 'POST', url: '/api/integration/keys', token: await t.login('admin'), payload: { name: 'Two instances' } });
  expect(created.status).toBe(201);
  apiKey = created.body.key;
});
afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await t?.close();
});

describe(`request limits across two instances (${engine})`, () => {
  it('refuses a source\'s 6th request to a public auth route in the window, whichever instance it reaches; each route counts apart', async () => {
    const source = '203.0.113.10';
    for (const route of ROUTES) {
      const allowed = [];
      for (let i = 0; i < AUTH_LIMIT; i++) allowed.push((await ask(i % 2, route, source)).status);
      expect(allowed, route.url).toEqual(Array(AUTH_LIMIT).fill(route.status));
      for (const instance of [1, 0]) {
        const over = await ask(instance, route, source);
        expect(over.status, route.url).toBe(429);
        expect(over.body).toEqual(TOO_MANY);
        expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
      }
      // Another source is not held back, on either instance.
      for (const instance of [0, 1]) expect((await ask(instance, route, '203.0.113.11')).status).toBe(route.status);
    }
  });

  it('lets exactly the limit through of a burst sent to both instances at once', async () => {
    const route = ROUTES[0];
    const statuses = (await Promise.all(Array.from({ length: 12 }, (_, i) => ask(i % 2, route, '198.51.100.20')))).map((res) => res.status);
    expect(statuses.filter((status) => status === route.status)).toHaveLength(AUTH_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - AUTH_LIMIT);
  });

  it('answers 429 with Retry-After to an API key past its calls a minute, whichever instance the call reaches', async () => {
    const statuses = [];
    for (let i = 0; i < KEY_LIMIT; i++) statuses.push((await callWithKey(i % 2)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    for (const instance of [0, 1]) {
      const over = await callWithKey(instance);
      expect(over.status).toBe(429);
      expect(over.body).toEqual(TOO_MANY);
      expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
    }
  });

  it('allows again in a new window, on both instances', async () => {
    expect((await ask(0, ROUTES[0], '203.0.113.10')).status).toBe(429);
    expect((await callWithKey(1)).status).toBe(429);
    await aMinuteLater();
    expect((await ask(1, ROUTES[0], '203.0.113.10')).status).toBe(400);
    expect((await callWithKey(0)).status).toBe(200);
    expect((await callWithKey(1)).status).toBe(200);
  });

  it('lets a login and a key\'s call through, not a 500, while the limits cannot be counted, and limits again after', async () => {
    const source = '192.0.2.30';
    const login = (instance: number) => send(instances[instance], { method: 'POST', url: '/api/login', payload: { login: 'admin', password: PASSWORD }, remoteAddress: source });
    for (let i = 0; i < AUTH_LIMIT; i++) expect((await login(i % 2)).status).toBe(200);
    for (let i = 0; i < KEY_LIMIT; i++) await callWithKey(i % 2);
    expect((await login(0)).status).toBe(429);
    await sql`ALTER TABLE rate_limit_windows RENAME TO rate_limit_windows_away`.execute(t.database.db);
    try {
      for (const instance of [0, 1]) {
        const res = await login(instance);
        expect(res.status).toBe(200);
        expect(res.body.token).toEqual(expect.any(String));
        expect((await callWithKey(instance)).status).toBe(200);
      }
    } finally {
      await sql`ALTER TABLE rate_limit_windows_away RENAME TO rate_limit_windows`.execute(t.database.db);
    }
    expect((await login(1)).status).toBe(429);
    expect((await callWithKey(0)).status).toBe(429);
  });
});
