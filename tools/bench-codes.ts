// `npm run bench -- codes [N]`: messages at scale. N payout SMS queued (default 100,000; made in SQL, as an import
// leaves them) are delivered to an HTTP gateway on 127.0.0.1 (a node:http server of the bench's own, keep-alive,
// answering 200) by the product's own transport (SMS_GATEWAY_URL, SMS_GATEWAY_CONCURRENCY 16), while:
//  - the demo admin logs in from new devices (20, after one untimed), each device code timed from the login request
//    to the moment the gateway receives it;
//  - the panel's payout list (GET /api/payout with a session) is requested every 100 ms, each timed.
// Runs: one instance draining the whole backlog, two instances (two dispatchers, each with its own connections,
// on one database) draining it, one instance by the gateway's batch endpoint, and a gateway taking 50 ms a message
// for a bounded window. The floor, in the same run: the same number of bare POSTs to the same gateway over the
// same 16 kept-alive connections, with no database.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { buildApp } from '../src/server/app.ts';
import type { Config } from '../src/server/config.ts';
import type { DatabaseHandle } from '../src/server/db/index.ts';
import { OutboxDispatcher } from '../src/server/platform/outbox.ts';
import { SmsGatewayTransport } from '../src/server/platform/transports/smsGateway.ts';

const LOGINS = 20;
/** The demo admin (src/server/seed/demo.ts), whose device codes go by SMS. */
const ADMIN_PHONE = '+48500100200';
const CONCURRENCY = 16;
/** How long the slow gateway's run lasts: at 50 ms a message the whole backlog would take minutes. */
const SLOW_WINDOW_MS = 30_000;
/** No run lasts longer than this, drained or not. */
const RUN_CAP_MS = 300_000;

interface Gateway {
  url: string;
  batchUrl: string;
  /** Bulk messages received. */
  bulk: number;
  delayMs: number;
  onCode: ((reference: string) => void) | null;
  close(): Promise<void>;
}

/** The stand-in gateway: one message at /sms, several at /batch (answered with each one's result). */
async function startGateway(): Promise<Gateway> {
  const gateway: Gateway = { url: '', batchUrl: '', bulk: 0, delayMs: 0, onCode: null, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; reference: string } | { messages: { to: string; reference: string }[] };
      const messages = 'messages' in json ? json.messages : [json];
      for (const m of messages) {
        if (m.to === ADMIN_PHONE) gateway.onCode?.(m.reference);
        else gateway.bulk++;
      }
      const body = 'messages' in json ? JSON.stringify({ results: messages.map((m) => ({ reference: m.reference, status: 'accepted' })) }) : '{"id":"accepted"}';
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      if (gateway.delayMs > 0) setTimeout(answer, gateway.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.url = `${base}/sms`;
  gateway.batchUrl = `${base}/batch`;
  gateway.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return gateway;
}

const pendingCount = async (database: DatabaseHandle) =>
  Number((await database.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow()).n);

async function queueBacklog(database: DatabaseHandle, count: number): Promise<void> {
  const customer = (await database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  for (let done = 0; done < count; done += 50_000) {
    const n = Math.min(50_000, count - done);
    await sql`INSERT INTO outbox (channel, recipient, subject, body, customer_id)
      SELECT 'sms', '+4879' || lpad(g::text, 7, '0'), 'DemoPay', 'You have a payout of ' || (10 + g % 500) || '.00 PLN: https://pay.example.com/demo', ${customer}::int
      FROM generate_series(${done + 1}::int, ${done + n}::int) AS g`.execute(database.db);
  }
  await sql`ANALYZE outbox`.execute(database.db);
}

/** The floor: `count` bare POSTs of a payout SMS to the gateway, CONCURRENCY at a time over kept-alive connections. */
async function barePosts(gateway: Gateway, count: number): Promise<number> {
  const target = new URL(gateway.url);
  const pool = new Pool(target.origin, { connections: CONCURRENCY });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const body = JSON.stringify({ to: `+4878${String(i).padStart(7, '0')}`, from: 'DemoPay', text: `You have a payout of ${10 + (i % 500)}.00 PLN: https://pay.example.com/demo`, reference: String(i) });
        const res = await pool.request({ path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await res.body.text();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  gateway.bulk -= count;
  return count / seconds;
}

const median = (list: number[]) => (list.length ? [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] : NaN);
const worst = (list: number[]) => (list.length ? Math.max(...list) : NaN);
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);

interface RunResult {
  perSecond: number;
  drained: boolean;
  codes: number[];
  queued: number[];
  panel: number[];
}

export async function codesBench(count: number, open: () => Promise<{ database: DatabaseHandle; config: Config; dispose: () => Promise<void> }>): Promise<void> {
  const { database, config, dispose } = await open();
  const gateway = await startGateway();
  try {
    const appConfig: Config = { ...config, smsGatewayUrl: gateway.url, smsGatewayToken: 'bench', smsGatewayConcurrency: CONCURRENCY, smsGatewayBatchUrl: null };
    const { app, outbox } = await buildApp({ config: appConfig, database, printMessages: false, logger: false });
    let device = 0;
    /**
     * Logs the admin in from a new device: the ms until the gateway receives the code, from the login request (the
     * password's hashing included) and from the code's row (created_at: the start of the transaction queuing it).
     */
    const loginWithCode = async (): Promise<{ fromRequest: number; fromQueued: number }> => {
      const received = new Promise<{ at: number; wall: number; reference: string }>(
        (resolve) => (gateway.onCode = (reference) => resolve({ at: performance.now(), wall: Date.now(), reference })),
      );
      const name = `bench-device-${String(++device).padStart(20, '0')}`;
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Demo123!', device: name } });
      if (res.statusCode !== 200 || !JSON.parse(res.body).authorize) throw new Error(`login: ${res.statusCode} ${res.body}`);
      let timer: NodeJS.Timeout | undefined;
      const at = await Promise.race([received, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 10_000)))]);
      clearTimeout(timer);
      if (at === null) throw new Error('no code reached the gateway within 10 s');
      const row = await database.db.selectFrom('outbox').select('created_at').where('id', '=', Number(at.reference)).executeTakeFirstOrThrow();
      return { fromRequest: at.at - started, fromQueued: at.wall - row.created_at.getTime() };
    };
    /** A session for the panel's requests, with the code read back from the outbox row the gateway was handed. */
    const signIn = async (): Promise<string> => {
      const device = 'bench-panel-device-000000000001';
      const first = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Demo123!', device } });
      if (!JSON.parse(first.body).authorize) throw new Error(`login: ${first.body}`);
      await outbox.kick();
      const row = await database.db.selectFrom('outbox').select('body').where('recipient', '=', ADMIN_PHONE).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const code = /(\d{6})/.exec(row.body)![1];
      const second = await app.inject({ method: 'POST', url: '/api/login/authorize', payload: { login: 'admin', verificationCode: code, device } });
      const body = JSON.parse(second.body) as { token?: string };
      if (!body.token) throw new Error(`authorize: ${second.body}`);
      return body.token;
    };
    const token = await signIn();
    // One login untimed first: the first request of a process compiles the route's code.
    await loginWithCode();

    /** Drains the backlog with the dispatchers given (the app's first), timing codes and panel requests meanwhile. */
    const run = async (dispatchers: OutboxDispatcher[], windowMs: number, logins: number): Promise<RunResult> => {
      await queueBacklog(database, count);
      const before = gateway.bulk;
      let done = false;
      const started = performance.now();
      const drain = Promise.all(dispatchers.map((d) => d.kick())).then(() => (done = true));
      const stopAt = started + windowMs;
      const panel: number[] = [];
      const panelLoop = (async () => {
        while (!done && performance.now() < stopAt) {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url: '/api/payout', headers: { authorization: `Bearer ${token}` } });
          if (res.statusCode !== 200) throw new Error(`payout list: ${res.statusCode} ${res.body}`);
          panel.push(performance.now() - t0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const codes: number[] = [];
      const queued: number[] = [];
      for (let i = 0; i < logins && !done && performance.now() < stopAt; i++) {
        const timed = await loginWithCode();
        codes.push(timed.fromRequest);
        queued.push(timed.fromQueued);
        await new Promise((resolve) => setTimeout(resolve, 300 + (i % 5) * 100));
      }
      await Promise.race([drain, new Promise((resolve) => setTimeout(resolve, Math.max(0, stopAt - performance.now())))]);
      const elapsed = (performance.now() - started) / 1000;
      const handed = gateway.bulk - before;
      const drained = done;
      await panelLoop;
      if (!drained) {
        // The rest is dropped; the batches in flight end within their budget.
        await database.db.deleteFrom('outbox').where('sent_at', 'is', null).where('claimed_at', 'is', null).execute();
        await drain;
      }
      await database.db.deleteFrom('outbox').execute();
      return { perSecond: handed / elapsed, drained, codes, queued, panel };
    };

    const extra = (batchUrl: string | null) =>
      new OutboxDispatcher(database.db, new SmsGatewayTransport({ url: gateway.url, batchUrl, token: 'bench', senderName: async () => 'DemoPay', concurrency: CONCURRENCY }), () => {});

    const floors: number[] = [await barePosts(gateway, 20_000)];
    console.log(`\nMessages at scale: ${count.toLocaleString('en')} payout SMS queued, an HTTP gateway on 127.0.0.1, ${CONCURRENCY} connections an instance:\n`);
    console.log("| database | run | handed to the gateway | floor: bare POSTs, no database | a code, queued to gateway: median / worst | a login's code, request to gateway: median / worst | panel list (every 100 ms): median / worst |");
    console.log('|---|---|---|---|---|---|---|');
    const report = (what: string, result: RunResult, floor: number | null) => {
      const rate = `${Math.round(result.perSecond).toLocaleString('en')}/s${result.drained ? '' : ' (window)'}`;
      console.log(
        `| ${database.engine} | ${what} | ${rate} | ${floor ? `${Math.round(floor).toLocaleString('en')}/s (${(result.perSecond / floor).toFixed(2)}x)` : '—'} | ${ms(median(result.queued))} / ${ms(worst(result.queued))} | ${ms(median(result.codes))} / ${ms(worst(result.codes))} | ${ms(median(result.panel))} / ${ms(worst(result.panel))} |`,
      );
    };
    const one = await run([outbox], RUN_CAP_MS, LOGINS);
    floors.push(await barePosts(gateway, 20_000));
    // The faster of the two bare runs: the ratio is not flattered by a slow moment of the machine.
    const floor = Math.max(...floors);
    report('one instance, a POST a message', one, floor);
    const second = extra(null);
    const two = await run([outbox, second], RUN_CAP_MS, LOGINS);
    await second.stop();
    report('two instances, a POST a message', two, floor);
    const batching = extra(gateway.batchUrl);
    const batch = await run([batching], RUN_CAP_MS, 0);
    await batching.stop();
    report('one instance, batch endpoint (100 a request)', batch, floor);
    gateway.delayMs = 50;
    const slow = await run([outbox], SLOW_WINDOW_MS, LOGINS);
    gateway.delayMs = 0;
    report(`gateway taking 50 ms a message, ${SLOW_WINDOW_MS / 1000} s`, slow, CONCURRENCY * (1000 / 50));
    console.log(`\nBare POSTs before and after: ${floors.map((f) => `${Math.round(f).toLocaleString('en')}/s`).join(', ')}; still queued at the end: ${await pendingCount(database)}`);
    await app.close();
  } finally {
    await gateway.close();
    await dispose();
  }
}
