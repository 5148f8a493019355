// The ledger under concurrency: many transfers at once out of one account whose balance covers only some of them.
// On PostgreSQL (TEST_DATABASE_URL) the transactions really run in parallel on a pool of connections; PGlite runs
// one transaction at a time, and the same answers must hold there too. And a fault in the middle of a movement
// leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.ts';
import { checkJournal, checkLedger, topUp, transfer } from '../../src/server/ledger/index.ts';
import { balancesOf, countRows, createAccount, FaultAfter, openLedgerDatabase, type LedgerDatabase } from './ledger-database.ts';

const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe(`concurrent transfers (${engine})`, () => {
  let t: LedgerDatabase;

  beforeAll(async () => {
    t = await openLedgerDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves out of one account exactly what its balance allows, 200 transfers at once', async () => {
    const source = await createAccount(t.db, t.customerId, 'PLN');
    const targets: number[] = [];
    for (let i = 0; i < 4; i++) targets.push(await createAccount(t.db, t.customerId, 'PLN'));
    const initial = 1_000_000; // 1,000.00 PLN
    await t.db.transaction().execute((trx) => topUp(trx, { accountId: source, amount: initial, reference: 'start', actor: t.actor }));
    const updatesBefore = await countRows(t.db, 'balance_updates');
    const entriesBefore = await countRows(t.db, 'journal_entries');

    // 200 amounts between 1.00 and 20.99 PLN, about 2,100.00 PLN in all: the balance covers roughly half.
    const amounts = Array.from({ length: 200 }, (_, i) => 1_000 + ((i * 7_919) % 20_000));
    expect(amounts.reduce((a, b) => a + b, 0)).toBeGreaterThan(2 * initial);
    const outcomes = await Promise.all(
      amounts.map(async (amount, i) => {
        try {
          await t.db.transaction().execute((trx) =>
            transfer(trx, { fromAccountId: source, toAccountId: targets[i % targets.length], amount, title: `T${i}`, actor: t.actor, customerId: t.customerId }),
          );
          return { amount, ok: true as const };
        } catch (err) {
          return { amount, ok: false as const, err };
        }
      }),
    );

    const moved = outcomes.filter((o) => o.ok).reduce((sum, o) => sum + o.amount, 0);
    const refused = outcomes.filter((o) => !o.ok);
    for (const o of refused) {
      expect(o.err).toBeInstanceOf(AppError);
      expect((o.err as AppError).toJSON()).toEqual({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds!' });
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(200);

    const balances = await balancesOf(t.db, [source, ...targets]);
    const left = balances.get(source)!.balance;
    // What moved is what the balance allowed: it left the source and arrived at the targets, nothing more or less.
    expect(left).toBe(initial - moved);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(targets.reduce((sum, id) => sum + balances.get(id)!.balance, 0)).toBe(moved);
    // The balance only went down, so every refused transfer asked for more than what was left at the end.
    for (const o of refused) expect(o.amount).toBeGreaterThan(left);
    expect(await countRows(t.db, 'balance_updates')).toBe(updatesBefore + 2 * (200 - refused.length));
    // One journal entry per transfer made, its two legs summing to zero.
    expect(await countRows(t.db, 'journal_entries')).toBe(entriesBefore + 200 - refused.length);
    expect(await checkLedger(t.db)).toEqual([]);
    expect(await checkJournal(t.db)).toEqual([]);
  }, 120_000);

  it('gives a currency one top-up source when its first top-ups run at once', async () => {
    const accounts: number[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await createAccount(t.db, t.customerId, 'CHF'));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction().execute((trx) => topUp(trx, { accountId: accounts[i % 4], amount: 1_000 * (i + 1), reference: `chf-${i}`, actor: t.actor })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const sources = await t.db.selectFrom('outside_accounts').select('id').where('currency', '=', 'CHF').where('kind', '=', 'TOP_UP_SOURCE').execute();
    expect(sources).toHaveLength(1);
    const given = await t.db.selectFrom('outside_legs').select((eb) => eb.fn.sum<number>('amount').as('total')).where('outside_account_id', '=', sources[0].id).executeTakeFirstOrThrow();
    // 1.00 + 2.00 + ... + 20.00 = 210.00 CHF left the outside world.
    expect(Number(given.total)).toBe(-210_000);
    expect(await checkJournal(t.db)).toEqual([]);
  }, 120_000);

  it('transfers back and forth between two accounts at once without deadlocks or lost updates', async () => {
    const a = await createAccount(t.db, t.customerId, 'EUR');
    const b = await createAccount(t.db, t.customerId, 'EUR');
    await t.db.transaction().execute(async (trx) => {
      await topUp(trx, { accountId: a, amount: 50_000, reference: 'a', actor: t.actor });
      await topUp(trx, { accountId: b, amount: 50_000, reference: 'b', actor: t.actor });
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        t.db.transaction().execute((trx) =>
          transfer(trx, { fromAccountId: i % 2 ? a : b, toAccountId: i % 2 ? b : a, amount: 3_000 + (i % 5) * 1_000, actor: t.actor }),
        ),
      ),
    );
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as AppError).code).toBe('INSUFFICIENT_FUNDS');
    const balances = await balancesOf(t.db, [a, b]);
    expect(balances.get(a)!.balance + balances.get(b)!.balance).toBe(100_000);
    expect(await checkLedger(t.db)).toEqual([]);
  }, 120_000);

  it('leaves both accounts, the statement and the audit log untouched when a transfer fails half-way', async () => {
    const from = await createAccount(t.db, t.customerId, 'PLN');
    const to = await createAccount(t.db, t.customerId, 'PLN');
    await t.db.transaction().execute((trx) => topUp(trx, { accountId: from, amount: 80_000, reference: 'start', actor: t.actor }));
    const before = await balancesOf(t.db, [from, to]);
    const updates = await countRows(t.db, 'balance_updates');
    const audits = await countRows(t.db, 'audit_log');
    const entries = await countRows(t.db, 'journal_entries');

    // A transfer runs 7 statements: lock both rows, its journal entry, debit, its statement row, credit, its statement
    // row, audit entry.
    // A fault after each of them (after 4: the debit and its row are written, the credit is not) must undo them all.
    let statements = 0;
    for (let failAfter = 1; failAfter < 20; failAfter++) {
      const fault = new FaultAfter(failAfter);
      const outcome = await t.db
        .transaction()
        .execute((trx) => transfer(trx.withPlugin(fault), { fromAccountId: from, toAccountId: to, amount: 30_000, actor: t.actor }))
        .then(
          () => 'completed',
          (err: Error) => err.message,
        );
      if (outcome === 'completed') {
        // The transfer ran fewer statements than the fault waited for: the faults have covered every step.
        statements = fault.statements;
        break;
      }
      expect(outcome).toBe(`injected fault after statement ${failAfter}`);
      expect(await balancesOf(t.db, [from, to])).toEqual(before);
      expect(await countRows(t.db, 'balance_updates')).toBe(updates);
      expect(await countRows(t.db, 'audit_log')).toBe(audits);
      expect(await countRows(t.db, 'journal_entries')).toBe(entries);
      expect(await checkLedger(t.db)).toEqual([]);
      expect(await checkJournal(t.db)).toEqual([]);
    }
    expect(statements).toBe(7);
    expect(await balancesOf(t.db, [from, to])).toEqual(
      new Map([
        [from, { balance: 50_000, lockedBalance: 0 }],
        [to, { balance: 30_000, lockedBalance: 0 }],
      ]),
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
