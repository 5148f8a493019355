// A request whose transaction the database rolls back to break a deadlock (PostgreSQL detects one when two
// transactions each wait for a row the other holds) is answered with a conflict the user can act on, and nothing of
// it stays: not an internal error. Made here for real, on a transfer: its accounts locked in id order by the route,
// and the two rows taken in the other order by a transaction of the test's own.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, sleep, startApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

const accountId = async (name: string) => (await t.database.db.selectFrom('accounts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const balances = async (ids: number[]) => (await t.database.db.selectFrom('accounts').select(['id', 'balance', 'locked_balance']).where('id', 'in', ids).orderBy('id').execute()).map((a) => `${a.id}:${a.balance}:${a.locked_balance}`);

// One connection, one transaction: the embedded engine cannot hold two at once, so it cannot deadlock.
describe.runIf(engine === 'postgres')('a deadlock', () => {
  it('answers 409 CONCURRENT_CHANGE with its message, changes nothing, and the same request then goes through', async () => {
    const admin = await t.login('admin');
    const [first, second] = [await accountId('Main PLN account'), await accountId('Payroll PLN')].sort((a, b) => a - b);
    const before = await balances([first, second]);
    const movements = async () => Number((await t.database.db.selectFrom('balance_updates').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const movementsBefore = await movements();
    const transfer = () => t.request({ method: 'POST', url: '/api/account/transfer', token: admin, payload: { fromAccountId: first, toAccountId: second, amount: 1_000, title: 'Deadlock' } });

    let answer: Awaited<ReturnType<typeof transfer>> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      // This transaction waits longer before it looks for a deadlock than the route's (1 s by default), so the
      // database finds it from the route's side and rolls the route's transaction back.
      await sql`SET LOCAL deadlock_timeout = '30s'`.execute(trx);
      await trx.selectFrom('accounts').select('id').where('id', '=', second).forUpdate().execute();
      const pending = transfer().then((res) => (answer = res));
      // The route holds the first account and waits for the second.
      for (let i = 0; ; i++) {
        const waiting = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`.execute(t.database.db);
        if (Number(waiting.rows[0].n) > 0) break;
        if (i > 200) throw new Error('the route never waited for the second account');
        await sleep(25);
      }
      // Now this transaction asks for the first: each waits for the other.
      await trx.selectFrom('accounts').select('id').where('id', '=', first).forUpdate().execute();
      await pending;
    });

    expect(answer!.status).toBe(409);
    expect(answer!.body).toEqual({ code: 'CONCURRENT_CHANGE', message: 'Another change to the same records was made at the same moment, so nothing was changed. Please try again.' });
    expect(await balances([first, second])).toEqual(before);
    expect(await movements()).toBe(movementsBefore);

    const again = await transfer();
    expect(again.status).toBe(200);
    expect(await movements()).toBe(movementsBefore + 2);
  });
});
