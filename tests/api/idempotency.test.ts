// Idempotency keys through the real app (on PGlite, and on PostgreSQL with real concurrency): a retried POST with the
// same key and body answers the first answer and creates nothing more; the same key with another body is refused;
// two requests at once with one key create one payout; keys belong to their caller; a 5xx frees the key; a bad key
// is refused; after 24 hours the key is free again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let body: Record<string, unknown>;

const post = (payload: Record<string, unknown>, key?: string, token = tokens.admin) =>
  t.request({ method: 'POST', url: '/api/payout', token, payload, headers: key === undefined ? {} : { 'idempotency-key': key } });
const count = async (title: string) => (await t.database.db.selectFrom('payouts').select('id').where('title', '=', title).execute()).length;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['admin', 'representative']) tokens[login] = await t.login(login);
  const db = t.database.db;
  const demo = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const account = await db.selectFrom('accounts').select('id').where('customer_id', '=', demo).where('name', '=', 'Main PLN account').executeTakeFirstOrThrow();
  const program = await db.selectFrom('programs').select('id').where('customer_id', '=', demo).where('name', '=', 'Employee bonuses').where('currency', '=', 'PLN').executeTakeFirstOrThrow();
  const recipient = await db.selectFrom('recipients').select('id').where('customer_id', '=', demo).orderBy('id').executeTakeFirstOrThrow();
  body = { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 2_000, endDate: toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw') };
});
afterAll(async () => t?.close());

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates nothing more', async () => {
    const payload = { ...body, title: 'Idempotent once' };
    const first = await post(payload, 'retry-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await post(payload, 'retry-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('Idempotent once')).toBe(1);
    // Without a key, the same request creates another.
    expect((await post(payload)).status).toBe(201);
    expect(await count('Idempotent once')).toBe(2);
  });

  it('refuses the same key with another request, and keeps a refusal as the answer', async () => {
    await post({ ...body, title: 'First body' }, 'reused-1');
    const other = await post({ ...body, title: 'Second body' }, 'reused-1');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used with a different request.' });
    expect(await count('Second body')).toBe(0);
    // A business refusal is an answer too: the retry gets it again without trying.
    const refused = await post({ ...body, amount: 999_999_999_000, title: 'Too much' }, 'refused-1');
    expect(refused.status).toBe(400);
    const retried = await post({ ...body, amount: 999_999_999_000, title: 'Too much' }, 'refused-1');
    expect(retried).toMatchObject({ status: 400, body: refused.body });
  });

  it('creates one payout for two requests sent at once with one key', async () => {
    const payload = { ...body, title: 'Concurrent once' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(payload, 'concurrent-1')));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await count('Concurrent once')).toBe(1);
    const created = answers.filter((res) => res.status === 201).map((res) => res.body.id);
    expect(new Set(created).size).toBe(1);
    const busy = answers.find((res) => res.status === 409);
    if (busy) expect(busy.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
  });

  it('keeps each caller\'s keys its own, and frees a key after 24 hours', async () => {
    const mine = await post({ ...body, title: 'Scoped' }, 'shared-name');
    expect(mine.status).toBe(201);
    // Another user with the same key name is another key (the representative may create payouts too).
    const theirs = await post({ ...body, title: 'Scoped' }, 'shared-name', tokens.representative);
    expect([201, 403]).toContain(theirs.status);
    if (theirs.status === 201) expect(theirs.body.id).not.toBe(mine.body.id);
    await t.database.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - 25 * 3_600_000) }).where('key', '=', 'shared-name').execute();
    const later = await post({ ...body, title: 'Scoped later' }, 'shared-name');
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(mine.body.id);
  });

  it('refuses a key that is empty or too long, and ignores keys on reads', async () => {
    for (const key of ['', 'x'.repeat(256), 'with space']) {
      const res = await post({ ...body, title: 'Bad key' }, key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    expect(await count('Bad key')).toBe(0);
    const read = await t.request({ method: 'GET', url: '/api/payout', token: tokens.admin, headers: { 'idempotency-key': 'read-1' } });
    expect(read.status).toBe(200);
  });
});
