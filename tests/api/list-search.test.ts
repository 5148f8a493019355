// The payouts list's free-text search, answered through indexes (toolkit/search.ts: the recipient's name and phone
// looked up among the customer's recipients), finds the same payouts as the search it replaced, one OR across the
// list's joins: every word somewhere in the title, the reference, the recipient's full name or phone number,
// case-insensitively, within the customer. And the list's count leaves out the joins that only add columns
// (toolkit/joins.ts) unless a condition of the request reads them, counting the same rows.
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts as payoutsResource, payoutsView } from '../../src/server/areas/payouts/resource.ts';
import { compileList, scoped, untyped, type RequestContext } from '../../src/server/toolkit/index.ts';
import type { Auth } from '../../src/server/plugins/auth.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
let superadmin: string;
let demo: number;
let other: number;
/** The payouts made here, by name. */
const p: Record<string, number> = {};

const url = (params: Record<string, unknown>) =>
  `/api/payout?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)])).toString()}`;

async function found(token: string, search: string, extra: Record<string, unknown> = {}): Promise<number[]> {
  const res = await t.request({ method: 'GET', url: url({ options: { search }, limit: 100, ...extra }), token });
  expect(res.status).toBe(200);
  const ids = (res.body.items as { id: number }[]).map((i) => Number(i.id));
  // Below the exact limit the total is the rows themselves.
  expect(res.body.numberOfRecords).toBe(ids.length);
  expect(res.body.numberOfRecordsCapped).toBeUndefined();
  return ids.sort((a, b) => a - b);
}

const sorted = (...names: string[]) => names.map((n) => p[n]).sort((a, b) => a - b);

async function customerWith(customerId: number | null, name: string) {
  const db = t.database.db;
  const customer = customerId ?? (await db.insertInto('customers').values({ name, url: name.toLowerCase().replace(/\W+/g, '-') }).returning('id').executeTakeFirstOrThrow()).id;
  const account = await db.insertInto('accounts').values({ customer_id: customer, name: `Qx kiosk account ${name}`, currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow();
  const program = await db.insertInto('programs').values({ customer_id: customer, name: `Qx program ${name}`, currency: 'PLN', budget: 1_000_000_000, budget_interval: 'ONE_TIME' }).returning('id').executeTakeFirstOrThrow();
  const recipient = (first: string | null, last: string | null, phone: string) =>
    db.insertInto('recipients').values({ customer_id: customer, first_name: first, last_name: last, phone_number: phone }).returning('id').executeTakeFirstOrThrow().then((r) => r.id);
  const payout = (recipientId: number, title: string, reference: string) =>
    db
      .insertInto('payouts')
      .values({ customer_id: customer, reference, status: 'TO_COLLECT', source: 'MANUAL', account_id: account.id, program_id: program.id, recipient_id: recipientId, amount: 1_000, currency: 'PLN', title, end_date: new Date(Date.now() + 30 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
  return { customer, recipient, payout };
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  admin = await t.login('admin');
  superadmin = await t.login('superadmin');
  demo = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;

  const mine = await customerWith(demo, 'Demo');
  const jan = await mine.recipient('Jan', 'Kowalskiewicz', '+48699917351');
  const zofia = await mine.recipient('Zofia', 'Jankowiak', '+48699917888');
  const noFirstName = await mine.recipient(null, 'Bezimienny', '+48699917999');
  p.jan1 = await mine.payout(jan, 'Premia grudniowa', 'QX-REF-4471');
  p.jan2 = await mine.payout(jan, 'Nagroda roczna', 'QX-REF-4472');
  // "jan" in her last name, "kowalskiewicz" in the title: the words may match in different places.
  p.zofia = await mine.payout(zofia, 'Kowalskiewicz gift', 'QX-REF-4473');
  p.noFirstName = await mine.payout(noFirstName, 'Zwrot', 'QX-REF-4474');

  const theirs = await customerWith(null, 'Qx Other Customer');
  other = theirs.customer;
  p.other = await theirs.payout(await theirs.recipient('Jan', 'Kowalskiewicz', '+48699917351'), 'Premia grudniowa', 'QX-REF-9001');
});
afterAll(async () => {
  await t?.close();
});

describe('the payouts search', () => {
  it('finds by full name, phone, title and reference, case-insensitively, within the customer', async () => {
    expect(await found(admin, 'JAN kowalskiewicz')).toEqual(sorted('jan1', 'jan2', 'zofia'));
    expect(await found(admin, 'Jan Kowalskiewicz')).toEqual(sorted('jan1', 'jan2', 'zofia'));
    expect(await found(admin, '99917351')).toEqual(sorted('jan1', 'jan2'));
    expect(await found(admin, '+48699917')).toEqual(sorted('jan1', 'jan2', 'zofia', 'noFirstName'));
    expect(await found(admin, 'GRUDNIOWA')).toEqual(sorted('jan1'));
    expect(await found(admin, 'kowalskiewicz GIFT')).toEqual(sorted('zofia'));
    expect(await found(admin, 'qx-ref-447')).toEqual(sorted('jan1', 'jan2', 'zofia', 'noFirstName'));
    expect(await found(admin, 'ref-4472')).toEqual(sorted('jan2'));
    // A word of a special meaning in LIKE is a plain character.
    expect(await found(admin, 'QX_REF')).toEqual([]);
    // Another customer's recipient of the same name and number is not the admin's.
    expect(await found(admin, 'Jan Kowalskiewicz 99917351')).toEqual(sorted('jan1', 'jan2'));
  });

  it("answers a SUPER_ADMIN every customer's matches, or the named customer's", async () => {
    expect(await found(superadmin, 'Jan Kowalskiewicz')).toEqual(sorted('jan1', 'jan2', 'zofia', 'other'));
    expect(await found(superadmin, 'Jan Kowalskiewicz', { customerId: other })).toEqual(sorted('other'));
    expect(await found(superadmin, 'Jan Kowalskiewicz', { customerId: demo })).toEqual(sorted('jan1', 'jan2', 'zofia'));
  });

  it('matches the same payouts as the OR across the joined recipient did, over the demo data', async () => {
    // The rule before, written out: each word in the title, the reference, "first last" or the phone number.
    const before = async (text: string, customerId: number) => {
      let where = sql`p.customer_id = ${customerId}`;
      for (const word of text.split(' ')) {
        const pattern = `%${word}%`;
        where = sql`${where} AND (p.title ILIKE ${pattern} OR p.reference ILIKE ${pattern} OR (r.first_name || ' ' || r.last_name) ILIKE ${pattern} OR r.phone_number ILIKE ${pattern})`;
      }
      const rows = await sql<{ id: string }>`SELECT p.id FROM payouts p JOIN recipients r ON r.id = p.recipient_id WHERE ${where}`.execute(t.database.db);
      return rows.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    };
    for (const text of ['kowalski', 'Anna Nowak', 'nowak 500', '+48', 'bonus', 'a', 'ska', 'Jan Kowalskiewicz', 'Bezimienny']) {
      const expected = await before(text, demo);
      expect(expected.length, text).toBeLessThanOrEqual(100);
      expect(await found(admin, text), text).toEqual(expected);
    }
    // Some of them find something, so the comparison is not of empty lists.
    expect((await before('kowalski', demo)).length).toBeGreaterThan(0);
    expect((await before('a', demo)).length).toBeGreaterThan(20);
  });
});

describe('the count without the joins that only add columns', () => {
  // The payouts' declaration with a filter on a joined column (the account's name), the SQL of each query seen.
  const list = compileList({
    fields: { id: 'payouts.id', createdAt: 'payouts.created_at', accountName: 'accounts.name', recipientPhoneNumber: 'recipients.phone_number' },
    filterSchema: { type: 'object', additionalProperties: false, properties: { search: { type: 'string' }, accountName: { type: 'string' }, status: { type: 'array', items: { type: 'string' } } } },
    search: payoutsResource.search,
    joins: payoutsResource.joins,
    defaultOrder: ['createdAt', 'DESC'],
  });

  /** The list run as its route runs it, or (`resolve: false`) without the search's related rows looked up first. */
  async function run(options: Record<string, unknown>, { resolve = true } = {}) {
    const statements: string[] = [];
    const db = t.database.db;
    const seen: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const auth = { user: { type: 'ADMIN', customer_id: demo }, permissions: [], sessionId: null, apiKeyId: null } as unknown as Auth;
    const ctx: RequestContext = { auth, customerId: demo, db: db.withPlugin(seen) };
    const rows = scoped(untyped(ctx.db).selectFrom('payouts'), ctx, payoutsView);
    const params = list.params({ options: JSON.stringify(options), limit: 100 });
    const filters = resolve ? await list.resolve(params.options ?? {}, ctx) : (params.options ?? {});
    const result = await list.run(rows, { ...params, options: filters }, ctx);
    const count = statements.find((s) => /count\(\*\)/i.test(s));
    const page = statements.find((s) => /order by/i.test(s));
    if (!count || !page) throw new Error('the list ran no count or no page');
    return { result, count: count.toLowerCase(), page: page.toLowerCase() };
  }

  it('counts the payouts alone when nothing reads the joins, and the page still has the joined columns', async () => {
    const all = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM payouts WHERE customer_id = ${demo}`.execute(t.database.db)).rows[0].n);
    const { result, count, page } = await run({});
    expect(count).not.toContain('join');
    expect(page).toContain('left join "accounts"');
    expect(result.numberOfRecords).toBe(all);
    // The search's recipients named by their keys, looked up first; or, without the look-up, by a subquery: the same rows.
    for (const resolve of [true, false]) {
      const searched = await run({ search: 'Jan Kowalskiewicz' }, { resolve });
      expect(searched.count).not.toContain('join');
      expect(searched.count).toContain(resolve ? '"payouts"."recipient_id" = any(' : '"payouts"."recipient_id" in (select');
      expect(searched.result.numberOfRecords).toBe(3);
      expect(searched.result.items.map((i) => i.recipientPhoneNumber)).toEqual(['+48699917888', '+48699917351', '+48699917351']);
    }
  });

  it('keeps the join a filter reads, and counts the same rows', async () => {
    const { result, count } = await run({ accountName: 'qx kiosk account' });
    expect(count).toContain('join "accounts"');
    expect(count).not.toContain('"recipients"');
    expect(count).not.toContain('"programs"');
    // The four payouts made here on the demo customer's account of that name.
    expect(result.numberOfRecords).toBe(4);
    expect(result.items).toHaveLength(4);
    expect(result.items.every((i) => i.accountName === 'Qx kiosk account Demo')).toBe(true);
  });
});
