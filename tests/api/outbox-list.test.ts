// GET /api/outbox: the queued messages for a SUPER_ADMIN only, newest first, paged, filtered by channel, state and
// recipient, one customer's with customerId, and never with their bodies (verification codes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let customerId = 0;
const ids: Record<string, number> = {};

const FIELDS = ['id', 'channel', 'recipient', 'subject', 'createdAt', 'sentAt', 'attempts', 'nextAttemptAt', 'lastError', 'state', 'customerId'];
const list = (query = '', token = tokens.superadmin) => t.request({ method: 'GET', url: `/api/outbox${query}`, token });
const withOptions = (options: unknown, rest = '') => `?options=${encodeURIComponent(JSON.stringify(options))}${rest}`;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin', 'representative']) tokens[login] = await t.login(login);
  const db = t.database.db;
  customerId = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  // Rows in each state, none of them due: a pass of the dispatcher (woken by other requests) leaves them as they are.
  const later = new Date(Date.now() + 3_600_000);
  const rows = [
    { key: 'sent', channel: 'sms' as const, recipient: '+48601888001', subject: 'DemoPay', body: 'Your code: 111111', customer_id: customerId, attempts: 1, sent_at: new Date() },
    { key: 'pending', channel: 'email' as const, recipient: 'someone@outbox.example.com', subject: 'Payout Panel: password', body: 'Your code: 222222', customer_id: null, attempts: 1, last_error: 'SMTP delivery failed: Connection timeout', next_attempt_at: later },
    { key: 'failed', channel: 'sms' as const, recipient: '+48601888003', subject: null, body: 'Your code: 333333', customer_id: customerId, attempts: 5, last_error: 'SMS gateway answered 500: down' },
  ];
  for (const { key, ...values } of rows) {
    ids[key] = (await db.insertInto('outbox').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => t?.close());

describe('GET /api/outbox', () => {
  it('is refused to everyone but a SUPER_ADMIN', async () => {
    expect((await list('', tokens.admin)).status).toBe(403);
    expect((await list('', tokens.representative)).status).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/outbox' })).status).toBe(401);
  });

  it('lists every message newest first, with its delivery and without its body', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const items = res.body.items as Record<string, unknown>[];
    expect(res.body.numberOfRecords).toBeGreaterThanOrEqual(3);
    expect(items.slice(0, 3).map((i) => i.id)).toEqual([ids.failed, ids.pending, ids.sent]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual([...FIELDS].sort());
    expect(JSON.stringify(res.body)).not.toMatch(/111111|222222|333333/);
    expect(items[1]).toMatchObject({ channel: 'email', recipient: 'someone@outbox.example.com', subject: 'Payout Panel: password', state: 'pending', attempts: 1, sentAt: null, customerId: null, lastError: 'SMTP delivery failed: Connection timeout' });
    expect(new Date(items[1].nextAttemptAt as string).getTime()).toBeGreaterThan(Date.now());
    expect(items[2]).toMatchObject({ state: 'sent', lastError: null, nextAttemptAt: null, customerId });
    expect(typeof items[2].sentAt).toBe('string');
  });

  it('pages', async () => {
    const all = (await list()).body;
    const page2 = await list('?limit=1&page=2');
    expect(page2.body).toEqual({ items: [all.items[1]], numberOfRecords: all.numberOfRecords });
  });

  it('filters by channel, state and recipient, and by customer', async () => {
    const idsOf = async (query: string) => ((await list(query)).body.items as { id: number }[]).map((i) => i.id);
    expect(await idsOf(withOptions({ state: ['failed'] }))).toEqual([ids.failed]);
    expect(await idsOf(withOptions({ state: ['pending', 'sent'], recipient: '+48601888' }))).toEqual([ids.sent]);
    expect(await idsOf(withOptions({ channel: ['email'], recipient: 'OUTBOX.example' }))).toEqual([ids.pending]);
    expect(await idsOf(withOptions({ recipient: '+48601888' }, `&customerId=${customerId}`))).toEqual([ids.failed, ids.sent]);
    const bad = await list(withOptions({ state: ['lost'] }));
    expect(bad.status).toBe(400);
    expect((await list(withOptions({ body: '111111' }))).status).toBe(400);
    expect((await list('?orderBy=body')).status).toBe(400);
  });
});
