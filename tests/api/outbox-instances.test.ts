// The outbox at scale, against a stand-in HTTP gateway on 127.0.0.1: two instances draining one queue (one posting
// each message, the other by the batch endpoint) hand every message to the gateway once; a gateway that stalls
// holds the bulk lane at its concurrency while a verification code still goes out; and a stopping instance waits for
// its deliveries in flight and hands back the rest of its claim, which another instance then sends at once. The
// batch endpoint's request and answer, message by message, as docs/configuration.md gives them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type DatabaseHandle } from '../../src/server/db/index.ts';
import { OutboxDispatcher, enqueue } from '../../src/server/platform/outbox.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { BATCH_MESSAGES, SmsGatewayTransport, customerSenderName, type SenderName } from '../../src/server/platform/transports/smsGateway.ts';
import { sleep, startApp, type TestApp } from './harness.ts';
import { startGatewayStub, type GatewayStub } from './sms-gateway-stub.ts';

/** The bulk lane's concurrency in these tests (SMS_GATEWAY_CONCURRENCY). */
const CONCURRENCY = 4;

let t: TestApp;
let stub: GatewayStub;
/** A second connection to the same database for the second instance (PostgreSQL); PGlite has one. */
let second: DatabaseHandle | null = null;

beforeAll(async () => {
  stub = await startGatewayStub();
  t = await startApp({ smsGatewayUrl: stub.url, smsGatewayConcurrency: CONCURRENCY });
  if (t.databaseUrl) second = await openDatabase({ databaseUrl: t.databaseUrl });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await stub?.close();
});

const fail = (err: unknown) => {
  throw err;
};

/** A dispatcher of its own, as another instance would run it: its own gateway connections. */
function instance(db: Db, options: { batch?: boolean; token?: string; senderName?: SenderName } = {}): OutboxDispatcher {
  const transport = new SmsGatewayTransport({
    url: stub.url,
    batchUrl: options.batch ? stub.batchUrl : null,
    token: options.token ?? null,
    senderName: options.senderName ?? (async () => 'DemoPay'),
    concurrency: CONCURRENCY,
  });
  return new OutboxDispatcher(db, transport, () => {});
}

/** Queues `count` payout SMS in SQL, as an import leaves them (the bulk lane), to numbers starting with `prefix`. */
async function queueBulk(prefix: string, count: number, customerId: number | null = null): Promise<number[]> {
  const rows = await sql<{ id: number }>`INSERT INTO outbox (channel, recipient, body, customer_id)
    SELECT 'sms', ${prefix} || lpad(g::text, 5, '0'), 'You have a payout ' || g, ${customerId}::int
    FROM generate_series(1, ${count}::int) AS g RETURNING id`.execute(t.database.db);
  return rows.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const rowsOf = (prefix: string) =>
  t.database.db.selectFrom('outbox').select(['id', 'sent_at', 'claimed_at', 'attempts']).where('recipient', 'like', `${prefix}%`).orderBy('id').execute();

const handedTo = (prefix: string) => stub.received().filter((m) => m.to.startsWith(prefix)).map((m) => Number(m.reference));

/** Waits until `done` holds, looking every 5 ms; false if it still does not after `timeoutMs`. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

describe('two instances on one queue', () => {
  it('hand every message to the gateway exactly once, each instance a share of them', async () => {
    const ids = await queueBulk('+4878', 3_000);
    const a = instance(t.database.db);
    const b = instance(second?.db ?? t.database.db, { batch: true });
    try {
      await Promise.all([a.kick(), b.kick()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const handed = handedTo('+4878');
    expect(handed).toHaveLength(3_000);
    expect([...handed].sort((x, y) => x - y)).toEqual(ids);
    // Both drained: one instance by single messages, the other by the batch endpoint.
    const bySingle = stub.requests.filter((r) => r.path === '/v1/sms' && r.messages[0].to.startsWith('+4878')).length;
    const byBatch = stub.requests.filter((r) => r.path === '/v1/batch').flatMap((r) => r.messages).length;
    expect(bySingle).toBeGreaterThan(0);
    expect(byBatch).toBeGreaterThan(0);
    expect(bySingle + byBatch).toBe(3_000);
    const rows = await rowsOf('+4878');
    expect(rows.filter((r) => r.sent_at === null)).toEqual([]);
    expect(new Set(rows.map((r) => r.attempts))).toEqual(new Set([1]));
    // Never more requests in flight than the two instances' bound together.
    expect(stub.maxPending).toBeLessThanOrEqual(2 * CONCURRENCY);
  }, 120_000);
});

describe('a gateway that stalls', () => {
  it('holds the bulk lane at its concurrency, while a verification code queued meanwhile reaches the gateway', async () => {
    await queueBulk('+4877', 400);
    stub.maxPending = 0;
    const answeredBefore = stub.answered;
    let stalled = true;
    stub.delayMs = () => (stalled ? 2_000 : 0);
    const draining = t.outbox.kick();
    try {
      expect(await until(() => stub.pending >= CONCURRENCY, 10_000)).toBe(true);
      await enqueue(t.database.db, { channel: 'sms', recipient: '+48500100999', body: 'Your verification code: 482915', lane: 'code' });
      void t.outbox.kick();
      expect(await until(() => stub.received().some((m) => m.to === '+48500100999'), 10_000)).toBe(true);
      // The code went out while every bulk request still waited for its answer, beside them rather than after.
      expect(stub.answered).toBe(answeredBefore);
      expect(stub.pending).toBe(CONCURRENCY + 1);
      expect(stub.received().filter((m) => m.to === '+48500100999')).toEqual([{ to: '+48500100999', from: 'Payouts', text: 'Your verification code: 482915', reference: expect.stringMatching(/^\d+$/) }]);
    } finally {
      stalled = false;
      stub.delayMs = () => 0;
      await t.database.db.deleteFrom('outbox').where('recipient', 'like', '+4877%').where('claimed_at', 'is', null).execute();
      await draining;
    }
    // The bulk lane never had more than its bound in flight.
    expect(stub.maxPending).toBe(CONCURRENCY + 1);
  }, 60_000);
});

describe('an instance that stops', () => {
  it('waits for its deliveries in flight and hands back the rest of its claim, which another instance sends at once', async () => {
    const ids = await queueBulk('+4876', 200);
    const stopping = instance(t.database.db);
    stub.delayMs = () => 1_000;
    const draining = stopping.kick();
    try {
      expect(await until(() => stub.pending >= CONCURRENCY, 10_000)).toBe(true);
      const answeredBefore = stub.answered;
      await stopping.stop();
      // The requests in flight were answered and recorded before stop() resolved.
      expect(stub.answered - answeredBefore).toBe(CONCURRENCY);
      await draining;
    } finally {
      stub.delayMs = () => 0;
    }
    const afterStop = await rowsOf('+4876');
    const sent = afterStop.filter((r) => r.sent_at !== null);
    expect(sent).toHaveLength(CONCURRENCY);
    expect(sent.map((r) => r.attempts)).toEqual(Array(CONCURRENCY).fill(1));
    // The rest are free again, their attempt not counted: no claim to wait out.
    const rest = afterStop.filter((r) => r.sent_at === null);
    expect(rest).toHaveLength(200 - CONCURRENCY);
    expect(rest.filter((r) => r.claimed_at !== null || r.attempts !== 0)).toEqual([]);
    // A stopped dispatcher starts nothing more.
    const before = stub.requests.length;
    await stopping.kick();
    expect(stub.requests.length).toBe(before);

    const other = instance(second?.db ?? t.database.db);
    try {
      await other.kick();
    } finally {
      await other.stop();
    }
    const handed = handedTo('+4876');
    expect([...handed].sort((x, y) => x - y)).toEqual(ids);
    expect((await rowsOf('+4876')).filter((r) => r.sent_at === null)).toEqual([]);
  }, 60_000);
});

describe('the batch endpoint', () => {
  const row = (recipient: string) => t.database.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow();
  const secondsToNextAttempt = async (recipient: string) =>
    Number((await sql<{ s: number }>`SELECT extract(epoch FROM next_attempt_at - now())::float8 AS s FROM outbox WHERE recipient = ${recipient}`.execute(t.database.db)).rows[0].s);

  it("takes bulk messages 100 to a request, with the token and each customer's sender name; each message's result counts alone", async () => {
    const customer = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
    await putSettings(t.database.db, { SMS_SENDER_NAME: 'DemoPay' }, customer);
    const ids = await queueBulk('+4875', 249, customer);
    await enqueue(t.database.db, { channel: 'sms', recipient: '+48751999999', body: 'Staff notice' });
    await enqueue(t.database.db, { channel: 'sms', recipient: '+48751888888', body: 'Your verification code: 731904', lane: 'code' });
    stub.result = (m) => (m.to === '+487500007' ? { status: 'rejected', error: 'Unknown   number\n' } : m.to === '+487500008' ? null : { status: 'accepted' });
    const before = stub.requests.length;
    const batching = instance(t.database.db, { batch: true, token: 'gw-batch-token', senderName: customerSenderName(t.database.db) });
    try {
      await batching.kick();
    } finally {
      stub.result = () => ({ status: 'accepted' });
      await batching.stop();
    }
    const requests = stub.requests.slice(before);
    const batches = requests.filter((r) => r.path === '/v1/batch');
    expect(BATCH_MESSAGES).toBe(100);
    expect(batches.map((r) => r.messages.length).sort((a, b) => b - a)).toEqual([100, 100, 50]);
    for (const r of batches) {
      expect(r.headers.authorization).toBe('Bearer gw-batch-token');
      expect(r.headers['content-type']).toBe('application/json');
    }
    const inBatches = batches.flatMap((r) => r.messages);
    expect(inBatches.find((m) => m.to === '+487500001')).toEqual({ to: '+487500001', from: 'DemoPay', text: 'You have a payout 1', reference: String(ids[0]) });
    expect(inBatches.find((m) => m.to === '+48751999999')).toMatchObject({ from: 'Payouts', text: 'Staff notice' });
    // A code still goes alone to the gateway's own URL.
    expect(requests.filter((r) => r.path === '/v1/sms').map((r) => r.messages)).toEqual([[{ to: '+48751888888', from: 'Payouts', text: 'Your verification code: 731904', reference: expect.stringMatching(/^\d+$/) }]]);

    expect(await row('+487500001')).toMatchObject({ attempts: 1, last_error: null, sent_at: expect.any(Date) });
    expect(await row('+487500007')).toMatchObject({ attempts: 1, sent_at: null, claimed_at: null, last_error: 'SMS gateway rejected the message: Unknown number' });
    expect(await row('+487500008')).toMatchObject({ attempts: 1, sent_at: null, claimed_at: null, last_error: 'SMS gateway answered without an outcome for the message' });
    expect(await secondsToNextAttempt('+487500007')).toBeGreaterThan(28);
    const unsent = await t.database.db.selectFrom('outbox').select('recipient').where('recipient', 'like', '+4875%').where('sent_at', 'is', null).orderBy('recipient').execute();
    expect(unsent.map((r) => r.recipient)).toEqual(['+487500007', '+487500008']);
  }, 60_000);

  it('fails every message of a request the endpoint refuses, each to be tried again', async () => {
    await queueBulk('+4874', 3);
    stub.status = (messages) => (messages.length > 1 ? { status: 503, body: 'maintenance,\n back soon' } : null);
    const batching = instance(t.database.db, { batch: true });
    try {
      await batching.kick();
    } finally {
      stub.status = () => null;
      await batching.stop();
    }
    const rows = await t.database.db.selectFrom('outbox').select(['attempts', 'sent_at', 'last_error']).where('recipient', 'like', '+4874%').execute();
    expect(rows).toEqual(Array(3).fill({ attempts: 1, sent_at: null, last_error: 'SMS gateway answered 503: maintenance, back soon' }));
  }, 60_000);
});
