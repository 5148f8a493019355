// A program's used budget, which a new payout's, an import's and a budget change's checks and the programs list read
// from the rollups (rollups.ts): for every budget interval in three time zones (one west of UTC, one a half hour
// off it), payouts created a second before the interval began, as it began, half an hour and two hours into it, and
// one cancelled, are counted as the spec's rule says (created in the current interval, not CANCELLED, EXPIRED or
// RETURNED). The interval's start comes from PostgreSQL's date_trunc in the zone, not from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUDGET_INTERVALS } from '../../src/shared/programs.ts';
import { usedBudget, usedBudgetSql } from '../../src/server/areas/payouts/rules.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { topUp } from '../../src/server/ledger/index.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const ids = { customer: 0, account: 0, recipient: 0 };
const ZONES = ['Europe/Warsaw', 'America/New_York', 'Asia/Kolkata'];
const UNIT = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', QUARTERLY: 'quarter', YEARLY: 'year' } as const;
const MIN = 60_000;

/** The program's payouts: [created relative to the interval's start, amount, status]. */
const PAYOUTS: [number, number, 'TO_COLLECT' | 'CANCELLED'][] = [
  [-1_000, 10, 'TO_COLLECT'], // a second before the interval: not counted (but for ONE_TIME)
  [0, 20, 'TO_COLLECT'],
  [30 * MIN, 40, 'TO_COLLECT'],
  [120 * MIN, 80, 'TO_COLLECT'],
  [60 * MIN, 160, 'CANCELLED'], // never counted
];

const programs: { zone: string; interval: (typeof BUDGET_INTERVALS)[number]; id: number }[] = [];

/**
 * A program of the interval with PAYOUTS, placed around the start of its interval in the zone as PostgreSQL's
 * date_trunc has it (ONE_TIME counts the program's whole life: its payouts are placed around this month's start).
 */
async function programWithPayouts(owner: { customer: number; account: number; recipient: number }, name: string, interval: (typeof BUDGET_INTERVALS)[number], zone: string): Promise<number> {
  const db = t.database.db;
  const id = (
    await db
      .insertInto('programs')
      .values({ customer_id: owner.customer, name, currency: 'PLN', budget: 10_000, budget_interval: interval, url: null, reminder_days: null, reminder_hour: null, reminder_message: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const unit = interval === 'ONE_TIME' ? 'month' : UNIT[interval];
  const { rows } = await sql<{ start: Date }>`SELECT date_trunc(${unit}, now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone} AS start`.execute(db);
  const start = new Date(rows[0].start).getTime();
  for (const [offset, amount, status] of PAYOUTS) {
    const payout = await insertPayout(db, { customerId: owner.customer, accountId: owner.account, programId: id, recipientId: owner.recipient, amount, status });
    await db.updateTable('payouts').set({ created_at: new Date(start + offset) }).where('id', '=', payout).execute();
  }
  return id;
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.account = (await db.insertInto('accounts').values({ customer_id: ids.customer, name: 'Budget rollups', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.transaction().execute((trx) => topUp(trx, { accountId: ids.account, amount: 10_000_000, reference: 'budget rollups', actor: { userId: null } }));
  ids.recipient = (await db.selectFrom('recipients').select('id').where('customer_id', '=', ids.customer).where('blocked', '=', false).executeTakeFirstOrThrow()).id;
  for (const zone of ZONES) {
    for (const interval of BUDGET_INTERVALS) {
      programs.push({ zone, interval, id: await programWithPayouts({ customer: ids.customer, account: ids.account, recipient: ids.recipient }, `Budget ${zone} ${interval}`, interval, zone) });
    }
  }
});
afterAll(async () => t?.close());

describe("a program's used budget, from the rollups", () => {
  it('counts the payouts created in the current interval of the zone that the budget counts', async () => {
    for (const { zone, interval, id } of programs) {
      const used = await usedBudget(t.database.db, { id, customer_id: ids.customer, budget_interval: interval }, zone);
      expect(used, `${interval} in ${zone}`).toBe(interval === 'ONE_TIME' ? 10 + 20 + 40 + 80 : 20 + 40 + 80);
      // The same as the sum over the payouts themselves (the rule in SQL).
      const { rows } = await sql<{ used: string }>`SELECT ${usedBudgetSql(id, interval, zone)} AS used`.execute(t.database.db);
      expect(Number(rows[0].used), `${interval} in ${zone}, over the payouts`).toBe(used);
    }
  });

  it("is the programs list's and item's used budget, for the customer's admin and for a SUPER_ADMIN", async () => {
    // The customer's zone is Europe/Warsaw: its programs of that zone read 140 (150 for ONE_TIME).
    const warsaw = programs.filter((p) => p.zone === 'Europe/Warsaw');
    const expected = Object.fromEntries(warsaw.map((p) => [p.id, p.interval === 'ONE_TIME' ? 150 : 140]));
    const listed = async (token: string, query = '') => {
      const res = await t.request({ method: 'GET', url: `/api/payout/program?limit=100${query}`, token });
      expect(res.status).toBe(200);
      return Object.fromEntries((res.body.items as { id: number; usedBudget: number }[]).filter((p) => p.id in expected).map((p) => [p.id, p.usedBudget]));
    };
    const admin = await t.login('admin');
    const superadmin = await t.login('superadmin');
    expect(await listed(admin)).toEqual(expected);
    // Named, the customer's figures; naming none, each customer's in its own zone (the next test).
    expect(await listed(superadmin, `&customerId=${ids.customer}`)).toEqual(expected);
    expect(await listed(superadmin)).toEqual(expected);
    const monthly = warsaw.find((p) => p.interval === 'MONTHLY')!;
    expect((await t.request({ method: 'GET', url: `/api/payout/program/${monthly.id}`, token: admin })).body.usedBudget).toBe(140);
  });

  it("is, in a SUPER_ADMIN's list across customers, each program's in its own customer's zone", async () => {
    // A second customer in New York, its programs' payouts placed around New York's interval starts.
    const db = t.database.db;
    const other = (await db.insertInto('customers').values({ name: 'Budget New York', url: 'budget-ny', login_variant: null, logo_url: null, primary_color: null }).returning('id').executeTakeFirstOrThrow()).id;
    await putSettings(db, { TIME_ZONE: 'America/New_York' }, other);
    const account = (await db.insertInto('accounts').values({ customer_id: other, name: 'Budget New York', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
    await db.transaction().execute((trx) => topUp(trx, { accountId: account, amount: 10_000_000, reference: 'budget rollups', actor: { userId: null } }));
    const recipient = (await db.insertInto('recipients').values({ customer_id: other, external_id: null, first_name: 'Nora', last_name: 'York', email: null, phone_number: '+48790111222' }).returning('id').executeTakeFirstOrThrow()).id;
    const expected: Record<number, number> = {};
    for (const p of programs.filter((p) => p.zone === 'Europe/Warsaw')) expected[p.id] = p.interval === 'ONE_TIME' ? 150 : 140;
    for (const interval of BUDGET_INTERVALS) {
      const id = await programWithPayouts({ customer: other, account, recipient }, `New York ${interval}`, interval, 'America/New_York');
      expected[id] = interval === 'ONE_TIME' ? 150 : 140;
    }
    const superadmin = await t.login('superadmin');
    const res = await t.request({ method: 'GET', url: '/api/payout/program?limit=100', token: superadmin });
    expect(res.status).toBe(200);
    const listed = Object.fromEntries((res.body.items as { id: number; usedBudget: number }[]).filter((p) => p.id in expected).map((p) => [p.id, p.usedBudget]));
    expect(listed).toEqual(expected);
  });

  it("refuses a new payout past the budget by the spec's message, and takes one that fits", async () => {
    await putSettings(t.database.db, { TIME_ZONE: 'America/New_York' }, ids.customer);
    try {
      const token = await t.login('admin');
      const program = programs.find((p) => p.zone === 'America/New_York' && p.interval === 'MONTHLY')!;
      const body = (amount: number) => ({ accountId: ids.account, programId: program.id, recipientId: ids.recipient, amount, endDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ') });
      // 140 of the budget's 10,000 is used: 9,870 does not fit, 9,860 does.
      const refused = await t.request({ method: 'POST', url: '/api/payout', token, payload: body(9_870) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'PROGRAM_BUDGET_EXCEEDED', message: "The program's budget has been exceeded." });
      expect((await t.request({ method: 'POST', url: '/api/payout', token, payload: body(9_860) })).status).toBe(201);
      expect(await usedBudget(t.database.db, { id: program.id, customer_id: ids.customer, budget_interval: 'MONTHLY' }, 'America/New_York')).toBe(10_000);
    } finally {
      await putSettings(t.database.db, { TIME_ZONE: 'Europe/Warsaw' }, ids.customer);
    }
  });
});
