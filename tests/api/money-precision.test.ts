// Money has at most two decimals (spec 001, "Money | at most two decimals"). Amounts travel in thousandths, so a whole
// number of cents is a multiple of 10: for random amounts every route that takes money (payouts, top-ups, transfers,
// program budgets, customer limits, the step-up thresholds, the payout file) accepts exactly the multiples of 10 and
// refuses the rest with the field, the code and the message, and a refused request changes no table.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { startApp, type TestApp } from './harness.ts';
import { multipart, workbook } from './upload.ts';

const MESSAGE = 'Enter a valid amount with at most 2 decimal places';
const refusal = (property: string) => ({ validationErrors: [{ property, errors: [{ code: 'INVALID_AMOUNT', message: MESSAGE }] }] });

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { main: 0, payroll: 0, program: 0, recipient: 0 };
/** Tables a request changes whatever it asks (sessions, request counters): not the request's doing. */
let bookkeeping = new Set<string>();
let programs = 0;

/** Every table's rows, as one digest per table. */
async function snapshot(): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (bookkeeping.has(name)) continue;
    const row = await sql<{ digest: string }>`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${sql.table(name)} t`.execute(db);
    digests[name] = row.rows[0].digest;
  }
  return digests;
}

interface Route {
  name: string;
  property: string;
  /** Sends the amount; answers the status and the body. */
  send(amount: number): Promise<{ status: number; body: any }>;
  /** What an accepted amount looks like in the answer. */
  accepted(amount: number, body: any): void;
}

const endDate = () => toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');

const routes: Route[] = [
  {
    name: 'POST /api/payout',
    property: 'amount',
    send: (amount) => t.request({ method: 'POST', url: '/api/payout', token: tokens.admin, payload: { accountId: ids.main, programId: ids.program, recipientId: ids.recipient, amount, title: 'Precision', endDate: endDate() } }),
    accepted: (amount, body) => expect(body).toMatchObject({ amount, currency: 'PLN' }),
  },
  {
    name: 'POST /api/account/topUp',
    property: 'amount',
    send: (amount) => t.request({ method: 'POST', url: '/api/account/topUp', token: tokens.superadmin, payload: { accountId: ids.payroll, amount, reference: 'Precision' } }),
    accepted: () => undefined,
  },
  {
    name: 'POST /api/account/transfer',
    property: 'amount',
    send: (amount) => t.request({ method: 'POST', url: '/api/account/transfer', token: tokens.admin, payload: { fromAccountId: ids.main, toAccountId: ids.payroll, amount } }),
    accepted: () => undefined,
  },
  {
    name: 'POST /api/payout/program',
    property: 'budget',
    send: (budget) => t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { name: `Precision ${++programs}`, currency: 'PLN', budget, budgetInterval: 'YEARLY' } }),
    accepted: (budget, body) => expect(body).toMatchObject({ budget }),
  },
  {
    name: 'PUT /api/customer/settings',
    property: 'PAYOUT_PER_TRANSACTION_LIMIT',
    send: (amount) => t.request({ method: 'PUT', url: '/api/customer/settings', token: tokens.admin, payload: { PAYOUT_PER_TRANSACTION_LIMIT: amount } }),
    accepted: () => undefined,
  },
  {
    name: 'PUT /api/settings',
    property: 'TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD.PLN',
    // Last: a low threshold asks for an SMS code for the payouts above it.
    send: (amount) => t.request({ method: 'PUT', url: '/api/settings', token: tokens.superadmin, payload: { TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: { PLN: amount } } }),
    accepted: () => undefined,
  },
];

/** Random amounts in thousandths, from 0.01 to 200.00 and a bit: half of them whole cents. */
const amounts = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 9 })))
  .map(([cents, thousandths]) => cents * 10 + thousandths);

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin']) tokens[login] = await t.login(login);
  const db = t.database.db;
  const customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.main = (await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
  ids.payroll = (await db.selectFrom('accounts').select('id').where('name', '=', 'Payroll PLN').executeTakeFirstOrThrow()).id;
  ids.recipient = (await db.selectFrom('recipients').select('id').where('customer_id', '=', customer).where('blocked', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
  const program = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { name: 'Precision payouts', currency: 'PLN', budget: 1_000_000_000_000, budgetInterval: 'YEARLY' } });
  expect(program.status, JSON.stringify(program.body)).toBe(201);
  ids.program = program.body.id;
  // What an ordinary authenticated request writes on its own is left out of the comparison.
  const before = await snapshot();
  await t.request({ method: 'GET', url: '/api/me', token: tokens.admin });
  await t.request({ method: 'GET', url: '/api/me', token: tokens.superadmin });
  const after = await snapshot();
  bookkeeping = new Set(Object.keys(before).filter((table) => before[table] !== after[table]));
});
afterAll(async () => {
  await t?.close();
});

describe('an amount that enters the product is a whole number of cents', () => {
  for (const route of routes) {
    it(`${route.name} accepts exactly the multiples of 10 thousandths and refuses the rest with ${route.property}`, async () => {
      const seen = { accepted: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(amounts, async (amount) => {
          if (amount % 10 === 0) {
            const res = await route.send(amount);
            expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
            route.accepted(amount, res.body);
            seen.accepted++;
          } else {
            // The messages of the amounts accepted before are sent first: their sending is not this request's doing.
            await t.outbox.kick();
            const before = await snapshot();
            const res = await route.send(amount);
            expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(400);
            expect(res.body).toEqual(refusal(route.property));
            expect(await snapshot()).toEqual(before);
            seen.refused++;
          }
        }),
        { numRuns: 16, examples: [[12_340], [12_345], [10], [11]] },
      );
      expect(seen.accepted).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    });
  }

  it('POST /api/payout: 12.345 is refused, not paid as 12.345 nor rounded to 12.35', async () => {
    await t.outbox.kick();
    const before = await snapshot();
    const res = await routes[0].send(12_345);
    expect(res).toMatchObject({ status: 400, body: refusal('amount') });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the payout file', () => {
  const HEADER = ['Phone number', 'Program name', 'Amount', 'Currency', 'End date'];
  async function check(amount: number | string) {
    const file = workbook({ Payouts: [HEADER, ['+48 601 000 001', 'Precision payouts', amount, 'PLN', '2030-12-31']] });
    const { payload, headers } = multipart(file, { accountId: String(ids.main), dryRun: 'true' });
    const res = await t.app.inject({ method: 'POST', url: '/api/payout/fromFile', payload, headers: { ...headers, authorization: `Bearer ${tokens.admin}` } });
    return { status: res.statusCode, body: res.json() };
  }

  it('refuses an amount cell of 12.345 for its row with the message, and takes 12.34', async () => {
    for (const cell of [12.345, '12,345']) {
      const res = await check(cell);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.fileErrors).toEqual([{ row: 2, property: 'Amount', errors: [{ code: 'INVALID_AMOUNT', message: MESSAGE }] }]);
    }
    const fine = await check(12.34);
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(fine.body).toMatchObject({ created: 0, dryRun: true, totals: [{ currency: 'PLN', amount: 12_340, payouts: 1 }] });
  });

  it('accepts exactly the cells that are whole cents', async () => {
    await fc.assert(
      fc.asyncProperty(amounts, async (amount) => {
        const res = await check(amount / 1000);
        if (amount % 10 === 0) {
          expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body.totals).toEqual([{ currency: 'PLN', amount, payouts: 1 }]);
        } else {
          expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.fileErrors).toEqual([{ row: 2, property: 'Amount', errors: [{ code: 'INVALID_AMOUNT', message: MESSAGE }] }]);
        }
      }),
      { numRuns: 12 },
    );
  });
});
