// Verification codes have a lane of their own in the outbox: with thousands of payout SMS queued and a slow SMS
// gateway (a local one, node:http on 127.0.0.1), every kind of code (a new device's at login, a step-up's, the
// collection page's sign-in, a password restore's e-mail, written to the outbox file) goes out while the backlog is
// still being delivered, and the user signs in with the login's. Two instances on one database deliver each code once.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxDispatcher, enqueue, type OutgoingMessage } from '../../src/server/platform/outbox.ts';
import { requireStepUp } from '../../src/server/platform/stepUp.ts';
import { DEVICE, PASSWORD, sleep, startApp, type TestApp } from './harness.ts';

/** The payout SMS waiting when the user signs in. */
const BACKLOG = 3_000;
/** The demo customer's representative, admin and first recipient (src/server/seed/demo.ts). */
const REPRESENTATIVE_PHONE = '+48500100300';
const ADMIN_PHONE = '+48500100200';
const RECIPIENT_PHONE = '+48601000001';

interface Received {
  to: string;
  text: string;
}
const received: Received[] = [];
/** How long the gateway takes to answer each message. */
let gatewayDelayMs = 0;
let gateway: Server;
let t: TestApp;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = JSON.parse(body) as { to: string; text: string };
      received.push({ to: json.to, text: json.text });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"accepted"}'), gatewayDelayMs);
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const port = (gateway.address() as AddressInfo).port;
  t = await startApp({ smsGatewayUrl: `http://127.0.0.1:${port}/v1/sms`, smsGatewayToken: null });
});
afterAll(async () => {
  await t?.close();
  gateway?.closeAllConnections();
  await new Promise((resolve) => gateway?.close(resolve));
});

/** Waits until `done` holds, looking every 10 ms; false if it still does not after `timeoutMs`. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

const bulkReceived = () => received.filter((r) => r.text.startsWith('You have a payout')).length;

/**
 * Queues BACKLOG payout SMS (as an import leaves them: no lane given) and starts their delivery; `queueCode` runs
 * once a bulk batch is in flight, and `arrived` must then hold within 5 s while most of the backlog still waits
 * (behind it, at 25 ms a message, a code would wait over a minute). The rest of the backlog is dropped afterwards
 * (its delivery is outbox.test.ts's) and the batch in flight ends.
 */
async function behindBacklog(queueCode: () => Promise<void>, arrived: () => boolean): Promise<void> {
  const db = t.database.db;
  gatewayDelayMs = 25;
  const customer = await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow();
  await sql`INSERT INTO outbox (channel, recipient, subject, body, customer_id)
    SELECT 'sms', '+4879' || lpad(g::text, 7, '0'), 'DemoPay', 'You have a payout ' || g, ${customer.id}::integer
    FROM generate_series(1, ${BACKLOG}::int) AS g`.execute(db);
  const before = bulkReceived();
  const backlog = t.outbox.kick();
  try {
    expect(await until(() => bulkReceived() > before, 10_000)).toBe(true);
    await queueCode();
    expect(await until(arrived, 5_000)).toBe(true);
    const pending = await db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow();
    expect(pending.n).toBeGreaterThan(BACKLOG / 2);
  } finally {
    gatewayDelayMs = 0;
    await db.deleteFrom('outbox').where('sent_at', 'is', null).where('claimed_at', 'is', null).execute();
    await backlog;
  }
}

const smsTo = (phone: string) => received.filter((r) => r.to === phone);

describe('a verification code queued behind a backlog of payout SMS', () => {
  it('reaches the gateway first when a user signs in from a new device, and the user signs in with it', async () => {
    await behindBacklog(
      async () => {
        const first = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'representative', password: PASSWORD, device: DEVICE } });
        expect(first.body).toEqual({ authorize: true });
      },
      () => smsTo(REPRESENTATIVE_PHONE).length > 0,
    );
    expect(smsTo(REPRESENTATIVE_PHONE)).toHaveLength(1);
    const code = /(\d{6})/.exec(smsTo(REPRESENTATIVE_PHONE)[0].text)![1];
    const second = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'representative', verificationCode: code, device: DEVICE } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(typeof second.body.token).toBe('string');
  }, 60_000);

  it('reaches the gateway first for a step-up', async () => {
    const admin = await t.database.db.selectFrom('users').select(['id', 'phone_number']).where('login', '=', 'admin').executeTakeFirstOrThrow();
    await behindBacklog(
      async () => {
        // 1,000,000.000 PLN: above any threshold.
        const result = await requireStepUp(t.database.db, t.outbox, { userId: admin.id, phoneNumber: admin.phone_number, currency: 'PLN', amount: 1_000_000_000, purpose: 'INTERNAL', operation: { fromAccountId: 1, toAccountId: 2 } });
        expect(result).toBe('required');
      },
      () => smsTo(ADMIN_PHONE).length > 0,
    );
  }, 60_000);

  it('reaches the gateway first when a recipient signs in on the collection page', async () => {
    await behindBacklog(
      async () => {
        const res = await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber: RECIPIENT_PHONE, customerUrl: 'demo' } });
        expect(res.body).toEqual({ authorize: true });
      },
      () => smsTo(RECIPIENT_PHONE).length > 0,
    );
  }, 60_000);

  it('is written out first when a password is restored by e-mail', async () => {
    const file = t.config.outboxFile!;
    const restoreMails = () => (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n').filter((line) => line.includes('"to":"admin@demo.example.com"'));
    await behindBacklog(
      async () => {
        const res = await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'admin' } });
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      },
      () => restoreMails().length > 0,
    );
  }, 60_000);
});

describe('two instances on one database', () => {
  it('deliver each queued code once', async () => {
    const db = t.database.db;
    for (let i = 0; i < 60; i++) await enqueue(db, { channel: 'sms', recipient: `+48791400${String(i).padStart(3, '0')}`, body: `Your code: ${String(100000 + i)}`, lane: 'code' });
    const handed: string[] = [];
    const transport = {
      async send(message: OutgoingMessage) {
        handed.push(message.body);
        await sleep(1);
      },
    };
    const fail = (err: unknown) => {
      throw err;
    };
    const instances = [new OutboxDispatcher(db, transport, fail), new OutboxDispatcher(db, transport, fail)];
    await Promise.all(instances.map((instance) => instance.kick()));
    expect(handed).toHaveLength(60);
    expect(new Set(handed).size).toBe(60);
    expect(handed).toContain('Your code: 100000');
    expect(handed).toContain('Your code: 100059');
  });
});
