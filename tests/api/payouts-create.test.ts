// Creating payouts through the real app: the money locked on the account with its statement row, the status
// history, the recipient's SMS, every refusal of the spec with its message and nothing changed, budgets per
// interval, recipient limits, the SMS step-up, roles and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payout } from '../../src/shared/payouts.ts';
import { checkLedger, topUp, unlockFunds } from '../../src/server/ledger/index.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { customer: 0, main: 0, euro: 0, pln: 0, eur: 0, recipient: 0, blocked: 0, other: 0, otherProgram: 0, otherRecipient: 0 };
// Dates as the form sends them: wall-clock times of the demo customer's time zone.
const wall = (fromNow: number) => toWallTime(new Date(Date.now() + fromNow), 'Europe/Warsaw');
const inWeek = () => wall(7 * 86_400_000);
const post = (payload: Record<string, unknown>, token = tokens.admin) => t.request({ method: 'POST', url: '/api/payout', token, payload });

async function funds(accountId: number) {
  return t.database.db.selectFrom('accounts').select(['balance', 'locked_balance']).where('id', '=', accountId).executeTakeFirstOrThrow();
}
async function payoutCount() {
  return Number((await t.database.db.selectFrom('payouts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}
async function newProgram(budget: number, budgetInterval: string, currency = 'PLN') {
  const res = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { name: `P${Math.random()}`, currency, budget, budgetInterval } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}
/** A refusal changes nothing: no payout, the same funds. */
async function refused(payload: Record<string, unknown>, status: number, body: unknown, token = tokens.admin) {
  const before = [await payoutCount(), await funds(ids.main)];
  const res = await post(payload, token);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject(body as object);
  expect([await payoutCount(), await funds(ids.main)]).toEqual(before);
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin', 'representative', 'viewer']) tokens[login] = await t.login(login);
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.main = (await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
  ids.euro = (await db.selectFrom('accounts').select('id').where('name', '=', 'Euro account').executeTakeFirstOrThrow()).id;
  ids.pln = (await db.selectFrom('programs').select('id').where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow()).id;
  ids.eur = (await db.selectFrom('programs').select('id').where('name', '=', 'Partner commissions').executeTakeFirstOrThrow()).id;
  ids.recipient = (await db.selectFrom('recipients').select('id').where('customer_id', '=', ids.customer).where('blocked', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
  ids.blocked = (await db.selectFrom('recipients').select('id').where('customer_id', '=', ids.customer).where('blocked', '=', true).orderBy('id').executeTakeFirstOrThrow()).id;

  const customer = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'Other Ltd', url: 'other-ltd' } });
  ids.other = customer.body.id;
  ids.otherProgram = (
    await db.insertInto('programs').values({ customer_id: ids.other, name: 'Foreign', currency: 'PLN', budget: 1_000_000, budget_interval: 'YEARLY', url: null, reminder_days: null, reminder_hour: null, reminder_message: null }).returning('id').executeTakeFirstOrThrow()
  ).id;
  ids.otherRecipient = (
    await db.insertInto('recipients').values({ customer_id: ids.other, first_name: 'Olaf', last_name: 'Obcy', phone_number: '+48799000111', email: null, external_id: null, billon_user_name: null }).returning('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t?.close();
});

describe('a payout created from the panel', () => {
  it('locks its amount on the account, writes its statement row and first status, and texts the recipient', async () => {
    const before = await funds(ids.main);
    const res = await post({ accountId: ids.main, programId: ids.pln, recipientId: ids.recipient, amount: 12_500, title: 'November bonus', endDate: inWeek() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const payout = res.body as Payout;
    expect(payout).toMatchObject({ status: 'TO_COLLECT', source: 'MANUAL', amount: 12_500, currency: 'PLN', title: 'November bonus', accountId: ids.main, programId: ids.pln, recipientId: ids.recipient });
    expect(payout.reference).toMatch(/^PO-\d{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await funds(ids.main)).toEqual({ balance: before.balance - 12_500, locked_balance: before.locked_balance + 12_500 });

    const [lock] = (await t.request({ method: 'GET', url: `/api/account/${ids.main}/balanceUpdates`, token: tokens.admin })).body.items;
    expect(lock).toMatchObject({ type: 'LOCK', balanceChange: -12_500, lockedBalanceChange: 12_500, payoutId: payout.id, reference: payout.reference });
    const details = await t.request({ method: 'GET', url: `/api/payout/${payout.id}`, token: tokens.viewer });
    expect(details.body.history).toEqual([{ from: null, to: 'TO_COLLECT', at: expect.any(String), by: 'admin', byKind: 'USER' }]);

    await t.outbox.kick();
    const sms = (await t.messages()).filter((m) => m.body.includes(payout.reference));
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain('12.50 PLN');
    expect(sms[0].body).toContain('Employee bonuses');
    expect(sms[0].body).toMatch(/\/demo\/employee-bonuses/);
  });

  it("sends the payout's own message when it has one", async () => {
    const res = await post({ accountId: ids.main, programId: ids.pln, recipientId: ids.recipient, amount: 1_000, endDate: inWeek(), smsMessage: 'Hi! {PAYOUT_AMOUNT} for you, ref {PAYOUT_REFERENCE}' });
    expect(res.status).toBe(201);
    await t.outbox.kick();
    expect((await t.messages()).map((m) => m.body)).toContain(`Hi! 1.00 PLN for you, ref ${res.body.reference}`);
  });

  it('pays a new recipient given by phone, and the known recipient when the number is known', async () => {
    const newRecipient = { phoneNumber: '+48791234567', firstName: 'Nina', lastName: 'Nowak' };
    const first = await post({ accountId: ids.main, programId: ids.pln, newRecipient, amount: 2_000, endDate: inWeek() });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ recipientName: 'Nina Nowak', recipientPhoneNumber: '+48791234567' });
    const again = await post({ accountId: ids.main, programId: ids.pln, newRecipient: { ...newRecipient, firstName: 'Other' }, amount: 2_000, endDate: inWeek() });
    expect(again.body.recipientId).toBe(first.body.recipientId);
    expect(again.body.recipientName).toBe('Nina Nowak');
  });

  it('pays a new recipient given by its phone number alone, created without names and shown by its number', async () => {
    const res = await post({ accountId: ids.main, programId: ids.pln, newRecipient: { phoneNumber: '+48791234570' }, amount: 3_000, endDate: inWeek() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ amount: 3_000, recipientName: '+48791234570', recipientPhoneNumber: '+48791234570' });
    const made = await t.database.db.selectFrom('recipients').select(['first_name', 'last_name']).where('id', '=', res.body.recipientId).executeTakeFirstOrThrow();
    expect(made).toEqual({ first_name: null, last_name: null });
    // Its details still open, to fill the names in later.
    const details = await t.request({ method: 'GET', url: `/api/payout/recipient/${res.body.recipientId}`, token: tokens.admin });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(details.body.phoneNumber).toBe('+48791234570');
  });

  it('refuses what the spec refuses, with its message, and changes nothing', async () => {
    const base = { accountId: ids.main, programId: ids.pln, recipientId: ids.recipient, amount: 1_000, endDate: inWeek() };
    await refused({ ...base, programId: ids.eur }, 400, { code: 'CURRENCY_MISMATCH', message: "Mismatch between program's currency and transaction's currency." });
    await refused({ ...base, programId: ids.otherProgram }, 404, { code: 'PROGRAM_NOT_FOUND', message: 'Program not found!' });
    await refused({ ...base, recipientId: ids.otherRecipient }, 404, { code: 'RECIPIENT_NOT_FOUND', message: 'Recipient not found' });
    await refused({ ...base, recipientId: ids.blocked }, 400, { code: 'RECIPIENT_BLOCKED' });
    await refused({ ...base, amount: 999_000_000_000 }, 400, { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds!' });
    await refused({ ...base, amount: 5 }, 400, { validationErrors: [{ property: 'amount', errors: [{ code: 'INVALID_MILIBILLION_VALUE' }] }] });
    await refused({ ...base, endDate: wall(-60_000) }, 400, { validationErrors: [{ property: 'endDate', errors: [{ code: 'INVALID_MIN_DATE' }] }] });
    await refused({ ...base, startDate: wall(-86_400_000) }, 400, { validationErrors: [{ property: 'startDate', errors: [{ code: 'INVALID_MIN_DATE' }] }] });
    const { recipientId: _, ...noRecipient } = base;
    await refused(noRecipient, 400, { validationErrors: [{ property: 'recipientId', errors: [{ code: 'REQUIRED' }] }] });
    await refused({ ...base, newRecipient: { phoneNumber: '+48791234568', firstName: 'Ada', lastName: 'Bok' } }, 400, { validationErrors: [{ property: 'recipientId' }] });
  });

  it('is made only by those who manage payouts and the account, inside their customer', async () => {
    const base = { accountId: ids.main, programId: ids.pln, recipientId: ids.recipient, amount: 1_000, endDate: inWeek() };
    await refused(base, 403, { code: 'FORBIDDEN' }, tokens.viewer);
    await refused(base, 403, { code: 'FORBIDDEN' }, tokens.superadmin);
    // The representative manages the PLN accounts it represents, and does not see the euro account.
    await refused({ ...base, accountId: ids.euro, programId: ids.eur }, 404, { code: 'ACCOUNT_NOT_FOUND' }, tokens.representative);
    expect((await post(base, tokens.representative)).status).toBe(201);
  });
});

describe('budgets and limits', () => {
  it("stops at the program's budget of the current interval; a cancelled payout gives its share back", async () => {
    const program = await newProgram(3_000, 'DAILY');
    const base = { accountId: ids.main, programId: program, recipientId: ids.recipient, endDate: inWeek() };
    const first = await post({ ...base, amount: 2_000 });
    expect(first.status).toBe(201);
    expect((await t.request({ method: 'GET', url: `/api/payout/program/${program}`, token: tokens.admin })).body.usedBudget).toBe(2_000);
    await refused({ ...base, amount: 1_010 }, 400, { code: 'PROGRAM_BUDGET_EXCEEDED', message: "The program's budget has been exceeded." });
    expect((await post({ ...base, amount: 1_000 })).status).toBe(201);

    // Cancelled (as the status change will do it): the status and the money back, in one transaction.
    await t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('payouts').set({ status: 'CANCELLED' }).where('id', '=', first.body.id).execute();
      await unlockFunds(trx, { accountId: ids.main, amount: 2_000, payoutId: first.body.id, actor: { userId: null } });
    });
    expect((await post({ ...base, amount: 2_000 })).status).toBe(201);
    // The interval is the calendar day in the customer's time zone: yesterday's payouts do not count.
    await t.database.db.updateTable('payouts').set({ created_at: new Date(Date.now() - 2 * 86_400_000) }).where('program_id', '=', program).execute();
    expect((await post({ ...base, amount: 3_000 })).status).toBe(201);
  });

  it("applies the recipient's limits only when the customer enables them", async () => {
    const recipient = (
      await t.database.db.insertInto('recipients').values({ customer_id: ids.customer, first_name: 'Lena', last_name: 'Limit', phone_number: '+48799111222', email: null, external_id: null, billon_user_name: null }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const base = { accountId: ids.main, programId: ids.pln, recipientId: recipient, endDate: inWeek() };
    expect((await post({ ...base, amount: 60_000 })).status).toBe(201);
    await putSettings(t.database.db, { PAYOUT_LIMIT_ENABLED: 'true', PAYOUT_PER_TRANSACTION_LIMIT: '50000', PAYOUT_MONTHLY_LIMIT: '100000', PAYOUT_YEARLY_LIMIT: '150000' }, ids.customer);
    try {
      await refused({ ...base, amount: 50_010 }, 400, { code: 'PER_TRANSACTION_LIMIT_EXCEEDED', message: 'The per transaction limit has been exceeded.' });
      expect((await post({ ...base, amount: 40_000 })).status).toBe(201);
      await refused({ ...base, amount: 1_000 }, 400, { code: 'MONTHLY_LIMIT_EXCEEDED', message: "The Recipient's monthly limit has been exceeded." });
      // Last month's payouts count towards the year only (unless last month is last year).
      const lastMonth = new Date();
      lastMonth.setUTCDate(15);
      lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
      if (lastMonth.getUTCFullYear() === new Date().getUTCFullYear()) {
        await t.database.db.updateTable('payouts').set({ created_at: lastMonth }).where('recipient_id', '=', recipient).execute();
        expect((await post({ ...base, amount: 40_000 })).status).toBe(201);
        await refused({ ...base, amount: 20_000 }, 400, { code: 'YEARLY_LIMIT_EXCEEDED', message: "The Recipient's yearly limit has been exceeded." });
      }
    } finally {
      await putSettings(t.database.db, { PAYOUT_LIMIT_ENABLED: 'false' }, ids.customer);
    }
    expect((await post({ ...base, amount: 60_000 })).status).toBe(201);
  });
});

describe('the SMS step-up', () => {
  it('asks for the code at or above the threshold; a wrong code creates nothing, the right one creates it once', async () => {
    const db = t.database.db;
    await db.transaction().execute((trx) => topUp(trx, { accountId: ids.main, amount: 20_000_000, reference: 'For a big payout', actor: { userId: null } }));
    const body = { accountId: ids.main, programId: ids.pln, recipientId: ids.recipient, amount: 10_000_000, title: 'Big one', endDate: inWeek() };
    const asked = await post(body);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      authorizationRequired: true,
      authorization: { operation: 'PAYOUT', amount: 10_000_000, currency: 'PLN', account: { id: ids.main, name: 'Main PLN account' } },
    });
    const code = await t.lastCode('+48500100200');
    await refused({ ...body, verificationCode: code === '000000' ? '111111' : '000000' }, 400, { code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code!' });
    // The code is bound to this payout: another amount does not pass with it.
    await refused({ ...body, amount: 10_000_010, verificationCode: code }, 400, { code: 'INVALID_VERIFICATION_CODE' });
    const created = await post({ ...body, verificationCode: code });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ amount: 10_000_000, status: 'TO_COLLECT' });
    expect((await post({ ...body, verificationCode: code })).body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
  });
});
