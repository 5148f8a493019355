// A list's total past LIST_EXACT_COUNT_LIMIT (LIST_TEXT_COUNT_LIMIT when the request matches text): "more than"
// (numberOfRecordsCapped), with the page asked for always inside the counted rows; below it, exact and unflagged. The
// limits are set low so that the demo data is enough: the payouts list, an account's statement and the outbox (the
// same rule, toolkit/list.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

const LIMIT = 5;
const TEXT_LIMIT = 2;
let t: TestApp;
let admin: string;
let superadmin: string;
let customerId: number;

const url = (path: string, params: Record<string, unknown> = {}) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()}`;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false, listCountLimits: { exact: LIMIT, text: TEXT_LIMIT } });
  admin = await t.login('admin');
  superadmin = await t.login('superadmin');
  customerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

describe('totals of long lists', () => {
  it('says "more than" past the limit, counts to the end of the page asked for, and is exact below it', async () => {
    const payouts = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM payouts WHERE customer_id = ${customerId}`.execute(t.database.db)).rows[0].n);
    expect(payouts).toBeGreaterThan(30);

    // Page 1 of 10: 10 rows shown, the total "more than 10" (the page's end is past the limit of 5).
    const first = await t.request({ method: 'GET', url: url('/api/payout'), token: admin });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(10);
    expect(first.body).toMatchObject({ numberOfRecords: 10, numberOfRecordsCapped: true });

    // Page 3 of 10: counted to row 30, and more follow.
    const third = await t.request({ method: 'GET', url: url('/api/payout', { page: 3, limit: 10 }), token: admin });
    expect(third.body.items).toHaveLength(10);
    expect(third.body).toMatchObject({ numberOfRecords: 30, numberOfRecordsCapped: true });

    // Page 2 of 50: the page reaches past the last row, so the total is exact again.
    const last = await t.request({ method: 'GET', url: url('/api/payout', { page: 2, limit: 50 }), token: admin });
    expect(last.body.numberOfRecords).toBe(payouts);
    expect(last.body).not.toHaveProperty('numberOfRecordsCapped');

    // Few rows matching (one recipient's payouts, at most the limit): exact, no flag.
    const recipient = (
      await sql<{ recipient_id: number; n: string }>`SELECT recipient_id, count(*) AS n FROM payouts WHERE customer_id = ${customerId}
        GROUP BY recipient_id HAVING count(*) <= ${LIMIT} ORDER BY recipient_id LIMIT 1`.execute(t.database.db)
    ).rows[0];
    const few = await t.request({ method: 'GET', url: url('/api/payout', { limit: 1, options: { recipientId: recipient.recipient_id } }), token: admin });
    expect(few.body).toEqual({ items: [expect.any(Object)], numberOfRecords: Number(recipient.n) });
  });

  it('applies the same rule to an account\'s statement', async () => {
    const account = (
      await sql<{ id: number; n: string }>`SELECT a.id, count(*) AS n FROM accounts a JOIN balance_updates b ON b.account_id = a.id
        WHERE a.customer_id = ${customerId} AND b.created_at > now() - interval '1 month' GROUP BY a.id ORDER BY count(*) DESC LIMIT 1`.execute(t.database.db)
    ).rows[0];
    // The statement's default period is the last month: more updates in it than the limit, and fewer than a page of 50.
    expect(Number(account.n)).toBeGreaterThan(LIMIT);
    const capped = await t.request({ method: 'GET', url: url(`/api/account/${account.id}/balanceUpdates`, { limit: LIMIT }), token: admin });
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({ numberOfRecords: LIMIT, numberOfRecordsCapped: true });
    const exact = await t.request({ method: 'GET', url: url(`/api/account/${account.id}/balanceUpdates`, { limit: 50 }), token: admin });
    if (Number(account.n) <= 50) expect(exact.body).toEqual({ items: expect.any(Array), numberOfRecords: Number(account.n) });
  });

  it('counts a search or a "contains" filter only to the text limit, and exactly below it', async () => {
    // A word in many of the demo customer's payout titles: counted to 2, not to 5.
    const word = (
      await sql<{ word: string; n: string }>`SELECT w AS word, count(*) AS n FROM payouts p, regexp_split_to_table(lower(p.title), '\s+') AS w
        WHERE p.customer_id = ${customerId} AND length(w) >= 4 GROUP BY w ORDER BY count(*) DESC, w LIMIT 1`.execute(t.database.db)
    ).rows[0];
    expect(Number(word.n)).toBeGreaterThan(LIMIT);
    const searched = await t.request({ method: 'GET', url: url('/api/payout', { limit: 1, options: { search: word.word } }), token: admin });
    expect(searched.status).toBe(200);
    expect(searched.body).toMatchObject({ numberOfRecords: TEXT_LIMIT, numberOfRecordsCapped: true });
    // The same page without the search: the exact limit.
    const all = await t.request({ method: 'GET', url: url('/api/payout', { limit: 1 }), token: admin });
    expect(all.body).toMatchObject({ numberOfRecords: LIMIT, numberOfRecordsCapped: true });
    // The page asked for still lies inside the counted rows: page 2 of 3 a page counts to row 6 (at least 6 match).
    const second = await t.request({ method: 'GET', url: url('/api/payout', { page: 2, limit: 3, options: { search: word.word } }), token: admin });
    expect(second.body.items).toHaveLength(3);
    expect(second.body.numberOfRecords).toBe(6);
    // A search matching one payout: exact, no flag.
    const one = (await sql<{ reference: string }>`SELECT reference FROM payouts WHERE customer_id = ${customerId} ORDER BY id LIMIT 1`.execute(t.database.db)).rows[0];
    const exact = await t.request({ method: 'GET', url: url('/api/payout', { options: { search: one.reference } }), token: admin });
    expect(exact.body).toEqual({ items: [expect.objectContaining({ reference: one.reference })], numberOfRecords: 1 });

    // The outbox's "contains" filter on the recipient: the same lower limit. Sent e-mails, so that no pass of the
    // dispatcher takes them.
    const sent = Array.from({ length: LIMIT + 1 }, (_, i) => ({ channel: 'email' as const, recipient: `reader${i}@outbox.example.com`, subject: 'Payout Panel', body: 'Hello', attempts: 1, sent_at: new Date() }));
    await t.database.db.insertInto('outbox').values(sent).execute();
    const contains = await t.request({ method: 'GET', url: url('/api/outbox', { limit: 1, options: { recipient: '@' } }), token: superadmin });
    expect(contains.status).toBe(200);
    expect(contains.body).toMatchObject({ numberOfRecords: TEXT_LIMIT, numberOfRecordsCapped: true });
  });
});
