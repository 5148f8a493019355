// The expiry and reminder jobs. Expiry: payouts to collect or suspended whose end date has passed become EXPIRED with their money back
// in the available funds; others stay. With two server instances on one PostgreSQL (TEST_DATABASE_URL), running
// the job at the same moment, every payout expires and is unlocked exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { checkLedger, topUp } from '../../src/server/ledger/index.ts';
import { expirePayouts } from '../../src/server/jobs/expiry.ts';
import { sendReminders } from '../../src/server/jobs/reminders.ts';
import { fromWallTime, toWallTime } from '../../src/shared/zonedTime.ts';
import type { PayoutStatus } from '../../src/shared/payouts.ts';
import { insertPayout } from './payout-fixtures.ts';
import { engine, startApp, type TestApp } from './harness.ts';

let t: TestApp;
const ids = { customer: 0, account: 0, program: 0, recipient: 0 };
const past = () => new Date(Date.now() - 60_000);

async function funds() {
  return t.database.db.selectFrom('accounts').select(['balance', 'locked_balance']).where('id', '=', ids.account).executeTakeFirstOrThrow();
}
const payout = (status: PayoutStatus, endDate: Date, amount = 1_000) =>
  insertPayout(t.database.db, { customerId: ids.customer, accountId: ids.account, programId: ids.program, recipientId: ids.recipient, status, endDate, amount });

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.account = (await db.insertInto('accounts').values({ customer_id: ids.customer, name: 'Expiry', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.transaction().execute((trx) => topUp(trx, { accountId: ids.account, amount: 10_000_000, reference: 'tests', actor: { userId: null } }));
  ids.program = (await db.selectFrom('programs').select('id').where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow()).id;
  ids.recipient = (await db.selectFrom('recipients').select('id').where('customer_id', '=', ids.customer).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe(`payout expiry (${engine})`, () => {
  it('expires the due payouts to collect or suspended, gives their money back, and leaves the rest', async () => {
    const due = [await payout('TO_COLLECT', past(), 1_500), await payout('SUSPENDED', past(), 2_500)];
    const stay = [await payout('TO_COLLECT', new Date(Date.now() + 86_400_000)), await payout('TO_APPROVE', past()), await payout('COLLECTED_ON_PAGE', past())];
    const before = await funds();
    expect(await expirePayouts(t.database.db)).toBeGreaterThanOrEqual(2);
    const statuses = await t.database.db.selectFrom('payouts').select(['id', 'status']).where('id', 'in', [...due, ...stay]).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['EXPIRED', 'EXPIRED', 'TO_COLLECT', 'TO_APPROVE', 'COLLECTED_ON_PAGE']);
    expect(await funds()).toEqual({ balance: before.balance + 4_000, locked_balance: before.locked_balance - 4_000 });
    const history = await t.database.db.selectFrom('payout_status_changes').select(['from_status', 'to_status', 'created_by']).where('payout_id', '=', due[1]).orderBy('id').execute();
    expect(history.at(-1)).toEqual({ from_status: 'SUSPENDED', to_status: 'EXPIRED', created_by: null });
    expect(await expirePayouts(t.database.db)).toBe(0);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it.runIf(engine === 'postgres')('expires and unlocks each payout once with two instances running the job at once', async () => {
    const due: number[] = [];
    for (let i = 0; i < 300; i++) due.push(await payout(i % 3 ? 'TO_COLLECT' : 'SUSPENDED', past(), 1_000 + i));
    const before = await funds();
    // A second instance: its own connection pool and app on the same database.
    const database = await openDatabase({ databaseUrl: t.databaseUrl });
    const second = await buildApp({ config: t.config, database, printMessages: false, logger: false });
    try {
      await Promise.all([t.expiry.run(), second.expiry.run(), expirePayouts(t.database.db), expirePayouts(database.db)]);
    } finally {
      await second.app.close();
      await database.close();
    }
    const unlocks = await t.database.db
      .selectFrom('balance_updates')
      .select(['payout_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('type', '=', 'UNLOCK')
      .where('payout_id', 'in', due)
      .groupBy('payout_id')
      .execute();
    expect(unlocks).toHaveLength(300);
    expect(unlocks.every((u) => Number(u.n) === 1)).toBe(true);
    const expired = await t.database.db.selectFrom('payout_status_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('payout_id', 'in', due).where('to_status', '=', 'EXPIRED').executeTakeFirstOrThrow();
    expect(Number(expired.n)).toBe(300);
    const total = due.reduce((sum, _, i) => sum + 1_000 + i, 0);
    expect(await funds()).toEqual({ balance: before.balance + total, locked_balance: before.locked_balance - total });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe(`payout reminders (${engine})`, () => {
  it("text a payout to collect once, in its program's window and from its hour, in the customer's time zone", async () => {
    const db = t.database.db;
    const day = toWallTime(new Date(), 'Europe/Warsaw').slice(0, 10);
    const noon = fromWallTime(`${day} 12:00:00`, 'Europe/Warsaw');
    const program = (
      await db
        .insertInto('programs')
        .values({ customer_id: ids.customer, name: 'Reminded', currency: 'PLN', budget: 100_000_000, budget_interval: 'YEARLY', url: 'reminded', reminder_enabled: true, reminder_days: 3, reminder_hour: 10, reminder_message: 'Remember {PAYOUT_REFERENCE} until {PAYOUT_END_DATE}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const make = (status: PayoutStatus, endsIn: number, programId = program) =>
      insertPayout(db, { customerId: ids.customer, accountId: ids.account, programId, recipientId: ids.recipient, status, endDate: new Date(noon.getTime() + endsIn * 86_400_000) });
    const due = await make('TO_COLLECT', 2);
    const later = await make('TO_COLLECT', 5);
    const suspended = await make('SUSPENDED', 1);
    const noReminders = await make('TO_COLLECT', 1, ids.program);
    const reference = async (id: number) => (await db.selectFrom('payouts').select('reference').where('id', '=', id).executeTakeFirstOrThrow()).reference;
    const texts = async () => {
      await t.outbox.kick();
      return (await t.messages()).map((m) => m.body);
    };

    // Before ten o'clock in Warsaw: nothing yet.
    expect(await sendReminders(db, t.config.publicUrl, new Date(noon.getTime() - 3 * 3_600_000))).toBe(0);
    expect(await sendReminders(db, t.config.publicUrl, noon)).toBe(1);
    const sent = await texts();
    const dueReference = await reference(due);
    expect(sent.filter((b) => b.startsWith(`Remember ${dueReference} until `))).toHaveLength(1);
    for (const id of [later, suspended, noReminders]) {
      const ref = await reference(id);
      expect(sent.some((b) => b.includes(ref))).toBe(false);
    }
    // Once: an hour later nothing more.
    expect(await sendReminders(db, t.config.publicUrl, new Date(noon.getTime() + 3_600_000))).toBe(0);
    // Three days later the other payout's window has come.
    expect(await sendReminders(db, t.config.publicUrl, new Date(noon.getTime() + 3 * 86_400_000))).toBe(1);
  });
});
