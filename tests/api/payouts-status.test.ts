// Payout status changes through the real app: every allowed and refused transition of the shared table as a row
// action, with the money it moves and the ledger's invariant after each; the spec's bulk flow (counts first,
// nothing changed without confirmation; none, some or all movable; selected rows or the filters; a status filter
// required); approvals above the step-up threshold; tenancy and roles; the reminder, by hand and automatic, only while
// the customer allows reminders; the messages every move sends, each made by the place that makes it (status change,
// expiry, collection, settlement), against a table written out here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_TARGETS, PAYOUT_STATUSES, canTransition, fundsEffect, type PayoutStatus } from '../../src/shared/payouts.ts';
import { checkLedger, topUp } from '../../src/server/ledger/index.ts';
import { expirePayouts } from '../../src/server/jobs/expiry.ts';
import { sendReminders } from '../../src/server/jobs/reminders.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { customer: 0, account: 0, program: 0, recipient: 0, other: 0, otherAccount: 0, otherProgram: 0, otherRecipient: 0 };
const put = (payload: Record<string, unknown>, token = tokens.admin) => t.request({ method: 'PUT', url: '/api/payout/status', token, payload });
const options = (o: unknown) => JSON.stringify(o);

async function funds() {
  return t.database.db.selectFrom('accounts').select(['balance', 'locked_balance']).where('id', '=', ids.account).executeTakeFirstOrThrow();
}
async function statusOf(id: number): Promise<PayoutStatus> {
  return (await t.database.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}
const payout = (status: PayoutStatus = 'TO_COLLECT', amount = 1_000) =>
  insertPayout(t.database.db, { customerId: ids.customer, accountId: ids.account, programId: ids.program, recipientId: ids.recipient, status, amount });

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['admin', 'representative', 'viewer', 'superadmin']) tokens[login] = await t.login(login);
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const account = await t.request({ method: 'POST', url: '/api/account', token: tokens.admin, payload: { name: 'Status tests', currency: 'PLN' } });
  ids.account = account.body.id;
  await db.transaction().execute((trx) => topUp(trx, { accountId: ids.account, amount: 100_000_000, reference: 'tests', actor: { userId: null } }));
  ids.program = (await db.selectFrom('programs').select('id').where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow()).id;
  ids.recipient = (await db.selectFrom('recipients').select('id').where('customer_id', '=', ids.customer).orderBy('id').executeTakeFirstOrThrow()).id;
  // Another customer's payout, which no request of the demo customer may touch.
  ids.other = (await db.insertInto('customers').values({ name: 'Other Ltd', url: 'other-ltd' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.otherAccount = (await db.insertInto('accounts').values({ customer_id: ids.other, name: 'Other', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.transaction().execute((trx) => topUp(trx, { accountId: ids.otherAccount, amount: 1_000_000, reference: 'other', actor: { userId: null } }));
  ids.otherProgram = (
    await db.insertInto('programs').values({ customer_id: ids.other, name: 'Other', currency: 'PLN', budget: 1_000_000, budget_interval: 'YEARLY', url: null, reminder_days: null, reminder_hour: null, reminder_message: null }).returning('id').executeTakeFirstOrThrow()
  ).id;
  ids.otherRecipient = (
    await db.insertInto('recipients').values({ customer_id: ids.other, first_name: 'Olaf', last_name: 'Obcy', phone_number: '+48799000111', email: null, external_id: null, billon_user_name: null }).returning('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

describe('a row action', () => {
  for (const from of PAYOUT_STATUSES) {
    for (const to of MANUAL_TARGETS) {
      const allowed = canTransition(from, to);
      it(`${allowed ? 'moves' : 'refuses to move'} a payout from ${from} to ${to}`, async () => {
        const id = await payout(from, 2_000);
        const before = await funds();
        const res = await put({ status: to, ids: [id], confirm: true });
        if (allowed) {
          expect(res.body).toEqual({ matching: 1, changeable: 1, updated: 1 });
          expect(await statusOf(id)).toBe(to);
          const back = fundsEffect(to) === 'UNLOCK' ? 2_000 : 0;
          expect(await funds()).toEqual({ balance: before.balance + back, locked_balance: before.locked_balance - back });
          const details = await t.request({ method: 'GET', url: `/api/payout/${id}`, token: tokens.admin });
          expect(details.body.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([[null, from], [from, to]]);
        } else {
          expect(res).toMatchObject({ status: 400, body: { code: 'PAYOUT_STATUS_CHANGE_NOT_ALLOWED', message: 'The payout cannot change to that status.' } });
          expect(await statusOf(id)).toBe(from);
          expect(await funds()).toEqual(before);
        }
        expect(await checkLedger(t.database.db, ids.account)).toEqual([]);
      });
    }
  }

  it('is refused for a payout of another customer, which stays as it was', async () => {
    const id = await insertPayout(t.database.db, { customerId: ids.other, accountId: ids.otherAccount, programId: ids.otherProgram, recipientId: ids.otherRecipient });
    expect(await put({ status: 'CANCELLED', ids: [id], confirm: true })).toMatchObject({ status: 404, body: { code: 'PAYOUT_NOT_FOUND', message: 'Payout not found' } });
    expect(await put({ status: 'CANCELLED', ids: [id, await payout()], confirm: true })).toMatchObject({ status: 404 });
    expect(await statusOf(id)).toBe('TO_COLLECT');
  });

  it('is for those who manage payouts', async () => {
    const id = await payout();
    expect((await put({ status: 'SUSPENDED', ids: [id], confirm: true }, tokens.viewer)).status).toBe(403);
    expect((await put({ status: 'SUSPENDED', ids: [id], confirm: true }, tokens.superadmin)).status).toBe(403);
    expect((await put({ status: 'SUSPENDED', ids: [id], confirm: true }, tokens.representative)).body).toEqual({ matching: 1, changeable: 1, updated: 1 });
  });
});

describe('the bulk change', () => {
  let batch: number[] = [];
  const mine = () => options({ status: ['TO_COLLECT', 'SUSPENDED', 'CANCELLED'], accountId: ids.account, amount: { gte: 7_000, lte: 7_000 } });

  beforeAll(async () => {
    // Three payouts that may be cancelled, one already cancelled.
    batch = [await payout('TO_COLLECT', 7_000), await payout('TO_COLLECT', 7_000), await payout('SUSPENDED', 7_000), await payout('CANCELLED', 7_000)];
  });

  it('needs a status among the filters', async () => {
    const res = await put({ status: 'CANCELLED', options: options({ accountId: ids.account }) });
    expect(res).toMatchObject({ status: 400, body: { code: 'STATUS_FILTER_REQUIRED' } });
    expect((await put({ status: 'CANCELLED', options: options({ status: [], accountId: ids.account }) })).status).toBe(400);
  });

  it('says first how many of the matching payouts will change, and changes nothing', async () => {
    const before = await funds();
    expect((await put({ status: 'CANCELLED', options: mine() })).body).toEqual({ matching: 4, changeable: 3, updated: 0 });
    expect((await put({ status: 'SUSPENDED', options: mine() })).body).toEqual({ matching: 4, changeable: 2, updated: 0 });
    expect((await put({ status: 'CANCELLED', ids: batch.slice(0, 2) })).body).toEqual({ matching: 2, changeable: 2, updated: 0 });
    expect(await funds()).toEqual(before);
    expect(await Promise.all(batch.map(statusOf))).toEqual(['TO_COLLECT', 'TO_COLLECT', 'SUSPENDED', 'CANCELLED']);
  });

  it('moves none when none can move', async () => {
    const res = await put({ status: 'CANCELLED', options: options({ status: ['CANCELLED'], accountId: ids.account, amount: { gte: 7_000, lte: 7_000 } }), confirm: true });
    expect(res.body).toEqual({ matching: 1, changeable: 0, updated: 0 });
  });

  it('moves the changeable ones once confirmed, with their money and history', async () => {
    const before = await funds();
    expect((await put({ status: 'CANCELLED', options: mine(), confirm: true })).body).toEqual({ matching: 4, changeable: 3, updated: 3 });
    expect(await Promise.all(batch.map(statusOf))).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
    expect(await funds()).toEqual({ balance: before.balance + 21_000, locked_balance: before.locked_balance - 21_000 });
    const unlocks = await t.database.db.selectFrom('balance_updates').select(['payout_id', 'balance_change']).where('type', '=', 'UNLOCK').where('payout_id', 'in', batch).orderBy('payout_id').execute();
    // The payout cancelled at its creation (the fixture) has its own row; each of the three now one more.
    expect(unlocks.map((u) => u.payout_id)).toEqual(batch.slice().sort((a, b) => a - b));
    expect(await checkLedger(t.database.db)).toEqual([]);
    // Again: nothing left to move.
    expect((await put({ status: 'CANCELLED', options: mine(), confirm: true })).body).toEqual({ matching: 4, changeable: 0, updated: 0 });
  });

  it('moves many payouts of many accounts in one request, each account keeping its chain of balances', async () => {
    const second = (await t.request({ method: 'POST', url: '/api/account', token: tokens.admin, payload: { name: 'Status tests 2', currency: 'PLN' } })).body.id;
    await t.database.db.transaction().execute((trx) => topUp(trx, { accountId: second, amount: 10_000_000, reference: 'tests', actor: { userId: null } }));
    const many: number[] = [];
    for (let i = 0; i < 60; i++) {
      many.push(await insertPayout(t.database.db, { customerId: ids.customer, accountId: i % 2 ? ids.account : second, programId: ids.program, recipientId: ids.recipient, amount: 3_210 + i }));
    }
    const res = await put({ status: 'SUSPENDED', options: options({ status: ['TO_COLLECT'], amount: { gte: 3_210, lte: 3_269 } }), confirm: true });
    expect(res.body).toEqual({ matching: 60, changeable: 60, updated: 60 });
    const cancelled = await put({ status: 'CANCELLED', options: options({ status: ['SUSPENDED'], amount: { gte: 3_210, lte: 3_269 } }), confirm: true });
    expect(cancelled.body).toEqual({ matching: 60, changeable: 60, updated: 60 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('approvals', () => {
  it('need the SMS code at or above the threshold; below it they go through at once', async () => {
    const small = await payout('TO_APPROVE', 5_000);
    expect((await put({ status: 'TO_COLLECT', ids: [small], confirm: true })).body).toEqual({ matching: 1, changeable: 1, updated: 1 });
    const big = await payout('TO_APPROVE', 10_000_000);
    const asked = await put({ status: 'TO_COLLECT', ids: [big], confirm: true });
    expect(asked.body).toEqual({
      authorizationRequired: true,
      authorization: { operation: 'PAYOUT_APPROVAL', amount: 10_000_000, currency: 'PLN', account: { id: ids.account, name: 'Status tests' }, payouts: 1 },
    });
    expect(await statusOf(big)).toBe('TO_APPROVE');
    const code = await t.lastCode('+48500100200');
    expect((await put({ status: 'TO_COLLECT', ids: [big], confirm: true, verificationCode: code === '000000' ? '111111' : '000000' })).body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    expect(await statusOf(big)).toBe('TO_APPROVE');
    expect((await put({ status: 'TO_COLLECT', ids: [big], confirm: true, verificationCode: code })).body).toEqual({ matching: 1, changeable: 1, updated: 1 });
    expect(await statusOf(big)).toBe('TO_COLLECT');
  });

  it('of payouts of several accounts name no one account, and say how many payouts and their sum', async () => {
    const other = (await t.request({ method: 'POST', url: '/api/account', token: tokens.admin, payload: { name: 'Approvals elsewhere', currency: 'PLN' } })).body.id;
    await t.database.db.transaction().execute((trx) => topUp(trx, { accountId: other, amount: 50_000_000, reference: 'tests', actor: { userId: null } }));
    const here = await payout('TO_APPROVE', 6_000_000);
    const there = await insertPayout(t.database.db, { customerId: ids.customer, accountId: other, programId: ids.program, recipientId: ids.recipient, status: 'TO_APPROVE', amount: 7_000_000 });
    const asked = await put({ status: 'TO_COLLECT', ids: [here, there], confirm: true });
    expect(asked.body).toEqual({
      authorizationRequired: true,
      authorization: { operation: 'PAYOUT_APPROVAL', amount: 13_000_000, currency: 'PLN', account: null, payouts: 2 },
    });
  });
});

describe('a reminder', () => {
  it('texts the recipient of a payout to collect, and nothing else', async () => {
    const id = await payout('TO_COLLECT', 4_321);
    const res = await t.request({ method: 'POST', url: `/api/payout/${id}/reminder`, token: tokens.admin });
    expect(res.status).toBe(200);
    await t.outbox.kick();
    // The demo customer is in Poland: its default reminder is the Polish one.
    expect((await t.messages()).some((m) => m.body.includes('4.32 PLN') && m.body.startsWith('Przypomnienie: wypłatę'))).toBe(true);
    const suspended = await payout('SUSPENDED');
    expect(await t.request({ method: 'POST', url: `/api/payout/${suspended}/reminder`, token: tokens.admin })).toMatchObject({ status: 400, body: { code: 'REMINDER_NOT_ALLOWED' } });
    expect((await t.request({ method: 'POST', url: `/api/payout/${id}/reminder`, token: tokens.viewer })).status).toBe(403);
  });
});

describe('the status summary', () => {
  it('counts and sums the payouts of the period per status and currency, of the asking customer only', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    await payout('SUSPENDED', 1_111);
    const res = await t.request({ method: 'GET', url: `/api/payout/summary/status?from=${encodeURIComponent(from)}`, token: tokens.viewer });
    expect(res.status).toBe(200);
    const expected = await t.database.db
      .selectFrom('payouts')
      .select(['status', 'currency', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('customer_id', '=', ids.customer)
      .where('created_at', '>=', new Date(from))
      .groupBy(['status', 'currency'])
      .execute();
    expect(res.body.items).toHaveLength(expected.length);
    for (const row of expected) expect(res.body.items).toContainEqual({ status: row.status, currency: row.currency, count: Number(row.count), amount: Number(row.amount) });
    // Another customer's payout of the period is not counted.
    const all = res.body.items.reduce((sum: number, r: { count: number }) => sum + r.count, 0);
    expect(all).toBe(expected.reduce((sum, r) => sum + Number(r.count), 0));
    expect((await t.request({ method: 'GET', url: '/api/payout/summary/status?from=yesterday', token: tokens.viewer })).status).toBe(400);
  });
});

describe('reminders, while the customer allows them (PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER)', () => {
  it('are sent by hand and automatically with the setting on, and neither with it off', async () => {
    const db = t.database.db;
    const program = (
      await db
        .insertInto('programs')
        .values({ customer_id: ids.customer, name: 'Reminders allowed', currency: 'PLN', budget: 100_000_000, budget_interval: 'YEARLY', url: null, reminder_enabled: true, reminder_days: 3, reminder_hour: 0, reminder_message: 'Remember {PAYOUT_REFERENCE}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const make = async () => {
      const id = await insertPayout(db, { customerId: ids.customer, accountId: ids.account, programId: program, recipientId: ids.recipient, endDate: new Date(Date.now() + 86_400_000) });
      return { id, reference: (await db.selectFrom('payouts').select('reference').where('id', '=', id).executeTakeFirstOrThrow()).reference };
    };
    const reminded = async (reference: string) => (await t.messages()).filter((m) => m.body.includes(reference)).length;
    const byHand = await make();
    const automatic = await make();
    try {
      await putSettings(db, { PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER: 'false', PAYOUT_SMS_REMINDER_MESSAGE: 'Reminder {PAYOUT_REFERENCE}' }, ids.customer);
      const refused = await t.request({ method: 'POST', url: `/api/payout/${byHand.id}/reminder`, token: tokens.admin });
      expect(refused).toMatchObject({ status: 400, body: { code: 'REMINDERS_DISABLED', message: 'Sending reminders is turned off in the customer settings.' } });
      await sendReminders(db, t.config.publicUrl);
      expect(await reminded(byHand.reference)).toBe(0);
      expect(await reminded(automatic.reference)).toBe(0);

      await putSettings(db, { PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER: 'true' }, ids.customer);
      expect((await t.request({ method: 'POST', url: `/api/payout/${byHand.id}/reminder`, token: tokens.admin })).status).toBe(200);
      expect((await t.messages()).filter((m) => m.body === `Reminder ${byHand.reference}`)).toHaveLength(1);
      await sendReminders(db, t.config.publicUrl);
      expect((await t.messages()).filter((m) => m.body === `Remember ${automatic.reference}`)).toHaveLength(1);
    } finally {
      await db.deleteFrom('settings').where('customer_id', '=', ids.customer).where('key', 'in', ['PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER', 'PAYOUT_SMS_REMINDER_MESSAGE']).execute();
    }
  });
});

describe('the messages of each move', () => {
  // Written out by hand (DESIGN.md: only a move into TO_COLLECT says "You have a payout"; the collected-payouts SMS
  // while the customer has it on; the admins hear of expired payouts), each move made by the place that makes it.
  const TEMPLATES = {
    PAYOUT_SMS_NOTIFICATION_MESSAGE: 'You have a payout {PAYOUT_REFERENCE}. Collect it by {PAYOUT_END_DATE}',
    PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_ENABLED: 'true',
    PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE: 'Collected {PAYOUT_REFERENCE}',
  };
  let superadmin = '';
  let adminId = 0;
  let n = 0;

  /** A recipient of its own, so that what it is texted is this move's alone. */
  async function recipient(): Promise<{ id: number; phone: string }> {
    n += 1;
    const phone = `+4879${String(3_000_000 + n).padStart(7, '0')}`;
    const row = await t.database.db
      .insertInto('recipients')
      .values({ customer_id: ids.customer, first_name: 'Told', last_name: `T${n}`, phone_number: phone, email: null, external_id: null, billon_user_name: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, phone };
  }
  async function payoutOf(recipientId: number, status: PayoutStatus, endDate?: Date) {
    const id = await insertPayout(t.database.db, { customerId: ids.customer, accountId: ids.account, programId: ids.program, recipientId, status, amount: 4_610, endDate });
    return { id, reference: (await t.database.db.selectFrom('payouts').select('reference').where('id', '=', id).executeTakeFirstOrThrow()).reference };
  }
  const adminNotes = () => t.database.db.selectFrom('notifications').select(['title_key', 'params']).where('user_id', '=', adminId).orderBy('id').execute();

  /** What `move` sends: the SMS texts to the phone and the admin's new notifications. */
  async function heard(phone: string, move: () => Promise<unknown>): Promise<{ sms: string[]; admins: { title_key: string; params: string }[] }> {
    const sms = (await t.messages()).filter((m) => m.to === phone).length;
    const notes = (await adminNotes()).length;
    await move();
    return { sms: (await t.messages()).filter((m) => m.to === phone).slice(sms).map((m) => m.body), admins: (await adminNotes()).slice(notes) };
  }

  beforeAll(async () => {
    superadmin = await t.login('superadmin');
    adminId = (await t.database.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
    await putSettings(t.database.db, TEMPLATES, ids.customer);
    // Whatever was due before this block expires now, so each expiry below is its own payout's.
    await expirePayouts(t.database.db);
  });
  afterAll(async () => {
    await t.database.db.deleteFrom('settings').where('customer_id', '=', ids.customer).where('key', 'in', Object.keys(TEMPLATES)).execute();
  });

  const rowAction = (id: number, status: string) => async () => expect((await put({ status, ids: [id], confirm: true })).body).toEqual({ matching: 1, changeable: 1, updated: 1 });

  it('TO_APPROVE -> TO_COLLECT (approval) texts the recipient "You have a payout"', async () => {
    const r = await recipient();
    const p = await payoutOf(r.id, 'TO_APPROVE');
    const got = await heard(r.phone, rowAction(p.id, 'TO_COLLECT'));
    expect(got.sms).toEqual([expect.stringMatching(new RegExp(`^You have a payout ${p.reference}\\. Collect it by \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`))]);
    expect(got.admins).toEqual([]);
  });

  for (const [from, to] of [
    ['TO_APPROVE', 'CANCELLED'],
    ['TO_COLLECT', 'SUSPENDED'],
    ['TO_COLLECT', 'CANCELLED'],
    ['SUSPENDED', 'TO_COLLECT'],
    ['SUSPENDED', 'CANCELLED'],
  ] as const) {
    it(`${from} -> ${to} sends nothing`, async () => {
      const r = await recipient();
      const p = await payoutOf(r.id, from);
      expect(await heard(r.phone, rowAction(p.id, to))).toEqual({ sms: [], admins: [] });
    });
  }

  for (const from of ['TO_COLLECT', 'SUSPENDED'] as const) {
    it(`${from} -> EXPIRED (the expiry job) tells the admins, not the recipient`, async () => {
      const r = await recipient();
      const p = await payoutOf(r.id, from, new Date(Date.now() - 60_000));
      const got = await heard(r.phone, () => expirePayouts(t.database.db));
      expect(await statusOf(p.id)).toBe('EXPIRED');
      expect(got).toEqual({ sms: [], admins: [{ title_key: 'payoutsExpired', params: JSON.stringify({ count: 1 }) }] });
    });
  }

  it('TO_COLLECT -> COLLECTED_ON_PAGE (the recipient collects) texts the recipient the collected-payouts SMS', async () => {
    const r = await recipient();
    const p = await payoutOf(r.id, 'TO_COLLECT');
    const signIn = await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber: r.phone, customerUrl: 'demo' } });
    expect(signIn.body).toEqual({ authorize: true });
    const session = await t.request({ method: 'POST', url: '/api/payout/recipient/authenticate', payload: { phoneNumber: r.phone, customerUrl: 'demo', verificationCode: await t.lastCode(r.phone) } });
    const token = session.body.token as string;
    const bank = await t.request({ method: 'POST', url: '/api/payout/collection/bankAccount', token, payload: { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Jan Kowalski', iban: 'PL61109010140000071219812874' } });
    const got = await heard(r.phone, async () => {
      const res = await t.request({ method: 'POST', url: '/api/payout/collection', token, payload: { payoutIds: [p.id], bankAccountId: bank.body.id } });
      expect(res.body).toMatchObject({ collected: 1 });
    });
    expect(got).toEqual({ sms: [`Collected ${p.reference}`], admins: [] });
  });

  it('COLLECTED_ON_PAGE -> TRANSFER_FILE_GENERATED -> COMPLETED_SUCCESSFULLY | RETURNED (settlement) send nothing', async () => {
    const r = await recipient();
    const bank = await t.database.db
      .insertInto('bank_accounts')
      .values({ recipient_id: r.id, country_code: 'PL', currency: 'PLN', channel: 'EU_PL', beneficiary_type: 'INDIVIDUAL', beneficiary_name: 'Told Person', iban: 'PL61109010140000071219812874', bic: null, sort_code: null, account_number: null, routing_code: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const outcome of ['COMPLETED_SUCCESSFULLY', 'RETURNED'] as const) {
      const p = await payoutOf(r.id, 'COLLECTED_ON_PAGE');
      await t.database.db.updateTable('payouts').set({ bank_account_id: bank.id }).where('id', '=', p.id).execute();
      let batch = 0;
      expect(
        await heard(r.phone, async () => {
          const made = await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel: 'EU_PL', currency: 'PLN' } });
          expect(made.status, JSON.stringify(made.body)).toBe(201);
          batch = made.body.id;
        }),
      ).toEqual({ sms: [], admins: [] });
      expect(await statusOf(p.id)).toBe('TRANSFER_FILE_GENERATED');
      expect(
        await heard(r.phone, async () => {
          expect((await t.request({ method: 'PUT', url: `/api/settlement/batch/${batch}/status`, token: superadmin, payload: { status: outcome } })).status).toBe(200);
        }),
      ).toEqual({ sms: [], admins: [] });
      expect(await statusOf(p.id)).toBe(outcome);
    }
  });
});
