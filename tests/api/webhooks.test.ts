// Webhooks through the real app, delivered to a receiver this test starts on 127.0.0.1 (the app allows private
// addresses: WEBHOOK_PRIVATE_ADDRESSES=allow). Endpoints are a customer ADMIN's while its API is on; the secret is
// shown once; payout.created, payout.status_changed, payout.collected and import.finished reach the endpoints that
// take them, signed as Standard Webhooks documents it (checked here by its own algorithm, written from the
// documentation); a 500 is retried after its backoff, spent attempts mark the endpoint failing and tell the admins,
// "send again" delivers the same event again. A second app with the default configuration refuses private
// addresses, both when an endpoint is saved and when a stored one resolves to one at delivery.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movePayouts } from '../../src/server/ledger/index.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import type { Trx } from '../../src/server/db/index.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { startApp, type TestApp } from './harness.ts';
import { multipart, workbook } from './upload.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

const received: Received[] = [];
/** What the receiver answers next (first in, first out); 204 when nothing is queued. */
const answers: number[] = [];
let always: number | 'silent' | null = null;
let receiver: Server;
let base = '';
let t: TestApp;
let strict: TestApp;
const tokens: Record<string, string> = {};
const ids = { customer: 0, account: 0, program: 0, recipient: 0 };

/** Standard Webhooks' verification, as its specification writes it: HMAC-SHA256 over "id.timestamp.body", keyed with the base64 part of the secret. */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').some((s) => s === `v1,${expected}`);
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body, json: JSON.parse(body) });
      const answer = always ?? answers.shift() ?? 204;
      if (answer === 'silent') return; // never answers: the sender's timeout ends it
      if (answer === 302) return void res.writeHead(302, { location: `${base}/elsewhere` }).end();
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 400 ? 'receiver is down' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  [t, strict] = await Promise.all([startApp({ deviceAuthorization: false, webhookPrivateAddresses: true, webhookTimeoutMs: 1_000 }), startApp({ deviceAuthorization: false })]);
  for (const login of ['admin', 'representative']) tokens[login] = await t.login(login);
  tokens.strict = await strict.login('admin');
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.account = (await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
  ids.program = (await db.selectFrom('programs').select('id').where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow()).id;
  ids.recipient = (await db.selectFrom('recipients').select('id').where('customer_id', '=', ids.customer).where('blocked', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
  await putSettings(db, { API_ENABLED: 'true' }, ids.customer);
  await putSettings(strict.database.db, { API_ENABLED: 'true' }, ids.customer);
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, token = tokens.admin, app = t) =>
  app.request({ method, url: `/api/integration/webhooks${url}`, token, payload });

async function endpoint(path: string, events: string[], extra: Record<string, unknown> = {}) {
  const res = await call('POST', '', { url: `${base}${path}`, events, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; secret: string };
}

async function newPayout(amount = 2_500) {
  const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
  const res = await t.request({ method: 'POST', url: '/api/payout', token: tokens.admin, payload: { accountId: ids.account, programId: ids.program, recipientId: ids.recipient, amount, title: 'Webhook test', endDate } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; reference: string };
}

/** Delivers what is due and answers what reached this path since `from`. */
async function deliveredTo(path: string, from = 0): Promise<Received[]> {
  await t.outbox.kick();
  return received.slice(from).filter((r) => r.path === path);
}

const delivery = (id: number) => t.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const deliveriesOf = async (endpointId: number) =>
  (await call('GET', `/deliveries?limit=100&options=${encodeURIComponent(JSON.stringify({ endpointId }))}`)).body.items as Record<string, any>[];
const backoffPassed = (endpointId: number) => sql`UPDATE outbox SET next_attempt_at = now() - interval '1 second' WHERE webhook_endpoint_id = ${endpointId}`.execute(t.database.db);

describe('endpoints', () => {
  it('are made by an ADMIN while the API is on, the secret shown once, and listed without it', async () => {
    expect((await call('POST', '', { url: `${base}/x`, events: ['payout.created'] }, tokens.representative)).status).toBe(403);
    await putSettings(t.database.db, { API_ENABLED: 'false' }, ids.customer);
    expect((await call('POST', '', { url: `${base}/x`, events: ['payout.created'] })).body).toMatchObject({ code: 'API_DISABLED' });
    expect((await call('GET', '')).body).toMatchObject({ code: 'API_DISABLED' });
    await putSettings(t.database.db, { API_ENABLED: 'true' }, ids.customer);

    const made = await endpoint('/erp', ['payout.created'], { description: 'Our ERP' });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice(6), 'base64')).toHaveLength(32);
    expect(made).toMatchObject({ url: `${base}/erp`, description: 'Our ERP', events: ['payout.created'], enabled: true, state: 'ACTIVE', failingSince: null });
    const list = await call('GET', '');
    expect(list.body.items.find((e: { id: number }) => e.id === made.id)).toMatchObject({ url: `${base}/erp`, state: 'ACTIVE' });
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    expect(JSON.stringify((await call('GET', `/${made.id}`)).body)).not.toContain(made.secret);
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'webhook.create').where('entity_id', '=', String(made.id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toContain(made.secret);
    await call('DELETE', `/${made.id}`);
  });

  it('refuse a bad address, no events or an unknown one, each under its field', async () => {
    const refusal = async (payload: Record<string, unknown>, app = t, token = tokens.admin) => (await call('POST', '', payload, token, app)).body.validationErrors?.[0];
    expect(await refusal({ url: 'ftp://files.example.com/in', events: ['payout.created'] })).toMatchObject({ property: 'url', errors: [{ code: 'INVALID_WEBHOOK_URL', message: 'Webhook URL is invalid. Use an http or https address outside private networks' }] });
    expect(await refusal({ url: 'https://hooks.example.com/in', events: [] })).toMatchObject({ property: 'events', errors: [{ code: 'ARRAY_IS_EMPTY' }] });
    expect(await refusal({ url: 'https://hooks.example.com/in', events: ['payout.deleted'] })).toMatchObject({ property: 'events.0' });
    expect(await refusal({ url: 'https://hooks.example.com/in' })).toMatchObject({ property: 'events', errors: [{ code: 'REQUIRED' }] });
    expect(await t.database.db.selectFrom('webhook_endpoints').select('id').where('url', 'like', '%example.com%').execute()).toEqual([]);
  });

  it('with the default configuration, refuse private addresses when saved', async () => {
    for (const url of ['http://127.0.0.1:8080/in', 'http://localhost/in', 'https://10.1.2.3/in', 'http://[::1]/in', 'https://192.168.0.10/in', 'http://intranet/in', 'http://169.254.169.254/latest']) {
      const res = await call('POST', '', { url, events: ['payout.created'] }, tokens.strict, strict);
      expect(res.body.validationErrors?.[0], url).toMatchObject({ property: 'url', errors: [{ code: 'INVALID_WEBHOOK_URL' }] });
    }
    expect((await call('POST', '', { url: 'https://hooks.example.com/payouts', events: ['payout.created'] }, tokens.strict, strict)).status).toBe(201);
  });

  it('with the default configuration, never connect to a stored endpoint that is or resolves to a private address', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const db = strict.database.db;
    const stored = [];
    for (const url of [`http://localhost:${port}/strict`, `http://127.0.0.1:${port}/strict`]) {
      stored.push(await db.insertInto('webhook_endpoints').values({ customer_id: ids.customer, url, events: ['payout.created'], secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}` }).returning('id').executeTakeFirstOrThrow());
    }
    const before = received.length;
    const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
    const account = await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow();
    const res = await strict.request({ method: 'POST', url: '/api/payout', token: tokens.strict, payload: { accountId: account.id, programId: ids.program, recipientId: ids.recipient, amount: 1_000, endDate } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await strict.outbox.kick();
    expect(received.slice(before).filter((r) => r.path === '/strict')).toEqual([]);
    const rows = await db.selectFrom('outbox').selectAll().where('webhook_endpoint_id', 'in', stored.map((s) => s.id)).orderBy('webhook_endpoint_id').execute();
    expect(rows.map((r) => [r.sent_at, r.last_error])).toEqual([
      [null, 'localhost resolves to the private address 127.0.0.1'],
      [null, '127.0.0.1 is a private address'],
    ]);
  });

  // IPv6 forms that carry a private IPv4 address: 6to4, NAT64, Teredo (client's bits inverted), IPv4-compatible, IPv4-mapped.
  const CARRYING_PRIVATE = ['2002:7f00:1::', '64:ff9b::7f00:1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '::7f00:1', '::ffff:7f00:1'];

  it('with the default configuration, refuse IPv6 addresses that carry a private IPv4 address when saved', async () => {
    for (const ip of CARRYING_PRIVATE) {
      const res = await call('POST', '', { url: `https://[${ip}]/in`, events: ['payout.created'] }, tokens.strict, strict);
      expect(res.status, ip).toBe(400);
      expect(res.body.validationErrors, ip).toEqual([
        { property: 'url', errors: [{ code: 'INVALID_WEBHOOK_URL', message: 'Webhook URL is invalid. Use an http or https address outside private networks' }] },
      ]);
    }
    expect(await strict.database.db.selectFrom('webhook_endpoints').select('url').where('url', 'like', 'https://[%').execute()).toEqual([]);
  });

  it('with the default configuration, never connect to a stored endpoint on an IPv6 address that carries a private IPv4 address', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const db = strict.database.db;
    const stored: number[] = [];
    for (const ip of CARRYING_PRIVATE) {
      const row = await db.insertInto('webhook_endpoints').values({ customer_id: ids.customer, url: `http://[${ip}]:${port}/carried`, events: ['payout.created'], secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}` }).returning('id').executeTakeFirstOrThrow();
      stored.push(row.id);
    }
    const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
    const account = await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow();
    const res = await strict.request({ method: 'POST', url: '/api/payout', token: tokens.strict, payload: { accountId: account.id, programId: ids.program, recipientId: ids.recipient, amount: 1_000, endDate } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await strict.outbox.kick();
    const rows = await db.selectFrom('outbox').select(['sent_at', 'last_error']).where('webhook_endpoint_id', 'in', stored).orderBy('webhook_endpoint_id').execute();
    expect(rows).toEqual([
      { sent_at: null, last_error: '2002:7f00:1:: is a private address' },
      { sent_at: null, last_error: '64:ff9b::7f00:1 is a private address' },
      { sent_at: null, last_error: '2001:0:4136:e378:8000:63bf:80ff:fffe is a private address' },
      { sent_at: null, last_error: '::7f00:1 is a private address' },
      { sent_at: null, last_error: '::ffff:7f00:1 is a private address' },
    ]);
    await db.deleteFrom('webhook_endpoints').where('id', 'in', stored).execute();
  });

  it('belong to their customer: another customer\'s endpoint is not found', async () => {
    const db = t.database.db;
    const other = await db.insertInto('customers').values({ name: 'Other Company', url: 'other-webhooks' }).returning('id').executeTakeFirstOrThrow();
    const theirs = await db.insertInto('webhook_endpoints').values({ customer_id: other.id, url: `${base}/theirs`, events: ['payout.created'], secret: 'whsec_AAAA' }).returning('id').executeTakeFirstOrThrow();
    expect((await call('GET', `/${theirs.id}`)).body).toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
    expect((await call('PUT', '', { id: theirs.id, url: `${base}/mine`, events: ['payout.created'] })).status).toBe(404);
    expect((await call('POST', `/${theirs.id}/secret`)).status).toBe(404);
    expect((await call('DELETE', `/${theirs.id}`)).status).toBe(404);
    expect((await call('GET', '')).body.items.map((e: { id: number }) => e.id)).not.toContain(theirs.id);
    expect(await db.selectFrom('webhook_endpoints').select('url').where('id', '=', theirs.id).executeTakeFirstOrThrow()).toEqual({ url: `${base}/theirs` });
  });
});

describe('deliveries', () => {
  it('send payout.created to the endpoints that take it, signed, with the payout as the API answers it', async () => {
    const one = await endpoint('/created', ['payout.created']);
    const other = await endpoint('/other-events', ['import.finished']);
    const from = received.length;
    const payout = await newPayout(2_500);
    const [got] = await deliveredTo('/created', from);
    expect(received.slice(from).filter((r) => r.path === '/other-events')).toEqual([]);
    expect(got.headers['content-type']).toBe('application/json');
    expect(verify(one.secret, got.headers, got.body)).toBe(true);
    expect(verify(one.secret, got.headers, got.body.replace('2500', '2501'))).toBe(false);
    expect(verify(other.secret, got.headers, got.body)).toBe(false);
    expect(got.json).toMatchObject({ type: 'payout.created', data: { id: payout.id, reference: payout.reference, status: 'TO_COLLECT', previousStatus: null, source: 'MANUAL', amount: 2_500, currency: 'PLN', title: 'Webhook test', accountId: ids.account, programId: ids.program, recipientId: ids.recipient, importId: null } });
    expect(Date.parse(got.json.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(got.json.data.endDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [logged] = await deliveriesOf(one.id);
    expect(logged).toMatchObject({ eventId: got.headers['webhook-id'], eventType: 'payout.created', state: 'sent', attempts: 1, lastStatus: 204, url: `${base}/created` });
    expect(String(got.headers['webhook-id'])).toMatch(/^msg_[0-9a-f]{32}$/);
    await call('DELETE', `/${one.id}`);
    await call('DELETE', `/${other.id}`);
  });

  it('tell a status change, and a collection as both a status change and payout.collected, in that order', async () => {
    const hook = await endpoint('/status', ['payout.status_changed', 'payout.collected']);
    const payout = await newPayout(1_500);
    const from = received.length;
    const suspended = await t.request({ method: 'PUT', url: '/api/payout/status', token: tokens.admin, payload: { status: 'SUSPENDED', ids: [payout.id], confirm: true } });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    await t.request({ method: 'PUT', url: '/api/payout/status', token: tokens.admin, payload: { status: 'TO_COLLECT', ids: [payout.id], confirm: true } });
    // The collection page's own move (collection/routes.ts).
    await t.database.db.transaction().execute((trx) => movePayouts(trx as Trx, { ids: [payout.id], from: ['TO_COLLECT'], to: 'COLLECTED_ON_PAGE', actor: { userId: null } }));
    const got = await deliveredTo('/status', from);
    expect(got.map((r) => [r.json.type, r.json.data.previousStatus, r.json.data.status])).toEqual([
      ['payout.status_changed', 'TO_COLLECT', 'SUSPENDED'],
      ['payout.status_changed', 'SUSPENDED', 'TO_COLLECT'],
      ['payout.status_changed', 'TO_COLLECT', 'COLLECTED_ON_PAGE'],
      ['payout.collected', 'TO_COLLECT', 'COLLECTED_ON_PAGE'],
    ]);
    expect(got.every((r) => verify(hook.secret, r.headers, r.body) && r.json.data.id === payout.id)).toBe(true);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(4);
    await call('DELETE', `/${hook.id}`);
  });

  it('tell a finished import with what it created', async () => {
    const hook = await endpoint('/imports', ['import.finished']);
    const { payload, headers } = multipart(workbook({ Recipients: [['Phone number', 'First name', 'Last name'], ['+48601987001', 'Ala', 'Webhook'], ['+48601987002', 'Ola', 'Webhook']] }));
    const from = received.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/payout/recipient/fromFile', payload, headers: { ...headers, authorization: `Bearer ${tokens.admin}` } });
    expect(res.statusCode, res.body).toBe(200);
    const [got] = await deliveredTo('/imports', from);
    expect(got.json).toMatchObject({ type: 'import.finished', data: { importId: res.json().importId, kind: 'RECIPIENTS', created: 2 } });
    expect(verify(hook.secret, got.headers, got.body)).toBe(true);
    await call('DELETE', `/${hook.id}`);
  });

  it('go nowhere from a disabled endpoint or while the API is off', async () => {
    const hook = await endpoint('/quiet', ['payout.created'], { enabled: false });
    await newPayout();
    const enabled = await call('PUT', '', { id: hook.id, url: `${base}/quiet`, events: ['payout.created'], enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, state: 'ACTIVE' });
    await putSettings(t.database.db, { API_ENABLED: 'false' }, ids.customer);
    await newPayout();
    await putSettings(t.database.db, { API_ENABLED: 'true' }, ids.customer);
    expect(await t.database.db.selectFrom('outbox').select('id').where('webhook_endpoint_id', '=', hook.id).execute()).toEqual([]);
    await call('DELETE', `/${hook.id}`);
  });

  it('retry after a 500 only once the backoff has passed, with the same webhook-id, and log each attempt', async () => {
    const hook = await endpoint('/flaky', ['payout.created']);
    answers.push(500);
    const from = received.length;
    await newPayout();
    const [first] = await deliveredTo('/flaky', from);
    let [logged] = await deliveriesOf(hook.id);
    expect(logged).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500, lastError: 'The endpoint answered 500: receiver is down' });
    const wait = (Date.parse(logged.nextAttemptAt) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await deliveredTo('/flaky', from)).toHaveLength(1);
    await backoffPassed(hook.id);
    const [, second] = await deliveredTo('/flaky', from);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(verify(hook.secret, second.headers, second.body)).toBe(true);
    [logged] = await deliveriesOf(hook.id);
    expect(logged).toMatchObject({ state: 'sent', attempts: 2, lastStatus: 204, lastError: null, nextAttemptAt: null });
    const details = (await call('GET', `/deliveries/${logged.id}`)).body;
    expect(details.attemptLog.map((a: { status: number; error: string | null }) => [a.status, a.error])).toEqual([
      [204, null],
      [500, 'The endpoint answered 500: receiver is down'],
    ]);
    expect(JSON.parse(details.payload)).toEqual(first.json);
    await call('DELETE', `/${hook.id}`);
  });

  it('follow no redirect and give up on an endpoint that does not answer in time', async () => {
    const hook = await endpoint('/odd', ['payout.created']);
    always = 302;
    await newPayout();
    await t.outbox.kick();
    always = 'silent';
    await backoffPassed(hook.id);
    await t.outbox.kick();
    always = null;
    const [logged] = await deliveriesOf(hook.id);
    const details = (await call('GET', `/deliveries/${logged.id}`)).body;
    expect(details.attemptLog.map((a: { status: number | null; error: string }) => [a.status, a.error])).toEqual([
      [null, 'The endpoint did not answer within 1 s'],
      [302, 'The endpoint answered 302'],
    ]);
    expect(received.filter((r) => r.path === '/elsewhere')).toEqual([]);
    await call('DELETE', `/${hook.id}`);
  });

  it('never hold back an SMS behind an endpoint that does not answer', async () => {
    const hook = await endpoint('/silent', ['payout.created']);
    always = 'silent';
    try {
      // The route queues the event, then the recipient's SMS, and wakes the outbox.
      await newPayout();
      await t.outbox.kick();
      const sms = await t.database.db.selectFrom('outbox').select(['sent_at']).where('channel', '=', 'sms').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const [logged] = await deliveriesOf(hook.id);
      const attempt = await t.database.db.selectFrom('webhook_attempts').select(['attempted_at', 'error']).where('outbox_id', '=', logged.id).executeTakeFirstOrThrow();
      expect(attempt.error).toBe('The endpoint did not answer within 1 s');
      // Sent while the endpoint was still being waited for, not after it.
      expect(new Date(sms.sent_at!).getTime()).toBeLessThan(new Date(attempt.attempted_at).getTime());
    } finally {
      always = null;
      await call('DELETE', `/${hook.id}`);
    }
  });

  it('mark the endpoint failing once a delivery spends its attempts, tell the admins once, and recover on the next success', async () => {
    const hook = await endpoint('/down', ['payout.created']);
    always = 503;
    await newPayout();
    await newPayout();
    for (let attempt = 0; attempt < 8; attempt++) {
      await backoffPassed(hook.id);
      await t.outbox.kick();
    }
    const logged = await deliveriesOf(hook.id);
    expect(logged.map((d) => [d.state, d.attempts])).toEqual([
      ['failed', 8],
      ['failed', 8],
    ]);
    await backoffPassed(hook.id);
    await t.outbox.kick();
    expect((await deliveriesOf(hook.id)).map((d) => d.attempts)).toEqual([8, 8]);
    expect((await call('GET', `/${hook.id}`)).body).toMatchObject({ state: 'FAILING' });
    const admin = await t.database.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow();
    const told = await t.database.db.selectFrom('notifications').selectAll().where('title_key', '=', 'webhookFailing').execute();
    expect(told.map((n) => [n.user_id, JSON.parse(n.params).url])).toEqual([[admin.id, `${base}/down`]]);
    const bell = await t.request({ method: 'GET', url: '/api/notification', token: tokens.admin });
    expect(bell.body.items[0]).toMatchObject({ kind: 'webhookFailing', title: `Webhook endpoint ${base}/down is failing: an event could not be delivered` });

    // "Send again" once the receiver is back: the same event, delivered, and the endpoint active again.
    always = null;
    const from = received.length;
    const again = await call('POST', `/deliveries/${logged[1].id}/resend`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const [resent] = await deliveredTo('/down', from);
    expect(resent.headers['webhook-id']).toBe(logged[1].eventId);
    expect(verify(hook.secret, resent.headers, resent.body)).toBe(true);
    expect((await deliveriesOf(hook.id)).map((d) => [d.state, d.attempts])).toEqual([
      ['failed', 8],
      ['sent', 1],
    ]);
    expect((await call('GET', `/${hook.id}`)).body).toMatchObject({ state: 'ACTIVE', failingSince: null });
    expect((await call('GET', `/deliveries/${logged[1].id}`)).body.attemptLog).toHaveLength(9);
    await call('DELETE', `/${hook.id}`);
  });

  it('sign with a new secret at once after it is changed, and are another customer\'s to nobody', async () => {
    const hook = await endpoint('/rotated', ['payout.created']);
    const changed = await call('POST', `/${hook.id}/secret`);
    expect(changed.body.secret).toMatch(/^whsec_/);
    expect(changed.body.secret).not.toBe(hook.secret);
    const from = received.length;
    await newPayout();
    const [got] = await deliveredTo('/rotated', from);
    expect(verify(changed.body.secret, got.headers, got.body)).toBe(true);
    expect(verify(hook.secret, got.headers, got.body)).toBe(false);
    const [mine] = await deliveriesOf(hook.id);
    const db = t.database.db;
    const other = await db.insertInto('customers').values({ name: 'Third Company', url: 'third-webhooks' }).returning('id').executeTakeFirstOrThrow();
    const theirs = await db.insertInto('webhook_endpoints').values({ customer_id: other.id, url: `${base}/third`, events: ['payout.created'], secret: 'whsec_AAAA' }).returning('id').executeTakeFirstOrThrow();
    await sql`UPDATE outbox SET customer_id = ${other.id}, webhook_endpoint_id = ${theirs.id} WHERE id = ${mine.id}`.execute(db);
    expect((await call('GET', `/deliveries/${mine.id}`)).status).toBe(404);
    expect((await call('POST', `/deliveries/${mine.id}/resend`)).status).toBe(404);
    expect((await deliveriesOf(theirs.id)).length).toBe(0);
    expect((await delivery(mine.id)).sent_at).not.toBeNull();
    await call('DELETE', `/${hook.id}`);
  });
});
