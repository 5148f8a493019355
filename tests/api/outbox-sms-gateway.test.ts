// SMS by an HTTP gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN), against a local gateway (node:http on 127.0.0.1):
// the JSON request with the bearer token, the customer's sender name (the default one for staff codes), a failure
// retried only once its backoff has passed and then delivered once, and five failures leaving the message failed,
// with its last error, in the SUPER_ADMIN's outbox list. E-mails, with no real transport here, go to the file.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPayoutsSmsQueue } from '../../src/server/areas/payouts/messages.ts';
import { enqueue } from '../../src/server/platform/outbox.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { DEVICE, PASSWORD, startApp, type TestApp } from './harness.ts';
import { insertPayout } from './payout-fixtures.ts';

interface GatewayRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  json: { to: string; from: string; text: string; reference: string };
}

const requests: GatewayRequest[] = [];
/** What the gateway answers next (first in, first out); 200 when nothing is queued. */
const answers: { status: number; body: string }[] = [];
let always: { status: number; body: string } | null = null;
let gateway: Server;
let t: TestApp;
const TOKEN = 'gw-token-0123456789';
const ids = { customer: 0, account: 0, program: 0, recipient: 0, recipientPhone: '' };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, json: JSON.parse(body) });
      const answer = always ?? answers.shift() ?? { status: 200, body: '{"id":"accepted"}' };
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const port = (gateway.address() as AddressInfo).port;
  t = await startApp({ smsGatewayUrl: `http://127.0.0.1:${port}/v1/sms`, smsGatewayToken: TOKEN });
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.account = (await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
  ids.program = (await db.selectFrom('programs').select('id').where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow()).id;
  const recipient = await db.selectFrom('recipients').select(['id', 'phone_number']).where('customer_id', '=', ids.customer).where('blocked', '=', false).orderBy('id').executeTakeFirstOrThrow();
  ids.recipient = recipient.id;
  ids.recipientPhone = recipient.phone_number;
  await putSettings(db, { SMS_SENDER_NAME: 'DemoPay' }, ids.customer);
});
afterAll(async () => {
  await t?.close();
  gateway?.closeAllConnections();
  await new Promise((resolve) => gateway?.close(resolve));
});

const row = (id: number) => t.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lastRowId = async () => Number((await t.database.db.selectFrom('outbox').select(sql<number>`max(id)`.as('id')).executeTakeFirstOrThrow()).id);
/** Seconds from the database's now to the row's next attempt. */
const secondsToNextAttempt = async (id: number) =>
  Number((await sql<{ s: number }>`SELECT extract(epoch FROM next_attempt_at - now())::float8 AS s FROM outbox WHERE id = ${id}`.execute(t.database.db)).rows[0].s);
/** Time moves on for one message: its backoff has passed. */
const backoffPassed = (id: number) => sql`UPDATE outbox SET next_attempt_at = now() - interval '1 second' WHERE id = ${id}`.execute(t.database.db);

/** Signs a staff user in from a new device, with the SMS code the gateway received. */
async function signIn(login: string, phone: string): Promise<{ token: string; request: GatewayRequest }> {
  const first = await t.request({ method: 'POST', url: '/api/login', payload: { login, password: PASSWORD, device: DEVICE } });
  expect(first.body).toEqual({ authorize: true });
  await t.outbox.kick();
  const request = requests.filter((r) => r.json.to === phone).at(-1)!;
  const code = /(\d{6})/.exec(request.json.text)![1];
  const second = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login, verificationCode: code, device: DEVICE } });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return { token: second.body.token, request };
}

describe('delivery', () => {
  it("sends a staff code as the gateway's JSON with the bearer token and the default sender name", async () => {
    const { token, request } = await signIn('superadmin', '+48500100100');
    tokens.superadmin = token;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/sms');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.json).toEqual({ to: '+48500100100', from: 'Payouts', text: expect.stringMatching(/^Your verification code: \d{6}$/), reference: expect.stringMatching(/^\d+$/) });
    const sent = await row(Number(request.json.reference));
    expect(sent).toMatchObject({ channel: 'sms', recipient: '+48500100100', customer_id: null, attempts: 1, last_error: null });
    expect(sent.sent_at).toBeInstanceOf(Date);
    // The gateway took the SMS: nothing of it in the outbox file.
    expect((await t.messages()).filter((m) => m.channel === 'sms')).toEqual([]);
  });

  it("sends a customer's SMS under the customer's sender name: a reminder, a collection page code, an import's", async () => {
    tokens.admin = (await signIn('admin', '+48500100200')).token;
    const payoutId = await insertPayout(t.database.db, { customerId: ids.customer, accountId: ids.account, programId: ids.program, recipientId: ids.recipient, amount: 12_340 });
    const reminder = await t.request({ method: 'POST', url: `/api/payout/${payoutId}/reminder`, token: tokens.admin });
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(200);
    await t.outbox.kick();
    const text = requests.at(-1)!;
    expect(text.json).toMatchObject({ to: ids.recipientPhone, from: 'DemoPay', text: expect.stringContaining('12.34 PLN') });
    expect(text.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect((await row(Number(text.json.reference))).customer_id).toBe(ids.customer);

    const signInCode = await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber: ids.recipientPhone, customerUrl: 'demo' } });
    expect(signInCode.body).toEqual({ authorize: true });
    await t.outbox.kick();
    expect(requests.at(-1)!.json).toMatchObject({ to: ids.recipientPhone, from: 'DemoPay', text: expect.stringMatching(/\d{6}/) });
    expect((await row(Number(requests.at(-1)!.json.reference))).customer_id).toBe(ids.customer);

    // The spreadsheet import queues its SMS in one statement of its own.
    const queue = await newPayoutsSmsQueue(t.database.db, t.config.publicUrl, ids.customer);
    await queue(t.database.db, [
      { phoneNumber: '+48601999001', smsMessage: 'Imported payout', programName: 'P', reference: 'R', amount: 1000, currency: 'PLN', customerUrl: 'demo', programUrl: null, endDate: new Date() },
    ]);
    await t.outbox.kick();
    expect(requests.at(-1)!.json).toMatchObject({ to: '+48601999001', from: 'DemoPay', text: 'Imported payout' });
    expect((await row(Number(requests.at(-1)!.json.reference))).customer_id).toBe(ids.customer);
  });

  it('leaves e-mails to the outbox file', async () => {
    const before = requests.length;
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'viewer' } });
    const mails = (await t.messages()).filter((m) => m.channel === 'email');
    expect(mails.map((m) => m.to)).toEqual(['viewer@demo.example.com']);
    expect(requests.length).toBe(before);
  });
});

describe('retries', () => {
  it('retries a refused message only once its backoff has passed, and delivers it once', async () => {
    await enqueue(t.database.db, { channel: 'sms', recipient: '+48601999002', body: 'Try again', customerId: ids.customer });
    const id = await lastRowId();
    answers.push({ status: 500, body: 'Internal trouble:\n  queue full' });
    const before = requests.length;

    await t.outbox.kick();
    expect(requests.length).toBe(before + 1);
    const failed = await row(id);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, claimed_at: null, last_error: 'SMS gateway answered 500: Internal trouble: queue full' });
    const wait = await secondsToNextAttempt(id);
    expect(wait).toBeGreaterThan(28);
    expect(wait).toBeLessThanOrEqual(30);

    // Not due yet: a pass leaves it alone.
    await t.outbox.kick();
    expect(requests.length).toBe(before + 1);

    await backoffPassed(id);
    await t.outbox.kick();
    expect(requests.length).toBe(before + 2);
    const sent = await row(id);
    expect(sent).toMatchObject({ attempts: 2, last_error: null, next_attempt_at: null });
    expect(sent.sent_at).toBeInstanceOf(Date);
    // The same reference both times, for a gateway that drops repeats.
    expect(requests.slice(-2).map((r) => r.json.reference)).toEqual([String(id), String(id)]);

    await backoffPassed(id);
    await t.outbox.kick();
    expect(requests.length).toBe(before + 2);
  });

  it('gives up after five failures, 30, 60, 120 and 240 s apart, and the SUPER_ADMIN sees it failed with its last error', async () => {
    await enqueue(t.database.db, { channel: 'sms', recipient: '+48601999003', body: 'Code 424242', customerId: ids.customer });
    const id = await lastRowId();
    always = { status: 503, body: 'maintenance' };
    try {
      const before = requests.length;
      const waits = [30, 60, 120, 240];
      for (let attempt = 1; attempt <= 5; attempt++) {
        await t.outbox.kick();
        expect(requests.length).toBe(before + attempt);
        expect((await row(id)).attempts).toBe(attempt);
        if (attempt < 5) {
          const wait = await secondsToNextAttempt(id);
          expect(wait).toBeGreaterThan(waits[attempt - 1] - 2);
          expect(wait).toBeLessThanOrEqual(waits[attempt - 1]);
          await backoffPassed(id);
        }
      }
      expect(await row(id)).toMatchObject({ attempts: 5, sent_at: null, next_attempt_at: null, last_error: 'SMS gateway answered 503: maintenance' });
      await t.outbox.kick();
      expect(requests.length).toBe(before + 5);
    } finally {
      always = null;
    }

    const options = encodeURIComponent(JSON.stringify({ state: ['failed'] }));
    const list = await t.request({ method: 'GET', url: `/api/outbox?options=${options}`, token: tokens.superadmin });
    expect(list.status).toBe(200);
    expect(list.body.numberOfRecords).toBe(1);
    expect(list.body.items[0]).toEqual({
      id,
      channel: 'sms',
      recipient: '+48601999003',
      subject: null,
      createdAt: expect.any(String),
      sentAt: null,
      attempts: 5,
      nextAttemptAt: null,
      lastError: 'SMS gateway answered 503: maintenance',
      state: 'failed',
      customerId: ids.customer,
    });
    expect(JSON.stringify(list.body)).not.toContain('424242');
    expect((await t.request({ method: 'GET', url: `/api/outbox?options=${options}`, token: tokens.admin })).status).toBe(403);
  });
});
