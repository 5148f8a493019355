// Starts the real application on a real database for API tests: in-memory PGlite by default, or a
// fresh PostgreSQL database per test file when TEST_DATABASE_URL is set. Messages go through the
// real file transport into a temporary outbox file, which the tests read like a newcomer would.
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/index.ts';
import { useHashCost } from '../../src/server/platform/auth/secrets.ts';
import { PASSWORD, seededDatabase } from './test-database.ts';
import { useTestHashCost } from '../hash-cost.ts';
import type { OutboxDispatcher } from '../../src/server/platform/outbox.ts';
import type { IntervalJob } from '../../src/server/jobs/intervalJob.ts';

export { PASSWORD };
export const DEVICE = 'devicedevicedevicedevicedevice01';

interface OutboxRecord {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  outbox: OutboxDispatcher;
  /** The payout expiry job of this instance. */
  expiry: IntervalJob;
  /** The PostgreSQL database of this file (TEST_DATABASE_URL), for a second instance on it. */
  databaseUrl?: string;
  request(options: InjectOptions & { token?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  messages(): Promise<OutboxRecord[]>;
  lastCode(to: string): Promise<string>;
  login(login: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';


export async function startApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'payout-api-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }),
    clientDir: path.join(dir, 'no-client'),
    // Every request of a test comes from one address: the per-source limits are raised here and tested on their own.
    authRateLimit: 100_000,
    loginSourceMaxFailures: 100_000,
    ...overrides,
  };
  const seeded = await seededDatabase();
  const database = seeded.database;
  const { app, outbox, expiry } = await buildApp({ config, database, printMessages: false, logger: false });
  await app.ready();

  const t: TestApp = {
    app,
    database,
    config,
    outbox,
    expiry,
    databaseUrl: seeded.url,
    async request({ token, ...options }) {
      const res = await app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      let body: unknown = res.body;
      try {
        body = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async messages() {
      await outbox.kick();
      const file = config.outboxFile!;
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    },
    async lastCode(to) {
      const mine = (await t.messages()).filter((m) => m.to === to);
      const match = mine.length ? /(\d{6})/.exec(mine[mine.length - 1].body) : null;
      if (!match) throw new Error(`no code was sent to ${to}`);
      return match[1];
    },
    async login(login, password = PASSWORD) {
      const first = await t.request({ method: 'POST', url: '/api/login', payload: { login, password, device: DEVICE } });
      if (first.body?.token) return first.body.token;
      if (!first.body?.authorize) throw new Error(`login failed: ${JSON.stringify(first.body)}`);
      const user = await database.db.selectFrom('users').select(['phone_number', 'email']).where('login', '=', login).executeTakeFirstOrThrow();
      const code = await t.lastCode(user.phone_number ?? user.email!);
      const second = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login, verificationCode: code, device: DEVICE } });
      if (!second.body?.token) throw new Error(`authorize failed: ${JSON.stringify(second.body)}`);
      return second.body.token;
    },
    async close() {
      await app.close();
      await seeded.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How much longer `known` takes than `unknown`: the ratio of their medians over `rounds` runs each, interleaved so
 * that machine load falls on both alike. `between` runs untimed before each run (clearing a lockout, say).
 */
export async function medianRatio(known: (i: number) => Promise<unknown>, unknown: (i: number) => Promise<unknown>, between?: () => Promise<unknown>, rounds = 12): Promise<number> {
  return (await timingRatios(known, unknown, between, rounds))(0.5);
}

/**
 * Times `known` and `unknown` in `pairs` interleaved runs (so that machine load falls on both alike) and gives the
 * ratio of any quantile of their times: the median (0.5) as medianRatio, or the lower quartile (0.25), which load
 * barely moves (load only ever adds time), so that a difference of a few milliseconds shows however busy the machine.
 * Measured at the product's hashing cost, as a stranger would measure it, not at the tests' lower one.
 */
export async function timingRatios(known: (i: number) => Promise<unknown>, unknown: (i: number) => Promise<unknown>, between?: () => Promise<unknown>, pairs = 80): Promise<(quantile: number) => number> {
  useHashCost();
  try {
    return await timedPairs(known, unknown, between, pairs);
  } finally {
    useTestHashCost();
  }
}

async function timedPairs(known: (i: number) => Promise<unknown>, unknown: (i: number) => Promise<unknown>, between: (() => Promise<unknown>) | undefined, pairs: number): Promise<(quantile: number) => number> {
  const timed = async (work: () => Promise<unknown>) => {
    await between?.();
    const start = process.hrtime.bigint();
    await work();
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < pairs; i++) {
    a.push(await timed(() => known(i)));
    b.push(await timed(() => unknown(i)));
  }
  const at = (xs: number[], quantile: number) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * quantile)];
  return (quantile) => at(a, quantile) / at(b, quantile);
}

/**
 * Two customers with the SMS-only login variants and one admin each: "phone-co" (PHONE, phoneuser, +48600700800)
 * and "login-co" (LOGIN, loginuser, +48600700900).
 */
export async function addVariantCustomers(t: TestApp): Promise<void> {
  const db = t.database.db;
  const phoneCo = await db.insertInto('customers').values({ name: 'Phone Co', url: 'phone-co', login_variant: 'PHONE', logo_url: null, primary_color: null }).returning('id').executeTakeFirstOrThrow();
  const loginCo = await db.insertInto('customers').values({ name: 'Login Co', url: 'login-co', login_variant: 'LOGIN', logo_url: null, primary_color: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values([
    { login: 'phoneuser', first_name: 'Piotr', last_name: 'Lis', phone_number: '+48600700800', email: 'p@phone.example.com', type: 'ADMIN', representative_kind: null, customer_id: phoneCo.id, password_hash: null },
    { login: 'loginuser', first_name: 'Lena', last_name: 'Wilk', phone_number: '+48600700900', email: 'l@login.example.com', type: 'ADMIN', representative_kind: null, customer_id: loginCo.id, password_hash: null },
  ]).execute();
}
