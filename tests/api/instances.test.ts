// Several instances on one database (docs/deployment.md): two real servers listening on 127.0.0.1, each with its own
// pool (one shared PGlite handle on the embedded engine), take a mixed load over HTTP — logins, lists, payout
// creations with an Idempotency-Key, collects on the collection page, an import — while one of them is stopped
// gracefully midway. Every acknowledged write is stored once, nothing is answered with a 500, every request the
// stopping instance had begun is answered, no message goes out twice, and the ledger balances. Also: the probes
// (/api/health, /api/ready), and the read-only routes reading through DATABASE_READ_URL's handle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type App } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { checkLedger, topUp } from '../../src/server/ledger/index.ts';
import { Lifecycle } from '../../src/server/lifecycle.ts';
import type { OutgoingMessage } from '../../src/server/platform/outbox.ts';
import { seedDemo } from '../../src/server/seed/demo.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { createScratchDatabase } from '../../tools/scratch-database.ts';
import { DEVICE, PASSWORD, engine, sleep, startApp, type TestApp } from './harness.ts';
import { migratedPGlite } from './pglite-template.ts';
import { multipart, workbook, type Sheet } from './upload.ts';

/** How long the load runs; one instance is stopped halfway. */
const LOAD_MS = 6_000;
/** Requests in flight at once, spread over both instances. */
const WORKERS = 6;
const COLLECTORS = 4;
const IBAN = 'PL61109010140000071219812874';

interface Instance {
  name: string;
  built: App;
  base: string;
  /** Outbox ids this instance's transport was handed. */
  sent: number[];
  /** Requests (by their x-load header) the server began. */
  begun: Set<string>;
  /** The client address of each request, as the server reads it (request.ip). */
  sources: string[];
}

let t: TestApp;
const handles: DatabaseHandle[] = [];
const ids = { customer: 0, account: 0, program: 0 };
/** Every code texted, newest last, by phone number (the collection page's sign-in). */
const texts: { to: string; body: string }[] = [];

/** A second handle on the test's database: a pool of its own on PostgreSQL, the one PGlite handle shared otherwise. */
async function handleOnSameDatabase(readUrl?: string): Promise<DatabaseHandle> {
  if (!t.databaseUrl) return { ...t.database, close: async () => {} };
  // Closed by the instance's own stop.
  return openDatabase({ databaseUrl: t.databaseUrl, databaseReadUrl: readUrl });
}

async function instance(name: string, database: DatabaseHandle, config: Config = t.config): Promise<Instance> {
  const sent: number[] = [];
  const begun = new Set<string>();
  const sources: string[] = [];
  const transport = {
    async send(message: OutgoingMessage) {
      sent.push(message.id);
      texts.push({ to: message.recipient, body: message.body });
    },
  };
  const built = await buildApp({ config, database, transport, printMessages: false, logger: false });
  built.app.addHook('onRequest', async (request) => {
    sources.push(request.ip);
    const tag = request.headers['x-load'];
    if (typeof tag === 'string') begun.add(tag);
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  built.outbox.start(200);
  built.expiry.start(1000);
  return { name, built, base: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`, sent, begun, sources };
}

/** An HTTP answer (status and body), or the connection error in its place. */
interface Answer {
  status?: number;
  body?: any;
  error?: string;
}

async function call(to: Instance, method: string, url: string, options: { token?: string; json?: unknown; raw?: { payload: Buffer; headers: Record<string, string> }; headers?: Record<string, string>; tag?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}), ...(options.tag ? { 'x-load': options.tag } : {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw) {
    Object.assign(headers, options.raw.headers);
    body = new Uint8Array(options.raw.payload);
  }
  try {
    const res = await fetch(`${to.base}${url}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  } catch (err) {
    // Refused or cut: a connection error, never an answer.
    return { error: String((err as { cause?: unknown }).cause ?? err) };
  }
}

const ok = (a: Answer): boolean => a.status !== undefined && a.status >= 200 && a.status < 300;

async function signInCollector(at: Instance, phone: string): Promise<string> {
  const first = await call(at, 'POST', '/api/payout/recipient/login', { json: { phoneNumber: phone, customerUrl: 'demo' } });
  expect(first).toEqual({ status: 200, body: { authorize: true } });
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    await at.built.outbox.kick();
    code = /(\d{6})/.exec(texts.filter((m) => m.to === phone).at(-1)?.body ?? '')?.[1];
    if (!code) await sleep(50);
  }
  const second = await call(at, 'POST', '/api/payout/recipient/authenticate', { json: { phoneNumber: phone, customerUrl: 'demo', verificationCode: code } });
  if (!ok(second)) throw new Error(`authenticate failed: ${JSON.stringify(second)}`);
  return second.body.token as string;
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.account = (await db.insertInto('accounts').values({ customer_id: ids.customer, name: 'Instances', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.transaction().execute((trx) => topUp(trx, { accountId: ids.account, amount: 1_000_000_000, reference: 'instances', actor: { userId: null } }));
  ids.program = (
    await db
      .insertInto('programs')
      .values({ customer_id: ids.customer, name: 'Instances', currency: 'PLN', budget: 1_000_000_000, budget_interval: 'YEARLY', url: 'instances', reminder_days: null, reminder_hour: null, reminder_message: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A database of its own, seeded, on a machine that may be busy.
}, 120_000);

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await t?.close();
});

describe('two instances on one database', () => {
  it('take a mixed load while one stops gracefully: acknowledged writes stored once, no 500, no message twice, the ledger clean', async () => {
    // On PostgreSQL instance A reads its lists through DATABASE_READ_URL, here the same database (no replica).
    const a = await instance('A', await handleOnSameDatabase(t.databaseUrl));
    const b = await instance('B', await handleOnSameDatabase());
    const both = [a, b];
    try {
      for (const i of both) {
        // Without TRUST_PROXY a forwarded address is ignored: the connection's is the client's.
        expect(await call(i, 'GET', '/api/health', { headers: { 'x-forwarded-for': '203.0.113.7' } })).toEqual({ status: 200, body: { success: true } });
        expect(i.sources.at(-1)).toBe('127.0.0.1');
        expect(await call(i, 'GET', '/api/ready')).toEqual({ status: 200, body: { success: true } });
      }

      // Recipients who collect on the page, signed in beforehand, each with a bank account.
      const collectors: { id: number; token: string; bankAccountId: number }[] = [];
      for (let n = 0; n < COLLECTORS; n++) {
        const phone = `+4878${String(7_100_000 + n)}`;
        const { id } = await t.database.db
          .insertInto('recipients')
          .values({ customer_id: ids.customer, first_name: 'Load', last_name: `Collector${'abcd'[n]}`, phone_number: phone, email: null, external_id: null, billon_user_name: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = await signInCollector(both[n % 2], phone);
        const account = await call(both[n % 2], 'POST', '/api/payout/collection/bankAccount', { token, json: { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Jan Kowalski', iban: IBAN } });
        if (!ok(account)) throw new Error(`bank account: ${JSON.stringify(account)}`);
        collectors.push({ id, token, bankAccountId: account.body.id });
      }
      const login = await call(a, 'POST', '/api/login', { json: { login: 'admin', password: PASSWORD, device: DEVICE } });
      if (!ok(login)) throw new Error(`login: ${JSON.stringify(login)}`);
      const admin = login.body.token as string;
      const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');

      const answers: { instance: string; what: string; answer: Answer; tag: string }[] = [];
      const created = new Map<string, { id: number; reference: string; collector: number }>();
      const collected = new Set<number>();
      const toCollect: { id: number; collector: number }[] = [];
      let imported: { rows: number; created: number } | null = null;
      let stopped: Promise<string> | null = null;
      let seq = 0;
      const started = Date.now();
      const live = () => (stopped ? [a] : both);

      /** One request, to an instance in turn; a payout creation that gets no answer is retried with its key elsewhere. */
      async function step(worker: number): Promise<void> {
        const n = ++seq;
        const tag = `r${n}`;
        // Now and then a request still goes to the stopped instance, as from a proxy that has not noticed yet.
        const to = stopped && n % 5 === 0 ? b : live()[n % live().length];
        const record = (what: string, answer: Answer, at = to, tagged = tag) => {
          answers.push({ instance: at.name, what, answer, tag: tagged });
          return answer;
        };
        const kind = n % 4;
        if (worker === 0 && !imported && Date.now() - started > LOAD_MS / 4) {
          const rows: Sheet = [['Phone number', 'First name', 'Last name']];
          for (let i = 1; i <= 20; i++) rows.push([`+48 793 ${String(i).padStart(6, '0')}`, 'Imported', `Row${'abcdefghijklmnopqrst'[i - 1]}`]);
          const answer = record('import', await call(to, 'POST', '/api/payout/recipient/fromFile', { token: admin, raw: multipart(workbook({ Sheet1: rows })), tag }));
          if (ok(answer)) imported = answer.body;
          return;
        }
        if (kind === 0) {
          record('login', await call(to, 'POST', '/api/login', { json: { login: 'admin', password: PASSWORD, device: DEVICE }, tag }));
        } else if (kind === 1) {
          record('list', await call(to, 'GET', '/api/payout?limit=10', { token: admin, tag }));
        } else if (kind === 2 || toCollect.length === 0) {
          const key = `load-${n}`;
          const collector = n % COLLECTORS;
          const payload = { accountId: ids.account, programId: ids.program, recipientId: collectors[collector].id, amount: 100, title: `Load ${key}`, endDate };
          let at = to;
          for (let attempt = 0; attempt < 20; attempt++) {
            const answer = record('create', await call(at, 'POST', '/api/payout', { token: admin, json: payload, headers: { 'idempotency-key': key }, tag: `${tag}.${attempt}` }), at, `${tag}.${attempt}`);
            if (ok(answer)) {
              created.set(key, { id: answer.body.id, reference: answer.body.reference, collector });
              toCollect.push({ id: answer.body.id, collector });
              return;
            }
            // No answer, or the first try still running elsewhere: the same key again, on a live instance.
            if (answer.error !== undefined || answer.status === 409) {
              at = a;
              await sleep(100);
              continue;
            }
            return;
          }
        } else {
          const payout = toCollect.shift()!;
          const who = collectors[payout.collector];
          const answer = record('collect', await call(to, 'POST', '/api/payout/collection', { token: who.token, json: { payoutIds: [payout.id], bankAccountId: who.bankAccountId }, tag }));
          if (ok(answer)) collected.add(payout.id);
        }
      }

      const workers = Array.from({ length: WORKERS }, async (_, worker) => {
        while (Date.now() - started < LOAD_MS) await step(worker);
      });
      await sleep(LOAD_MS / 2);
      // Midway, with requests in flight on it: B stops as on SIGTERM.
      const inFlightAtStop = seq;
      stopped = b.built.lifecycle.stop();
      await Promise.all(workers);
      expect(await stopped).toBe('stopped');
      expect(inFlightAtStop).toBeGreaterThan(0);

      // Nothing was answered with a server error: refused requests got a clean answer or a connection error.
      const failures = answers.filter(({ answer }) => (answer.status ?? 0) >= 500);
      expect(failures).toEqual([]);
      // Every request B had begun was answered: none was cut off by the stop.
      const answered = new Set(answers.filter(({ answer }) => answer.status !== undefined).map(({ tag }) => tag));
      expect([...b.begun].filter((tag) => !answered.has(tag))).toEqual([]);
      // Both instances served, and the load was a real mix.
      for (const what of ['login', 'list', 'create', 'collect', 'import']) expect(answers.some((r) => r.what === what && ok(r.answer)), what).toBe(true);
      expect(answers.some((r) => r.instance === 'B' && ok(r.answer))).toBe(true);
      expect(answers.filter((r) => r.instance === 'A' && ok(r.answer)).length).toBeGreaterThan(0);

      const db = t.database.db;
      // Every acknowledged payout creation is stored exactly once, under its key's title and its reference.
      const rows = await db.selectFrom('payouts').select(['id', 'reference', 'title', 'status']).where('title', 'like', 'Load load-%').execute();
      const byTitle = new Map<string, number>();
      for (const row of rows) byTitle.set(String(row.title), (byTitle.get(String(row.title)) ?? 0) + 1);
      expect([...byTitle].filter(([, count]) => count > 1)).toEqual([]);
      for (const [key, payout] of created) expect(rows.filter((r) => r.title === `Load ${key}`).map((r) => [r.id, r.reference]), key).toEqual([[payout.id, payout.reference]]);
      expect(created.size).toBeGreaterThan(0);
      // Every acknowledged collect is stored: the payout collected on the page.
      expect(collected.size).toBeGreaterThan(0);
      for (const id of collected) expect(rows.find((r) => r.id === id)?.status, String(id)).toBe('COLLECTED_ON_PAGE');
      // The import's recipients, each once.
      expect(imported).toMatchObject({ rows: 20, created: 20 });
      const importedRows = await db.selectFrom('recipients').select('phone_number').where('first_name', '=', 'Imported').execute();
      expect(importedRows.length).toBe(20);

      // The messages left (B's handed back, or queued last) go out through A; none of them twice.
      for (let i = 0; i < 100; i++) {
        await a.built.outbox.kick();
        const pending = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow();
        if (Number(pending.n) === 0) break;
        await sleep(100);
      }
      const sentRows = await db.selectFrom('outbox').select(['id', 'sent_at']).execute();
      const handed = [...a.sent, ...b.sent];
      expect(handed.length).toBe(new Set(handed).size);
      expect(sentRows.filter((r) => r.sent_at === null)).toEqual([]);
      // Every message written while the instances ran (the payouts' SMS, the sign-in codes) went out through one of them.
      expect(new Set(handed).size).toBeGreaterThanOrEqual(created.size + COLLECTORS);
      expect(b.sent.length + a.sent.length).toBeGreaterThan(0);

      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await b.built.lifecycle.stop();
      await a.built.lifecycle.stop();
    }
  }, 120_000);
});

describe('the probes', () => {
  it('answer 503 NOT_READY with the reason while a migration is missing, 200 once applied, 503 at once when a stop begins', async () => {
    const c = await instance('C', await handleOnSameDatabase());
    const notReady = (reason: string) => ({ status: 503, body: { code: 'NOT_READY', message: 'This server is not ready to take requests. Please try again in a moment.', reason } });
    const last = (await sql<{ name: string }>`SELECT max(name) AS name FROM schema_migrations`.execute(t.database.db)).rows[0].name;
    await sql`DELETE FROM schema_migrations WHERE name = ${last}`.execute(t.database.db);
    try {
      expect(await call(c, 'GET', '/api/ready')).toEqual(notReady('MIGRATIONS_PENDING'));
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${last})`.execute(t.database.db);
    }
    expect(await call(c, 'GET', '/api/ready')).toEqual({ status: 200, body: { success: true } });
    // Public: no session is asked for, and the answer is not rate limited however often the proxy asks.
    for (let i = 0; i < 5; i++) expect((await call(c, 'GET', '/api/health')).status).toBe(200);

    const stopping = c.built.lifecycle.stop();
    const ready = await c.built.app.inject({ method: 'GET', url: '/api/ready' });
    expect({ status: ready.statusCode, body: ready.json() }).toEqual(notReady('SHUTTING_DOWN'));
    expect(await stopping).toBe('stopped');
    // The stopped instance answers nothing more: a connection error (refused, or a kept-alive socket found closed).
    expect(await call(c, 'GET', '/api/health')).toEqual({ error: expect.stringMatching(/ECONNREFUSED|other side closed|socket/i) });
  });

  it('count a database that does not answer as not ready', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgres://ready@127.0.0.1:9/ready' });
    handles.push(unreachable);
    // Only the readiness is asked: an application that is never served.
    const app = { addHook() {} } as unknown as FastifyInstance;
    const lifecycle = new Lifecycle({ app, database: unreachable, outbox: t.outbox, jobs: [], timeoutMs: 1000 });
    expect(await lifecycle.notReady()).toBe('DATABASE_UNAVAILABLE');
    const replicaDown = new Lifecycle({ app, database: { ...t.database, readDb: unreachable.db }, outbox: t.outbox, jobs: [], timeoutMs: 1000 });
    expect(await replicaDown.notReady()).toBe('READ_DATABASE_UNAVAILABLE');
  });
});

describe('DATABASE_READ_URL', () => {
  it('serves the lists from the read handle and everything else from the primary; TRUST_PROXY names the client', async () => {
    // A "replica" that differs from the primary by one recipient, so that the answer shows which one was read.
    let replica: DatabaseHandle;
    let drop: (() => Promise<void>) | undefined;
    if (engine === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'replica');
      drop = scratch.drop;
      replica = await openDatabase({ databaseUrl: t.databaseUrl!, databaseReadUrl: scratch.url });
      const own = await openDatabase({ databaseUrl: scratch.url });
      await migrate(own);
      await seedDemo(own.db, PASSWORD);
      await own.close();
      expect(replica.readDb).not.toBe(replica.db);
    } else {
      const other = await openDatabase({ snapshot: await migratedPGlite() });
      await seedDemo(other.db, PASSWORD);
      // The instance's stop closes both; the test's own handle stays open.
      replica = { ...t.database, readDb: other.db, close: () => other.close() };
    }
    try {
      await replica.readDb.insertInto('recipients').values({ customer_id: ids.customer, first_name: 'Only', last_name: 'Onreplica', phone_number: '+48787999001', email: null, external_id: null, billon_user_name: null }).execute();
      // Behind a proxy on 127.0.0.1 (TRUST_PROXY): the client's address is the one it forwards.
      const c = await instance('R', replica, { ...t.config, trustProxy: '127.0.0.1' });
      try {
        const login = await call(c, 'POST', '/api/login', { json: { login: 'admin', password: PASSWORD, device: DEVICE } });
        if (!ok(login)) throw new Error(`login: ${JSON.stringify(login)}`);
        const token = login.body.token as string;
        const search = `/api/payout/recipient?options=${encodeURIComponent(JSON.stringify({ search: 'Onreplica' }))}`;
        expect(await call(c, 'GET', search, { token })).toMatchObject({ status: 200, body: { numberOfRecords: 1, items: [{ lastName: 'Onreplica' }] } });
        // A write and its reads go to the primary: the phone number the replica holds is free there.
        const made = await call(c, 'POST', '/api/payout/recipient', { token, json: { firstName: 'Only', lastName: 'Onprimary', phoneNumber: '+48787999001' } });
        expect(made).toMatchObject({ status: 201 });
        expect(await call(c, 'GET', `/api/payout/recipient/${made.body.id}`, { token })).toMatchObject({ status: 200, body: { lastName: 'Onprimary' } });
        expect(await call(c, 'GET', search, { token })).toMatchObject({ body: { numberOfRecords: 1, items: [{ lastName: 'Onreplica' }] } });
        expect(await call(c, 'GET', '/api/ready')).toEqual({ status: 200, body: { success: true } });
        await call(c, 'GET', '/api/health', { headers: { 'x-forwarded-for': '203.0.113.7' } });
        expect(c.sources.at(-1)).toBe('203.0.113.7');
      } finally {
        await c.built.lifecycle.stop();
      }
    } finally {
      await drop?.();
    }
  });
});
