// The dashboard's summaries through the real app: each one's figures against payouts written with chosen creation
// and collection times, statuses and amounts in two currencies (in 2021, clear of the demo data), worked out by
// hand below; the period's edges in the customer's time zone (a second before and at the start of a month, in
// Europe/Warsaw and in America/New_York, across a summer-time change); each collection-time bucket's edge; tenancy;
// the statistics permission; bad parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdAtFilter, DASHBOARD_PANELS, isoWeeksInYear, periodOf, periodRange } from '../../src/shared/dashboard.ts';
import permissionMatrix from '../../schemas/permissions.json' with { type: 'json' };
import type { PayoutStatus } from '../../src/shared/payouts.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { customer: 0, other: 0, pln: 0, eur: 0, p1: 0, p2: 0, p3: 0, r1: 0, r2: 0, r3: 0, otherProgram: 0, otherRecipient: 0 };
const H = 3_600_000;

const get = (url: string, token = tokens.admin) => t.request({ method: 'GET', url, token });
const march = 'period=MONTHLY&year=2021&number=3';

interface Fixture {
  at: string;
  status: PayoutStatus;
  amount: number;
  eur?: boolean;
  program: 'p1' | 'p2';
  recipient: 'r1' | 'r2' | 'r3';
  /** Collected this long after the payout became collectable, ms. */
  collectedAfter?: number;
  /** The start date, when later than the creation. */
  start?: string;
}

// In Europe/Warsaw March 2021 is [2021-02-28T23:00Z, 2021-03-31T22:00Z) (CET, then CEST from 28 March); in
// America/New_York [2021-03-01T05:00Z, 2021-04-01T04:00Z) (EST, then EDT from 14 March).
const PAYOUTS: Record<string, Fixture> = {
  // The month's edges.
  A: { at: '2021-02-28T22:59:59Z', status: 'TO_COLLECT', amount: 1_000, program: 'p1', recipient: 'r1' }, // February in both zones
  B: { at: '2021-02-28T23:00:00Z', status: 'COLLECTED_ON_PAGE', amount: 2_000, program: 'p1', recipient: 'r1', collectedAfter: H }, // March in Warsaw only
  C: { at: '2021-03-01T04:59:59Z', status: 'TO_COLLECT', amount: 4_000, program: 'p1', recipient: 'r2' }, // March in Warsaw only
  D: { at: '2021-03-01T05:00:00Z', status: 'CANCELLED', amount: 8_000, program: 'p1', recipient: 'r2' }, // March in both
  E: { at: '2021-03-31T21:59:59Z', status: 'EXPIRED', amount: 16_000, eur: true, program: 'p2', recipient: 'r3' }, // March in both
  F: { at: '2021-03-31T22:00:00Z', status: 'TO_COLLECT', amount: 32_000, eur: true, program: 'p2', recipient: 'r3' }, // April in Warsaw, March in New York
  // The collection-time buckets' edges: [0, 24 h) [24 h, 48 h) [48 h, 72 h) [72 h, ...).
  G: { at: '2021-03-10T10:00:00Z', status: 'COMPLETED_SUCCESSFULLY', amount: 10_000, program: 'p1', recipient: 'r1', collectedAfter: 24 * H }, // exactly 24 h: fromOneToTwoDays
  H: { at: '2021-03-10T10:00:00Z', status: 'TRANSFER_FILE_GENERATED', amount: 20_000, program: 'p1', recipient: 'r2', collectedAfter: 24 * H - 1000 }, // lessThanOneDay
  I: { at: '2021-03-11T10:00:00Z', status: 'COLLECTED_ON_PAGE', amount: 30_000, eur: true, program: 'p2', recipient: 'r3', collectedAfter: 48 * H }, // fromTwoToThreeDays
  J: { at: '2021-03-11T10:00:00Z', status: 'COLLECTED_ON_PAGE', amount: 40_000, eur: true, program: 'p2', recipient: 'r1', collectedAfter: 72 * H - 1000 }, // fromTwoToThreeDays
  K: { at: '2021-03-12T10:00:00Z', status: 'RETURNED', amount: 50_000, program: 'p1', recipient: 'r3', collectedAfter: 72 * H }, // overThreeDays
  L: { at: '2021-03-12T10:00:00Z', status: 'TO_APPROVE', amount: 60_000, program: 'p1', recipient: 'r3' }, // not offered yet: no collection rate
  // Counted from its start date, two days after its creation: 12 h, lessThanOneDay (60 h from the creation).
  M: { at: '2021-03-15T00:00:00Z', start: '2021-03-17T00:00:00Z', status: 'COLLECTED_ON_PAGE', amount: 5_000, program: 'p1', recipient: 'r2', collectedAfter: 12 * H },
  N: { at: '2021-03-20T10:00:00Z', status: 'SUSPENDED', amount: 7_000, eur: true, program: 'p2', recipient: 'r2' }, // unclaimed
};

let n = 0;
async function insertPayout(customerId: number, accountId: number, programId: number, recipientId: number, p: Omit<Fixture, 'program' | 'recipient'>): Promise<number> {
  const created = new Date(p.at);
  const start = p.start ? new Date(p.start) : created;
  const row = await t.database.db
    .insertInto('payouts')
    .values({
      customer_id: customerId,
      reference: `DASH-${++n}`,
      status: p.status,
      source: 'MANUAL',
      account_id: accountId,
      program_id: programId,
      recipient_id: recipientId,
      amount: p.amount,
      currency: p.eur ? 'EUR' : 'PLN',
      title: null,
      sms_message: null,
      start_date: start,
      end_date: new Date(start.getTime() + 30 * 24 * H),
      collected_at: p.collectedAfter === undefined ? null : new Date(start.getTime() + p.collectedAfter),
      reminded_at: null,
      created_by: null,
      created_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function setTimeZone(zone: string) {
  await putSettings(t.database.db, { TIME_ZONE: zone }, ids.customer);
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['admin', 'representative', 'viewer', 'superadmin']) tokens[login] = await t.login(login);
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const account = async (customer: number, currency: string) =>
    (await db.insertInto('accounts').values({ customer_id: customer, name: `Dashboard ${currency}`, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  const program = async (customer: number, name: string, currency: string, interval: 'YEARLY' | 'MONTHLY') =>
    (
      await db
        .insertInto('programs')
        .values({ customer_id: customer, name, currency, budget: 1_000_000, budget_interval: interval, url: null, reminder_days: null, reminder_hour: null, reminder_message: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const recipient = async (customer: number, first: string, last: string, phone: string) =>
    (await db.insertInto('recipients').values({ customer_id: customer, first_name: first, last_name: last, phone_number: phone, email: null, external_id: null, billon_user_name: null }).returning('id').executeTakeFirstOrThrow()).id;
  ids.pln = await account(ids.customer, 'PLN');
  ids.eur = await account(ids.customer, 'EUR');
  ids.p1 = await program(ids.customer, 'Dashboard bonuses', 'PLN', 'YEARLY');
  ids.p2 = await program(ids.customer, 'Dashboard euro', 'EUR', 'MONTHLY');
  ids.p3 = await program(ids.customer, 'Dashboard idle', 'PLN', 'YEARLY');
  ids.r1 = await recipient(ids.customer, 'Anna', 'Alfa', '+48790100001');
  ids.r2 = await recipient(ids.customer, 'Bogdan', 'Beta', '+48790100002');
  ids.r3 = await recipient(ids.customer, 'Celina', 'Gamma', '+48790100003');
  for (const p of Object.values(PAYOUTS)) await insertPayout(ids.customer, p.eur ? ids.eur : ids.pln, ids[p.program], ids[p.recipient], p);

  // Another customer with payouts in the same month and currency, and an admin of its own.
  const other = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'Dashboard Other', url: 'dashboard-other' } });
  ids.other = other.body.id;
  const otherAccount = await account(ids.other, 'PLN');
  ids.otherProgram = await program(ids.other, 'Other bonuses', 'PLN', 'YEARLY');
  ids.otherRecipient = await recipient(ids.other, 'Olaf', 'Obcy', '+48790100009');
  for (const [at, amount] of [['2021-03-05T10:00:00Z', 900_000], ['2021-03-06T10:00:00Z', 800_000]] as const) {
    await insertPayout(ids.other, otherAccount, ids.otherProgram, ids.otherRecipient, { at, status: 'COLLECTED_ON_PAGE', amount, collectedAfter: H });
  }
  const user = await t.request({
    method: 'POST',
    url: '/api/user',
    token: tokens.superadmin,
    payload: { customerId: ids.other, login: 'dashother', password: 'Other123!', firstName: 'Olga', lastName: 'Other', phoneNumber: '+48511222444', email: 'olga@dash-other.example.com', type: 'ADMIN' },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  tokens.other = await t.login('dashother', 'Other123!');
});
afterAll(async () => t?.close());

describe('the period in a time zone', () => {
  it('names midnight of the first day and of the day after the last on the zone\'s clock', () => {
    expect(periodRange({ period: 'MONTHLY', year: 2021, number: 3 }, 'Europe/Warsaw')).toEqual({ from: new Date('2021-02-28T23:00:00Z'), to: new Date('2021-03-31T22:00:00Z') });
    expect(periodRange({ period: 'MONTHLY', year: 2021, number: 3 }, 'America/New_York')).toEqual({ from: new Date('2021-03-01T05:00:00Z'), to: new Date('2021-04-01T04:00:00Z') });
    expect(periodRange({ period: 'YEARLY', year: 2021 }, 'Europe/Warsaw')).toEqual({ from: new Date('2020-12-31T23:00:00Z'), to: new Date('2021-12-31T23:00:00Z') });
    expect(periodRange({ period: 'QUARTERLY', year: 2021, number: 2 }, 'UTC')).toEqual({ from: new Date('2021-04-01T00:00:00Z'), to: new Date('2021-07-01T00:00:00Z') });
    expect(periodRange({ period: 'QUARTERLY', year: 2021, number: 4 }, 'UTC')).toEqual({ from: new Date('2021-10-01T00:00:00Z'), to: new Date('2022-01-01T00:00:00Z') });
    // ISO weeks from Monday: week 1 of 2021 starts on 4 January, week 53 of 2020 on 28 December 2020.
    expect(periodRange({ period: 'WEEKLY', year: 2021, number: 1 }, 'UTC')).toEqual({ from: new Date('2021-01-04T00:00:00Z'), to: new Date('2021-01-11T00:00:00Z') });
    expect(periodRange({ period: 'WEEKLY', year: 2020, number: 53 }, 'Europe/Warsaw')).toEqual({ from: new Date('2020-12-27T23:00:00Z'), to: new Date('2021-01-03T23:00:00Z') });
    // The week of the spring clock change is an hour shorter.
    const week = periodRange({ period: 'WEEKLY', year: 2021, number: 12 }, 'Europe/Warsaw');
    expect(week.to.getTime() - week.from.getTime()).toBe(7 * 24 * H - H);
    expect([isoWeeksInYear(2020), isoWeeksInYear(2021), isoWeeksInYear(2026)]).toEqual([53, 52, 53]);
    expect(() => periodRange({ period: 'WEEKLY', year: 2021, number: 53 }, 'UTC')).toThrow(RangeError);
  });

  it('finds the period holding an instant, on the zone\'s calendar', () => {
    const instant = new Date('2021-03-31T22:30:00Z'); // 1 April in Warsaw, 31 March in New York
    expect(periodOf('MONTHLY', instant, 'Europe/Warsaw')).toEqual({ period: 'MONTHLY', year: 2021, number: 4 });
    expect(periodOf('MONTHLY', instant, 'America/New_York')).toEqual({ period: 'MONTHLY', year: 2021, number: 3 });
    expect(periodOf('QUARTERLY', instant, 'Europe/Warsaw')).toEqual({ period: 'QUARTERLY', year: 2021, number: 2 });
    // 1 January 2021 (a Friday) belongs to ISO week 53 of 2020; 31 December 2024 (a Tuesday) to week 1 of 2025.
    expect(periodOf('WEEKLY', new Date('2021-01-01T12:00:00Z'), 'UTC')).toEqual({ period: 'WEEKLY', year: 2020, number: 53 });
    expect(periodOf('WEEKLY', new Date('2024-12-31T12:00:00Z'), 'UTC')).toEqual({ period: 'WEEKLY', year: 2025, number: 1 });
    expect(periodOf('YEARLY', new Date('2020-12-31T23:30:00Z'), 'Europe/Warsaw')).toEqual({ period: 'YEARLY', year: 2021 });
  });
});

describe('GET /api/payout/summary/status', () => {
  it('counts and sums the month\'s payouts per status and currency, in Warsaw', async () => {
    const res = await get(`/api/payout/summary/status?${march}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      from: '2021-02-28T23:00:00.000Z',
      to: '2021-03-31T22:00:00.000Z',
      timeZone: 'Europe/Warsaw',
      items: [
        { currency: 'EUR', status: 'COLLECTED_ON_PAGE', count: 2, amount: 70_000 },
        { currency: 'EUR', status: 'EXPIRED', count: 1, amount: 16_000 },
        { currency: 'EUR', status: 'SUSPENDED', count: 1, amount: 7_000 },
        { currency: 'PLN', status: 'CANCELLED', count: 1, amount: 8_000 },
        { currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 2, amount: 7_000 },
        { currency: 'PLN', status: 'COMPLETED_SUCCESSFULLY', count: 1, amount: 10_000 },
        { currency: 'PLN', status: 'RETURNED', count: 1, amount: 50_000 },
        { currency: 'PLN', status: 'TO_APPROVE', count: 1, amount: 60_000 },
        { currency: 'PLN', status: 'TO_COLLECT', count: 1, amount: 4_000 },
        { currency: 'PLN', status: 'TRANSFER_FILE_GENERATED', count: 1, amount: 20_000 },
      ],
    });
  });

  it('moves the month\'s edges with the customer\'s time zone', async () => {
    await setTimeZone('America/New_York');
    try {
      const res = await get(`/api/payout/summary/status?${march}`);
      expect(res.body).toMatchObject({ from: '2021-03-01T05:00:00.000Z', to: '2021-04-01T04:00:00.000Z', timeZone: 'America/New_York' });
      // B and C (before 05:00 UTC on 1 March) are February's there; F (22:00 UTC on 31 March) is March's.
      expect(res.body.items).toEqual([
        { currency: 'EUR', status: 'COLLECTED_ON_PAGE', count: 2, amount: 70_000 },
        { currency: 'EUR', status: 'EXPIRED', count: 1, amount: 16_000 },
        { currency: 'EUR', status: 'SUSPENDED', count: 1, amount: 7_000 },
        { currency: 'EUR', status: 'TO_COLLECT', count: 1, amount: 32_000 },
        { currency: 'PLN', status: 'CANCELLED', count: 1, amount: 8_000 },
        { currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 1, amount: 5_000 },
        { currency: 'PLN', status: 'COMPLETED_SUCCESSFULLY', count: 1, amount: 10_000 },
        { currency: 'PLN', status: 'RETURNED', count: 1, amount: 50_000 },
        { currency: 'PLN', status: 'TO_APPROVE', count: 1, amount: 60_000 },
        { currency: 'PLN', status: 'TRANSFER_FILE_GENERATED', count: 1, amount: 20_000 },
      ]);
      // February in New York: A, B and C.
      const february = await get('/api/payout/summary/status?period=MONTHLY&year=2021&number=2');
      expect(february.body.items).toEqual([
        { currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 1, amount: 2_000 },
        { currency: 'PLN', status: 'TO_COLLECT', count: 2, amount: 5_000 },
      ]);
    } finally {
      await setTimeZone('Europe/Warsaw');
    }
    // February in Warsaw: A alone, a second before March.
    const february = await get('/api/payout/summary/status?period=MONTHLY&year=2021&number=2');
    expect(february.body.items).toEqual([{ currency: 'PLN', status: 'TO_COLLECT', count: 1, amount: 1_000 }]);
  });

  it('reads a week from Monday, a quarter and a year', async () => {
    // ISO week 9 of 2021: Monday 1 March to Sunday 7 March in Warsaw: B, C and D.
    const week = await get('/api/payout/summary/status?period=WEEKLY&year=2021&number=9');
    expect(week.body).toMatchObject({ from: '2021-02-28T23:00:00.000Z', to: '2021-03-07T23:00:00.000Z' });
    expect(week.body.items).toEqual([
      { currency: 'PLN', status: 'CANCELLED', count: 1, amount: 8_000 },
      { currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 1, amount: 2_000 },
      { currency: 'PLN', status: 'TO_COLLECT', count: 1, amount: 4_000 },
    ]);
    // The first quarter holds A to E and G to N; F is April's. The year holds them all.
    const count = (items: { currency: string; count: number; amount: number }[], currency: string) =>
      items.filter((i) => i.currency === currency).reduce((s, i) => [s[0] + i.count, s[1] + i.amount], [0, 0]);
    const quarter = await get('/api/payout/summary/status?period=QUARTERLY&year=2021&number=1');
    expect(count(quarter.body.items, 'PLN')).toEqual([9, 1_000 + 2_000 + 4_000 + 8_000 + 10_000 + 20_000 + 50_000 + 60_000 + 5_000]);
    expect(count(quarter.body.items, 'EUR')).toEqual([4, 16_000 + 30_000 + 40_000 + 7_000]);
    const year = await get('/api/payout/summary/status?period=YEARLY&year=2021');
    expect(count(year.body.items, 'EUR')).toEqual([5, 16_000 + 30_000 + 40_000 + 7_000 + 32_000]);
    // A YEARLY period takes no number; one sent along changes nothing.
    expect((await get('/api/payout/summary/status?period=YEARLY&year=2021&number=7')).body).toEqual(year.body);
    // Week 53 of 2020 (28 December 2020 to 3 January 2021): none of them.
    expect((await get('/api/payout/summary/status?period=WEEKLY&year=2020&number=53')).body.items).toEqual([]);
  });

  it('takes an explicit range instead, its end excluded', async () => {
    const res = await get(`/api/payout/summary/status?from=${encodeURIComponent('2021-02-28T22:59:59Z')}&to=${encodeURIComponent('2021-03-01T04:59:59Z')}`);
    expect(res.body).toMatchObject({ from: '2021-02-28T22:59:59.000Z', to: '2021-03-01T04:59:59.000Z' });
    expect(res.body.items).toEqual([
      { currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 1, amount: 2_000 },
      { currency: 'PLN', status: 'TO_COLLECT', count: 1, amount: 1_000 },
    ]);
  });
});

describe('GET /api/payout/summary/collectionRates', () => {
  it('sorts the month\'s offered payouts by collection time, each bucket\'s edge in the next bucket', async () => {
    const res = await get(`/api/payout/summary/collectionRates?${march}`, tokens.viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // D (cancelled) and L (to approve) were never offered; the other ten were.
    expect(res.body).toEqual({
      from: '2021-02-28T23:00:00.000Z',
      to: '2021-03-31T22:00:00.000Z',
      timeZone: 'Europe/Warsaw',
      total: 10,
      items: [
        { category: 'lessThanOneDay', count: 3, share: 0.3 }, // B (1 h), H (24 h less a second), M (12 h after its start)
        { category: 'fromOneToTwoDays', count: 1, share: 0.1 }, // G (exactly 24 h)
        { category: 'fromTwoToThreeDays', count: 2, share: 0.2 }, // I (exactly 48 h), J (72 h less a second)
        { category: 'overThreeDays', count: 1, share: 0.1 }, // K (exactly 72 h; returned by the bank later)
        { category: 'unclaimed', count: 3, share: 0.3 }, // C (to collect), E (expired), N (suspended)
      ],
      currencies: [
        { currency: 'EUR', category: 'lessThanOneDay', count: 0, amount: 0 },
        { currency: 'EUR', category: 'fromOneToTwoDays', count: 0, amount: 0 },
        { currency: 'EUR', category: 'fromTwoToThreeDays', count: 2, amount: 70_000 },
        { currency: 'EUR', category: 'overThreeDays', count: 0, amount: 0 },
        { currency: 'EUR', category: 'unclaimed', count: 2, amount: 23_000 },
        { currency: 'PLN', category: 'lessThanOneDay', count: 3, amount: 27_000 },
        { currency: 'PLN', category: 'fromOneToTwoDays', count: 1, amount: 10_000 },
        { currency: 'PLN', category: 'fromTwoToThreeDays', count: 0, amount: 0 },
        { currency: 'PLN', category: 'overThreeDays', count: 1, amount: 50_000 },
        { currency: 'PLN', category: 'unclaimed', count: 1, amount: 4_000 },
      ],
    });
  });

  it('answers every category, at zero, for a period without payouts', async () => {
    const res = await get('/api/payout/summary/collectionRates?period=MONTHLY&year=2021&number=6');
    expect(res.body.total).toBe(0);
    expect(res.body.items.map((i: { count: number; share: number }) => [i.count, i.share])).toEqual([[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]]);
    expect(res.body.currencies).toEqual([]);
  });
});

describe('GET /api/payout/program/summary', () => {
  it('gives each program its budget, used budget and the month\'s payouts, collections and average', async () => {
    // One payout of now, for the used budget of the current interval (the programs list's figure).
    await insertPayout(ids.customer, ids.pln, ids.p1, ids.r1, { at: new Date().toISOString(), status: 'TO_COLLECT', amount: 3_000 });
    const res = await get(`/api/payout/program/summary?${march}&programIds=${ids.p1},${ids.p2},${ids.p3}`, tokens.representative);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ from: '2021-02-28T23:00:00.000Z', to: '2021-03-31T22:00:00.000Z', timeZone: 'Europe/Warsaw' });
    // Counted as budgets count: not CANCELLED (D), EXPIRED (E) or RETURNED (K).
    expect(res.body.items).toEqual([
      // B, C, G, H, L, M: 101.000 PLN, of which B, G, H and M collected; 101000 / 6 = 16833.3.
      { id: ids.p1, name: 'Dashboard bonuses', currency: 'PLN', budget: 1_000_000, budgetInterval: 'YEARLY', usedBudget: 3_000, payoutsCount: 6, payoutsAmount: 101_000, collectedCount: 4, collectedAmount: 37_000, averageAmount: 16_833 },
      // I, J, N: 77000 / 3 = 25666.7.
      { id: ids.p2, name: 'Dashboard euro', currency: 'EUR', budget: 1_000_000, budgetInterval: 'MONTHLY', usedBudget: 0, payoutsCount: 3, payoutsAmount: 77_000, collectedCount: 2, collectedAmount: 70_000, averageAmount: 25_667 },
      { id: ids.p3, name: 'Dashboard idle', currency: 'PLN', budget: 1_000_000, budgetInterval: 'YEARLY', usedBudget: 0, payoutsCount: 0, payoutsAmount: 0, collectedCount: 0, collectedAmount: 0, averageAmount: null },
    ]);
    // The used budget is the programs list's own.
    const listed = await get(`/api/payout/program/${ids.p1}`);
    expect(listed.body.usedBudget).toBe(3_000);
  });

  it('answers every program of the customer without programIds, and only the customer\'s', async () => {
    const res = await get(`/api/payout/program/summary?${march}`);
    const mine = await t.database.db.selectFrom('programs').select('id').where('customer_id', '=', ids.customer).execute();
    expect(res.body.items.map((p: { id: number }) => p.id).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(res.body.items.map((p: { id: number }) => p.id)).not.toContain(ids.otherProgram);
    // Each program's used budget, whatever its interval (the demo programs have one of each, with payouts of the
    // last weeks), is the programs list's.
    const list = await get('/api/payout/program?limit=100');
    const listed = new Map(list.body.items.map((p: { id: number; usedBudget: number; budgetInterval: string }) => [p.id, p.usedBudget]));
    expect(new Set(list.body.items.map((p: { budgetInterval: string }) => p.budgetInterval)).size).toBeGreaterThanOrEqual(4);
    for (const p of res.body.items) expect(p.usedBudget, p.name).toBe(listed.get(p.id));
    expect(res.body.items.some((p: { usedBudget: number }) => p.usedBudget > 0)).toBe(true);
  });

  it('leaves out a program named that the customer does not have', async () => {
    const res = await get(`/api/payout/program/summary?${march}&programIds=${ids.p2},${ids.otherProgram},999999`);
    expect(res.body.items.map((p: { id: number }) => p.id)).toEqual([ids.p2]);
  });
});

describe('GET /api/payout/recipient/summary', () => {
  it('ranks the recipients by the month\'s sums within each currency', async () => {
    const res = await get(`/api/payout/recipient/summary?${march}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // PLN: Celina L 60.000 (K returned, not counted); Bogdan C + H + M 29.000 (D cancelled); Anna B + G 12.000.
    // EUR: Anna J 40.000; Celina I 30.000 (E expired); Bogdan N 7.000.
    expect(res.body).toEqual({
      from: '2021-02-28T23:00:00.000Z',
      to: '2021-03-31T22:00:00.000Z',
      timeZone: 'Europe/Warsaw',
      items: [
        { recipientId: ids.r1, firstName: 'Anna', lastName: 'Alfa', currency: 'EUR', rank: 1, count: 1, amount: 40_000 },
        { recipientId: ids.r3, firstName: 'Celina', lastName: 'Gamma', currency: 'EUR', rank: 2, count: 1, amount: 30_000 },
        { recipientId: ids.r2, firstName: 'Bogdan', lastName: 'Beta', currency: 'EUR', rank: 3, count: 1, amount: 7_000 },
        { recipientId: ids.r3, firstName: 'Celina', lastName: 'Gamma', currency: 'PLN', rank: 1, count: 1, amount: 60_000 },
        { recipientId: ids.r2, firstName: 'Bogdan', lastName: 'Beta', currency: 'PLN', rank: 2, count: 3, amount: 29_000 },
        { recipientId: ids.r1, firstName: 'Anna', lastName: 'Alfa', currency: 'PLN', rank: 3, count: 2, amount: 12_000 },
      ],
    });
  });

  it('answers the top `limit` of each currency, or of one currency', async () => {
    const top = await get(`/api/payout/recipient/summary?${march}&limit=1`);
    expect(top.body.items.map((r: { currency: string; recipientId: number }) => [r.currency, r.recipientId])).toEqual([['EUR', ids.r1], ['PLN', ids.r3]]);
    const euro = await get(`/api/payout/recipient/summary?${march}&limit=2&currency=EUR`);
    expect(euro.body.items.map((r: { recipientId: number; rank: number }) => [r.recipientId, r.rank])).toEqual([[ids.r1, 1], [ids.r3, 2]]);
  });
});

describe('tenancy', () => {
  it('never counts another customer\'s payouts', async () => {
    const rates = await get(`/api/payout/summary/collectionRates?${march}`, tokens.other);
    expect(rates.body.total).toBe(2);
    expect(rates.body.currencies.find((r: { category: string }) => r.category === 'lessThanOneDay')).toEqual({ currency: 'PLN', category: 'lessThanOneDay', count: 2, amount: 1_700_000 });
    const payees = await get(`/api/payout/recipient/summary?${march}`, tokens.other);
    expect(payees.body.items).toEqual([{ recipientId: ids.otherRecipient, firstName: 'Olaf', lastName: 'Obcy', currency: 'PLN', rank: 1, count: 2, amount: 1_700_000 }]);
    const programs = await get(`/api/payout/program/summary?${march}&programIds=${ids.p1},${ids.otherProgram}`, tokens.other);
    expect(programs.body.items.map((p: { id: number; payoutsAmount: number }) => [p.id, p.payoutsAmount])).toEqual([[ids.otherProgram, 1_700_000]]);
    const statuses = await get(`/api/payout/summary/status?${march}`, tokens.other);
    expect(statuses.body.items).toEqual([{ currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 2, amount: 1_700_000 }]);
    // The demo customer's figures above include none of it: its PLN top payee has 60.000.
    const demo = await get(`/api/payout/recipient/summary?${march}&currency=PLN&limit=1`);
    expect(demo.body.items[0].amount).toBe(60_000);
  });

  it('lets a SUPER_ADMIN read the status summary of the customer it names, or of all', async () => {
    const named = await get(`/api/payout/summary/status?${march}&customerId=${ids.other}`, tokens.superadmin);
    expect(named.status).toBe(200);
    expect(named.body.items).toEqual([{ currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 2, amount: 1_700_000 }]);
    const all = await get(`/api/payout/summary/status?${march}`, tokens.superadmin);
    expect(all.body.items).toContainEqual({ currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 4, amount: 1_707_000 });
    // An admin's customerId names nothing: its own customer's figures.
    const own = await get(`/api/payout/summary/status?${march}&customerId=${ids.other}`);
    expect(own.body.items).toContainEqual({ currency: 'PLN', status: 'COLLECTED_ON_PAGE', count: 2, amount: 7_000 });
  });
});

describe('the statistics permission', () => {
  const dashboard = () => [
    `/api/payout/summary/collectionRates?${march}`,
    `/api/payout/program/summary?${march}`,
    `/api/payout/recipient/summary?${march}`,
  ];

  it('opens the dashboard\'s summaries to ADMIN and both kinds of representative', async () => {
    for (const url of [...dashboard(), `/api/payout/summary/status?${march}`]) {
      for (const role of ['admin', 'representative', 'viewer']) expect((await get(url, tokens[role])).status, `${role} ${url}`).toBe(200);
    }
  });

  it('refuses a user without it (403) and a request without a session (401)', async () => {
    for (const url of dashboard()) {
      expect((await get(`${url}&customerId=${ids.customer}`, tokens.superadmin)).status, url).toBe(403);
      expect((await t.request({ method: 'GET', url })).status, url).toBe(401);
    }
  });
});

describe('the dashboard panels\' calls', () => {
  it('need exactly the permissions the panel table names: a role without them is refused, one with them answered', async () => {
    const roles = permissionMatrix.roles as Record<string, string[]>;
    const tokenOf: Record<string, string> = { ADMIN: tokens.admin, USER_GENERAL: tokens.representative, USER_SPECIAL: tokens.viewer };
    for (const [kind, { call, permissions }] of Object.entries(DASHBOARD_PANELS)) {
      const url = `${call.split(' ')[1]}?${DASHBOARD_PANELS[kind as keyof typeof DASHBOARD_PANELS].periodic ? march : ''}`;
      for (const [role, token] of Object.entries(tokenOf)) {
        const allowed = permissions.some((permission) => roles[role].includes(permission));
        expect((await get(url, token)).status, `${kind} as ${role}`).toBe(allowed ? 200 : 403);
      }
    }
  });
});

describe('the link from a summary to the payouts list', () => {
  const listed = async (filter: object, token = tokens.admin) => {
    const res = await get(`/api/payout?limit=100&options=${encodeURIComponent(JSON.stringify(filter))}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.items as { reference: string; status: string }[]).map((row) => row.reference).sort();
  };

  it('lists exactly the payouts the period counts, its edges read in the customer\'s zone', async () => {
    const status = await get(`/api/payout/summary/status?${march}`);
    const filter = { createdAt: createdAtFilter(status.body) };
    // Warsaw: March is 1 March 00:00:00 to 31 March 23:59:59 on its clock.
    expect(filter.createdAt.between).toEqual(['2021-03-01 00:00:00', '2021-03-31 23:59:59']);
    const references = await listed(filter);
    const counted = (status.body.items as { count: number }[]).reduce((sum, row) => sum + row.count, 0);
    expect(references).toHaveLength(counted);
    // A (a second before March) and F (April there) are left out; E, a second before April, is in.
    expect(references).toHaveLength(Object.keys(PAYOUTS).length - 2);
    const cancelled = await listed({ ...filter, status: ['CANCELLED'] });
    expect(cancelled).toHaveLength(1);
  });

  it('reads the same wall-clock bounds in another customer zone', async () => {
    await setTimeZone('America/New_York');
    try {
      const status = await get(`/api/payout/summary/status?${march}`);
      const filter = { createdAt: createdAtFilter(status.body) };
      expect(filter.createdAt.between).toEqual(['2021-03-01 00:00:00', '2021-03-31 23:59:59']);
      // New York's March: D to F, not A, B or C.
      const counted = (status.body.items as { count: number }[]).reduce((sum, row) => sum + row.count, 0);
      expect(await listed(filter)).toHaveLength(counted);
      expect(counted).toBe(Object.keys(PAYOUTS).length - 3);
    } finally {
      await setTimeZone('Europe/Warsaw');
    }
  });
});

describe('bad parameters', () => {
  const cases: [string, string][] = [
    ['period=DAILY&year=2021', 'period'],
    ['period=MONTHLY', 'year'],
    ['year=2021&number=3', 'period'],
    ['period=MONTHLY&year=2021', 'number'],
    ['period=MONTHLY&year=2021&number=13', 'number'],
    ['period=QUARTERLY&year=2021&number=5', 'number'],
    ['period=WEEKLY&year=2021&number=53', 'number'],
    ['period=MONTHLY&year=2021&number=0', 'number'],
    ['period=MONTHLY&year=2021&number=1.5', 'number'],
    ['period=MONTHLY&year=abc&number=3', 'year'],
    ['period=MONTHLY&year=1999&number=3', 'year'],
    ['period=MONTHLY&year=2021&year=2022&number=3', 'year'],
    [`period=MONTHLY&year=2021&number=3&from=${encodeURIComponent('2021-03-01T00:00:00Z')}`, 'from'],
    ['from=yesterday', 'from'],
    [`from=${encodeURIComponent('2021-03-02T00:00:00Z')}&to=${encodeURIComponent('2021-03-01T00:00:00Z')}`, 'to'],
    [`${march}&customerId=0`, 'customerId'],
  ];
  const own: [string, string, string][] = [
    ['/api/payout/program/summary', 'programIds=abc', 'programIds'],
    ['/api/payout/program/summary', 'programIds=1,,2', 'programIds'],
    ['/api/payout/program/summary', `programIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'programIds'],
    ['/api/payout/recipient/summary', 'limit=0', 'limit'],
    ['/api/payout/recipient/summary', 'limit=101', 'limit'],
    ['/api/payout/recipient/summary', 'currency=pln', 'currency'],
  ];
  const urls = ['/api/payout/summary/status', '/api/payout/summary/collectionRates', '/api/payout/program/summary', '/api/payout/recipient/summary'];

  it('answers 400 with the usual validation errors, naming the parameter', async () => {
    const problems: string[] = [];
    for (const url of urls) {
      for (const [query, property] of cases) {
        const res = await get(`${url}?${query}`);
        const named = res.body?.validationErrors?.some((e: { property: string; errors: { code: string; message: string }[] }) => e.property === property && e.errors.every((x) => x.code && x.message));
        if (res.status !== 400 || !named) problems.push(`${url}?${query}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    for (const [url, query, property] of own) {
      const res = await get(`${url}?${march}&${query}`);
      const named = res.body?.validationErrors?.some((e: { property: string }) => e.property === property);
      if (res.status !== 400 || !named) problems.push(`${url}?${query}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(problems).toEqual([]);
  });
});
