// The dashboard's summaries read from the rollups kept by payouts' statement triggers (migrations 030 and 033), after
// payouts were created one by one and several in one statement, moved by the bulk route and singly, collected,
// cancelled, given other creation times and deleted: every summary against figures worked out by hand for this
// small data set (June, the quarters and the whole of 2022 in Europe/Warsaw, an explicit range with edges inside UTC
// days), then against a count made straight from the payouts for more periods, and the rollups against a recount of
// the payouts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { NOT_COUNTED_STATUSES, PAYOUT_STATUSES } from '../../src/shared/payouts.ts';
import { periodRange, type DashboardPeriod } from '../../src/shared/dashboard.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { topUp } from '../../src/server/ledger/index.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let token = '';
const ids = { customer: 0, pln: 0, eur: 0, p1: 0, p2: 0, r1: 0, r2: 0 };
const payout: Record<string, number> = {};
const H = 3_600_000;
const ZONE = 'Europe/Warsaw';

const get = async (url: string) => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.status, url).toBe(200);
  return res.body;
};

const JUNE = 'period=MONTHLY&year=2022&number=6';
const YEAR = 'period=YEARLY&year=2022';
// Edges inside UTC days: from 11:30 of a day, to 22:00 of another (which excludes f, created at 22:00).
const RANGE = `from=${encodeURIComponent('2022-06-15T11:30:00.000Z')}&to=${encodeURIComponent('2022-06-30T22:00:00.000Z')}`;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  token = await t.login('admin');
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  await putSettings(db, { TIME_ZONE: ZONE }, ids.customer);
  for (const currency of ['PLN', 'EUR'] as const) {
    const id = (await db.insertInto('accounts').values({ customer_id: ids.customer, name: `Rollups ${currency}`, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
    await db.transaction().execute((trx) => topUp(trx, { accountId: id, amount: 100_000_000, reference: `rollups ${currency}`, actor: { userId: null } }));
    ids[currency === 'PLN' ? 'pln' : 'eur'] = id;
  }
  const program = async (name: string, currency: string) =>
    (await db.insertInto('programs').values({ customer_id: ids.customer, name, currency, budget: 9_000_000, budget_interval: 'YEARLY', url: null, reminder_days: null, reminder_hour: null, reminder_message: null }).returning('id').executeTakeFirstOrThrow()).id;
  ids.p1 = await program('Rollup bonuses', 'PLN');
  ids.p2 = await program('Rollup euro', 'EUR');
  const recipient = async (first: string, last: string, phone: string) =>
    (await db.insertInto('recipients').values({ customer_id: ids.customer, first_name: first, last_name: last, phone_number: phone, email: null, external_id: null, billon_user_name: null }).returning('id').executeTakeFirstOrThrow()).id;
  ids.r1 = await recipient('Ada', 'Rollup', '+48790200001');
  ids.r2 = await recipient('Bruno', 'Rollup', '+48790200002');

  // Created one by one, with their ledger rows, today; then given their creation times in one statement.
  const single: [string, number, 'PLN' | 'EUR', 'r1' | 'r2', string][] = [
    ['a', 1_000, 'PLN', 'r1', '2022-05-31T21:59:59Z'], // May in Warsaw
    ['b', 2_000, 'PLN', 'r1', '2022-05-31T22:00:00Z'], // June in Warsaw, 31 May in UTC
    ['c', 4_000, 'PLN', 'r2', '2022-06-15T12:00:00Z'],
    ['d', 8_000, 'EUR', 'r2', '2022-06-15T12:00:00Z'],
    ['e', 16_000, 'EUR', 'r1', '2022-06-30T21:59:59Z'], // June in Warsaw
    ['f', 32_000, 'PLN', 'r2', '2022-06-30T22:00:00Z'], // July in Warsaw, 30 June in UTC
    ['g', 64_000, 'PLN', 'r2', '2022-03-01T10:00:00Z'],
  ];
  for (const [name, amount, currency, r] of single) {
    payout[name] = await insertPayout(db, { customerId: ids.customer, accountId: currency === 'PLN' ? ids.pln : ids.eur, programId: currency === 'PLN' ? ids.p1 : ids.p2, recipientId: ids[r], currency, amount });
  }
  // One left as created, now: the only one its program's budget of this year counts.
  payout.n = await insertPayout(db, { customerId: ids.customer, accountId: ids.eur, programId: ids.p2, recipientId: ids.r1, currency: 'EUR', amount: 3_000 });
  const times = single.map(([name, , , , at]) => sql`(${payout[name]}::bigint, ${at}::timestamptz)`);
  await sql`UPDATE payouts SET created_at = v.at, start_date = v.at FROM (VALUES ${sql.join(times)}) AS v (id, at) WHERE payouts.id = v.id`.execute(db);

  // Several in one statement, as an import writes them.
  const many: [string, number, 'r1' | 'r2', string][] = [
    ['h', 128_000, 'r1', '2022-06-10T08:00:00Z'],
    ['i', 256_000, 'r2', '2022-06-10T08:00:00Z'], // deleted below
    ['j', 512_000, 'r1', '2021-12-31T23:30:00Z'], // 2022 in Warsaw, 2021 in UTC
    ['k', 1_024_000, 'r2', '2022-12-31T23:30:00Z'], // 2023 in Warsaw, 2022 in UTC
  ];
  const rows = await db
    .insertInto('payouts')
    .values(
      many.map(([name, amount, r, at]) => ({
        customer_id: ids.customer,
        reference: `ROLLUP-${name}`,
        status: 'TO_APPROVE' as const,
        source: 'FROM_FILE' as const,
        account_id: ids.pln,
        program_id: ids.p1,
        recipient_id: ids[r],
        amount,
        currency: 'PLN',
        title: null,
        sms_message: null,
        start_date: new Date(at),
        end_date: new Date(Date.parse(at) + 30 * 24 * H),
        collected_at: null,
        reminded_at: null,
        created_by: null,
        created_at: new Date(at),
      })),
    )
    .returning(['id', 'reference'])
    .execute();
  for (const row of rows) payout[row.reference.slice('ROLLUP-'.length)] = row.id;

  const move = (status: string, list: string[]) => t.request({ method: 'PUT', url: '/api/payout/status', token, payload: { status, ids: list.map((n) => payout[n]), confirm: true } });
  expect((await move('SUSPENDED', ['b', 'c', 'g'])).body).toEqual({ matching: 3, changeable: 3, updated: 3 }); // in bulk
  expect((await move('CANCELLED', ['c'])).body).toEqual({ matching: 1, changeable: 1, updated: 1 }); // one
  // Collected: d 30 hours after its creation, e 2 hours after.
  await sql`UPDATE payouts SET status = 'COLLECTED_ON_PAGE', collected_at = created_at + CASE id WHEN ${payout.d} THEN interval '30 hours' ELSE interval '2 hours' END
    WHERE id IN (${payout.d}, ${payout.e})`.execute(db);
  // A reminder's time moves nothing.
  await db.updateTable('payouts').set({ reminded_at: new Date() }).where('customer_id', '=', ids.customer).execute();
  await db.deleteFrom('payouts').where('id', '=', payout.i).execute();
});
afterAll(async () => t?.close());

describe('the summaries read from the rollups, against figures worked out by hand', () => {
  it('Payouts Overview: June, the year and a range with edges inside UTC days', async () => {
    expect((await get(`/api/payout/summary/status?${JUNE}`)).items).toEqual([
      { status: 'COLLECTED_ON_PAGE', currency: 'EUR', count: 2, amount: 24_000 }, // d, e
      { status: 'CANCELLED', currency: 'PLN', count: 1, amount: 4_000 }, // c
      { status: 'SUSPENDED', currency: 'PLN', count: 1, amount: 2_000 }, // b
      { status: 'TO_APPROVE', currency: 'PLN', count: 1, amount: 128_000 }, // h
    ]);
    expect((await get(`/api/payout/summary/status?${YEAR}`)).items).toEqual([
      { status: 'COLLECTED_ON_PAGE', currency: 'EUR', count: 2, amount: 24_000 }, // d, e
      { status: 'CANCELLED', currency: 'PLN', count: 1, amount: 4_000 }, // c
      { status: 'SUSPENDED', currency: 'PLN', count: 2, amount: 66_000 }, // b, g
      { status: 'TO_APPROVE', currency: 'PLN', count: 2, amount: 640_000 }, // h, j
      { status: 'TO_COLLECT', currency: 'PLN', count: 2, amount: 33_000 }, // a, f
    ]);
    expect((await get(`/api/payout/summary/status?${RANGE}`)).items).toEqual([
      { status: 'COLLECTED_ON_PAGE', currency: 'EUR', count: 2, amount: 24_000 }, // d, e
      { status: 'CANCELLED', currency: 'PLN', count: 1, amount: 4_000 }, // c
    ]);
  });

  it('Payout Collection Rates: June and the year', async () => {
    const june = await get(`/api/payout/summary/collectionRates?${JUNE}`);
    // b unclaimed (PLN), d after 30 h (EUR), e after 2 h (EUR); c cancelled and h not yet offered.
    expect(june.total).toBe(3);
    expect(june.items).toEqual([
      { category: 'lessThanOneDay', count: 1, share: 1 / 3 },
      { category: 'fromOneToTwoDays', count: 1, share: 1 / 3 },
      { category: 'fromTwoToThreeDays', count: 0, share: 0 },
      { category: 'overThreeDays', count: 0, share: 0 },
      { category: 'unclaimed', count: 1, share: 1 / 3 },
    ]);
    expect(june.currencies).toEqual([
      { currency: 'EUR', category: 'lessThanOneDay', count: 1, amount: 16_000 },
      { currency: 'EUR', category: 'fromOneToTwoDays', count: 1, amount: 8_000 },
      { currency: 'EUR', category: 'fromTwoToThreeDays', count: 0, amount: 0 },
      { currency: 'EUR', category: 'overThreeDays', count: 0, amount: 0 },
      { currency: 'EUR', category: 'unclaimed', count: 0, amount: 0 },
      { currency: 'PLN', category: 'lessThanOneDay', count: 0, amount: 0 },
      { currency: 'PLN', category: 'fromOneToTwoDays', count: 0, amount: 0 },
      { currency: 'PLN', category: 'fromTwoToThreeDays', count: 0, amount: 0 },
      { currency: 'PLN', category: 'overThreeDays', count: 0, amount: 0 },
      { currency: 'PLN', category: 'unclaimed', count: 1, amount: 2_000 },
    ]);
    const year = await get(`/api/payout/summary/collectionRates?${YEAR}`);
    // a, b, f, g unclaimed; d and e as in June.
    expect(year.total).toBe(6);
    expect(year.items.map((i: { count: number }) => i.count)).toEqual([1, 1, 0, 0, 4]);
    expect(year.currencies.find((r: { currency: string; category: string }) => r.currency === 'PLN' && r.category === 'unclaimed')).toEqual({ currency: 'PLN', category: 'unclaimed', count: 4, amount: 99_000 });
  });

  it('Selected Programs: June and the year', async () => {
    const programs = (query: string) => get(`/api/payout/program/summary?${query}&programIds=${ids.p1},${ids.p2}`);
    const figures = (items: Record<string, unknown>[]) => items.map(({ name, payoutsCount, payoutsAmount, collectedCount, collectedAmount, averageAmount }) => ({ name, payoutsCount, payoutsAmount, collectedCount, collectedAmount, averageAmount }));
    expect(figures((await programs(JUNE)).items)).toEqual([
      { name: 'Rollup bonuses', payoutsCount: 2, payoutsAmount: 130_000, collectedCount: 0, collectedAmount: 0, averageAmount: 65_000 }, // b, h
      { name: 'Rollup euro', payoutsCount: 2, payoutsAmount: 24_000, collectedCount: 2, collectedAmount: 24_000, averageAmount: 12_000 }, // d, e
    ]);
    expect(figures((await programs(YEAR)).items)).toEqual([
      { name: 'Rollup bonuses', payoutsCount: 6, payoutsAmount: 739_000, collectedCount: 0, collectedAmount: 0, averageAmount: 123_167 }, // a, b, f, g, h, j
      { name: 'Rollup euro', payoutsCount: 2, payoutsAmount: 24_000, collectedCount: 2, collectedAmount: 24_000, averageAmount: 12_000 },
    ]);
  });

  it('Selected Programs: the used budget of this year, the payouts created now only', async () => {
    const items = (await get(`/api/payout/program/summary?${JUNE}&programIds=${ids.p1},${ids.p2}`)).items;
    expect(items.map(({ name, budget, usedBudget }: Record<string, unknown>) => ({ name, budget, usedBudget }))).toEqual([
      { name: 'Rollup bonuses', budget: 9_000_000, usedBudget: 0 },
      { name: 'Rollup euro', budget: 9_000_000, usedBudget: 3_000 }, // n
    ]);
    // As the programs list reads it (usedBudgetSql over the payouts).
    expect((await get(`/api/payout/program/${ids.p2}`)).usedBudget).toBe(3_000);
    expect((await get(`/api/payout/program/${ids.p1}`)).usedBudget).toBe(0);
  });

  it('Top Payees: June and the year', async () => {
    const top = async (query: string) => (await get(`/api/payout/recipient/summary?${query}`)).items.map(({ recipientId, currency, rank, count, amount }: Record<string, number>) => ({ recipientId, currency, rank, count, amount }));
    expect(await top(JUNE)).toEqual([
      { recipientId: ids.r1, currency: 'EUR', rank: 1, count: 1, amount: 16_000 }, // e
      { recipientId: ids.r2, currency: 'EUR', rank: 2, count: 1, amount: 8_000 }, // d
      { recipientId: ids.r1, currency: 'PLN', rank: 1, count: 2, amount: 130_000 }, // b, h
    ]);
    // One per currency: R1's June in złoty is h in the month's bucket and b at its edge (31 May in UTC).
    expect(await top(`${JUNE}&limit=1`)).toEqual([
      { recipientId: ids.r1, currency: 'EUR', rank: 1, count: 1, amount: 16_000 },
      { recipientId: ids.r1, currency: 'PLN', rank: 1, count: 2, amount: 130_000 },
    ]);
    expect(await top(`${JUNE}&currency=EUR&limit=1`)).toEqual([{ recipientId: ids.r1, currency: 'EUR', rank: 1, count: 1, amount: 16_000 }]);
    expect(await top(YEAR)).toEqual([
      { recipientId: ids.r1, currency: 'EUR', rank: 1, count: 1, amount: 16_000 },
      { recipientId: ids.r2, currency: 'EUR', rank: 2, count: 1, amount: 8_000 },
      { recipientId: ids.r1, currency: 'PLN', rank: 1, count: 4, amount: 643_000 }, // a, b, h, j
      { recipientId: ids.r2, currency: 'PLN', rank: 2, count: 2, amount: 96_000 }, // f, g
    ]);
  });

  it('Top Payees: each quarter of 2022, its UTC quarter plus the hour or two before it, less those at its end', async () => {
    const top = async (query: string) => (await get(`/api/payout/recipient/summary?${query}`)).items.map(({ recipientId, currency, rank, count, amount }: Record<string, number>) => ({ recipientId, currency, rank, count, amount }));
    const quarter = (n: number) => `period=QUARTERLY&year=2022&number=${n}`;
    // Q1 is 2021-12-31 23:00 UTC to 2022-03-31 22:00 UTC: j at its start lies in the hour before the UTC quarter.
    expect(await top(quarter(1))).toEqual([
      { recipientId: ids.r1, currency: 'PLN', rank: 1, count: 1, amount: 512_000 }, // j
      { recipientId: ids.r2, currency: 'PLN', rank: 2, count: 1, amount: 64_000 }, // g
    ]);
    // Q2 ends at 2022-06-30 22:00 UTC: f, in the UTC quarter, is taken away; c is cancelled.
    expect(await top(quarter(2))).toEqual([
      { recipientId: ids.r1, currency: 'EUR', rank: 1, count: 1, amount: 16_000 }, // e
      { recipientId: ids.r2, currency: 'EUR', rank: 2, count: 1, amount: 8_000 }, // d
      { recipientId: ids.r1, currency: 'PLN', rank: 1, count: 3, amount: 131_000 }, // a, b, h
    ]);
    expect(await top(`${quarter(2)}&currency=EUR&limit=1`)).toEqual([{ recipientId: ids.r1, currency: 'EUR', rank: 1, count: 1, amount: 16_000 }]);
    expect(await top(quarter(3))).toEqual([{ recipientId: ids.r2, currency: 'PLN', rank: 1, count: 1, amount: 32_000 }]); // f
    // Q4 ends at 2022-12-31 23:00 UTC: k, the UTC quarter's only payout, is in 2023 in Warsaw.
    expect(await top(quarter(4))).toEqual([]);
  });
});

describe('the summaries against a count made straight from the payouts', () => {
  const periods: [string, string, DashboardPeriod | { from: string | null; to: string | null }][] = [
    ['June', JUNE, { period: 'MONTHLY', year: 2022, number: 6 }],
    ['2022', YEAR, { period: 'YEARLY', year: 2022 }],
    ['week 24', 'period=WEEKLY&year=2022&number=24', { period: 'WEEKLY', year: 2022, number: 24 }],
    ['the second quarter', 'period=QUARTERLY&year=2022&number=2', { period: 'QUARTERLY', year: 2022, number: 2 }],
    ['the range', RANGE, { from: '2022-06-15T11:30:00.000Z', to: '2022-06-30T22:00:00.000Z' }],
    ['from a time on', `from=${encodeURIComponent('2022-06-10T08:00:00.000Z')}`, { from: '2022-06-10T08:00:00.000Z', to: null }],
    ['up to a time', `to=${encodeURIComponent('2022-06-15T12:00:00.000Z')}`, { from: null, to: '2022-06-15T12:00:00.000Z' }],
    ['every payout', '', { from: null, to: null }],
  ];
  for (const [label, query, period] of periods) {
    it(`${label}: Payouts Overview and Top Payees`, async () => {
      const { from, to } = 'period' in period ? periodRange(period, ZONE) : { from: period.from && new Date(period.from), to: period.to && new Date(period.to) };
      const within = sql`customer_id = ${ids.customer} ${from ? sql`AND created_at >= ${from}` : sql``} ${to ? sql`AND created_at < ${to}` : sql``}`;
      const statuses = await sql<{ status: string; currency: string; count: number; amount: string }>`SELECT status, currency, count(*)::int AS count, sum(amount)::bigint AS amount
        FROM payouts WHERE ${within} GROUP BY currency, status ORDER BY currency, status`.execute(t.database.db);
      expect((await get(`/api/payout/summary/status?${query}`)).items).toEqual(statuses.rows.map((r) => ({ ...r, amount: Number(r.amount) })));
      const payees = await sql<{ recipient_id: number; currency: string; count: number; amount: string }>`SELECT recipient_id, currency, count(*)::int AS count, sum(amount)::bigint AS amount
        FROM payouts WHERE ${within} AND status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED') GROUP BY recipient_id, currency ORDER BY currency, sum(amount) DESC, recipient_id`.execute(t.database.db);
      const top = (await get(`/api/payout/recipient/summary?limit=100${query ? `&${query}` : ''}`)).items;
      expect(top.map(({ recipientId, currency, count, amount }: Record<string, number>) => ({ recipientId, currency, count, amount }))).toEqual(
        payees.rows.map((r) => ({ recipientId: Number(r.recipient_id), currency: r.currency, count: r.count, amount: Number(r.amount) })).filter((r, i, all) => all.slice(0, i).filter((o) => o.currency === r.currency).length < 100),
      );
    });
  }
});

describe('the rollups', () => {
  it('equal a recount of every payout, by day, month and year, and by recipient and month, quarter and year', async () => {
    const db = t.database.db;
    const figures = sql`count(*), sum(amount), count(collected_at), COALESCE(sum(amount) FILTER (WHERE collected_at IS NOT NULL), 0),
      ${sql.join([24, 48, 72].map((h) => sql`count(*) FILTER (WHERE collected_at < GREATEST(created_at, start_date) + ${sql.lit(`${h} hours`)}::interval),
        COALESCE(sum(amount) FILTER (WHERE collected_at < GREATEST(created_at, start_date) + ${sql.lit(`${h} hours`)}::interval), 0)`))}`;
    const recount = sql`SELECT customer_id, g.grain, date_trunc(g.grain, created_at, 'UTC') AS bucket, program_id, currency, status, ${figures}
      FROM payouts CROSS JOIN (VALUES ('day'), ('month'), ('year')) AS g (grain) GROUP BY 1, 2, 3, 4, 5, 6`;
    const kept = sql`SELECT customer_id, grain, bucket, program_id, currency, status, count, amount, collected_count, collected_amount,
      collected_24h_count, collected_24h_amount, collected_48h_count, collected_48h_amount, collected_72h_count, collected_72h_amount
      FROM payout_rollups WHERE count <> 0`;
    const differences = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ((${recount} EXCEPT ALL ${kept}) UNION ALL (${kept} EXCEPT ALL ${recount})) d`.execute(db);
    expect(differences.rows[0].n).toBe(0);
    const recipientRecount = sql`SELECT customer_id, g.grain, date_trunc(g.grain, created_at, 'UTC') AS bucket, recipient_id, currency, count(*), sum(amount)
      FROM payouts CROSS JOIN (VALUES ('month'), ('quarter'), ('year')) AS g (grain) WHERE status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED') GROUP BY 1, 2, 3, 4, 5`;
    const recipientKept = sql`SELECT customer_id, grain, bucket, recipient_id, currency, count, amount FROM payout_recipient_rollups WHERE count <> 0`;
    const recipientDifferences = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ((${recipientRecount} EXCEPT ALL ${recipientKept}) UNION ALL (${recipientKept} EXCEPT ALL ${recipientRecount})) d`.execute(db);
    expect(recipientDifferences.rows[0].n).toBe(0);
  });

  it('count for Top Payees the statuses the budgets count', async () => {
    const { rows } = await sql<{ status: string; counted: boolean }>`SELECT s AS status, payout_counted(s) AS counted FROM unnest(${[...PAYOUT_STATUSES]}::text[]) AS s`.execute(t.database.db);
    expect(rows.filter((r) => !r.counted).map((r) => r.status).sort()).toEqual([...NOT_COUNTED_STATUSES].sort());
  });
});
