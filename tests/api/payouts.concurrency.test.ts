// 500 payouts asked for at once, three times: against one program's budget, one recipient's monthly limit and one
// account's balance. On PostgreSQL (TEST_DATABASE_URL) the requests really run side by side on a pool of
// connections; none of the three is ever exceeded, each refusal says why, and the ledger agrees at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, topUp } from '../../src/server/ledger/index.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { engine, startApp, type TestApp } from './harness.ts';

let t: TestApp;
let token = '';
let customerId = 0;
const UNIT = 1_000; // 1.00 PLN
const endDate = () => toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');

async function newAccount(units: number): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/account', token, payload: { name: `Race ${Math.random()}`, currency: 'PLN' } });
  expect(res.status).toBe(201);
  await t.database.db.transaction().execute((trx) => topUp(trx, { accountId: res.body.id, amount: units * UNIT, reference: 'race', actor: { userId: null } }));
  return res.body.id;
}
async function newProgram(units: number): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/payout/program', token, payload: { name: `Race ${Math.random()}`, currency: 'PLN', budget: units * UNIT, budgetInterval: 'MONTHLY' } });
  expect(res.status).toBe(201);
  return res.body.id;
}
async function newRecipient(n: number): Promise<number> {
  const row = await t.database.db
    .insertInto('recipients')
    .values({ customer_id: customerId, first_name: 'Race', last_name: `R${n}`, phone_number: `+4879${String(9_000_000 + n).padStart(7, '0')}`, email: null, external_id: null, billon_user_name: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** 500 requests at once; the number created and the refusals' bodies. */
async function race(payload: (i: number) => Record<string, unknown>) {
  const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => t.request({ method: 'POST', url: '/api/payout', token, payload: payload(i) })));
  const created = answers.filter((a) => a.status === 201).length;
  const refusals = answers.filter((a) => a.status !== 201);
  return { created, refusals };
}

async function lockedOn(accountId: number) {
  return (await t.database.db.selectFrom('accounts').select(['balance', 'locked_balance']).where('id', '=', accountId).executeTakeFirstOrThrow());
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  token = await t.login('admin');
  customerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe(`500 concurrent payout creations (${engine})`, () => {
  it("never exceed a program's budget", async () => {
    const [account, program] = [await newAccount(1_000), await newProgram(120)];
    const recipients = await Promise.all(Array.from({ length: 10 }, (_, i) => newRecipient(i)));
    const { created, refusals } = await race((i) => ({ accountId: account, programId: program, recipientId: recipients[i % 10], amount: UNIT, endDate: endDate() }));
    expect(created).toBe(120);
    for (const r of refusals) expect(r).toMatchObject({ status: 400, body: { code: 'PROGRAM_BUDGET_EXCEEDED', message: "The program's budget has been exceeded." } });
    expect(await lockedOn(account)).toEqual({ balance: 880 * UNIT, locked_balance: 120 * UNIT });
  });

  it("never exceed a recipient's monthly limit", async () => {
    const [account, program] = [await newAccount(1_000), await newProgram(1_000)];
    const recipient = await newRecipient(100);
    await putSettings(t.database.db, { PAYOUT_LIMIT_ENABLED: 'true', PAYOUT_PER_TRANSACTION_LIMIT: String(10 * UNIT), PAYOUT_MONTHLY_LIMIT: String(80 * UNIT), PAYOUT_YEARLY_LIMIT: String(900 * UNIT) }, customerId);
    try {
      const { created, refusals } = await race(() => ({ accountId: account, programId: program, recipientId: recipient, amount: UNIT, endDate: endDate() }));
      expect(created).toBe(80);
      for (const r of refusals) expect(r).toMatchObject({ status: 400, body: { code: 'MONTHLY_LIMIT_EXCEEDED', message: "The Recipient's monthly limit has been exceeded." } });
    } finally {
      await putSettings(t.database.db, { PAYOUT_LIMIT_ENABLED: 'false' }, customerId);
    }
  });

  it("never overdraw an account's balance", async () => {
    const [account, program] = [await newAccount(60), await newProgram(1_000)];
    const recipients = await Promise.all(Array.from({ length: 10 }, (_, i) => newRecipient(200 + i)));
    const { created, refusals } = await race((i) => ({ accountId: account, programId: program, recipientId: recipients[i % 10], amount: UNIT, endDate: endDate() }));
    expect(created).toBe(60);
    for (const r of refusals) expect(r).toMatchObject({ status: 400, body: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds!' } });
    expect(await lockedOn(account)).toEqual({ balance: 0, locked_balance: 60 * UNIT });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
