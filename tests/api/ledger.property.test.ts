// Property test of the ledger: random sequences of top-ups, transfers and the payout movements (lock, unlock, release),
// with refusals (insufficient funds, another currency, another customer, the same account, bad amounts), one at a time
// and in concurrent batches (each command in its own transaction). After every step: the ledger invariant holds
// (checkLedger), every journal entry's legs sum to zero (checkJournal), the balances equal a model of the successful commands, nothing is negative, money is conserved
// (sum of all funds = top-ups - releases), and a refused command left no statement row and no audit entry.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../locales/en/errors.json' with { type: 'json' };
import { AppError, ValidationFailure } from '../../src/server/errors.ts';
import { checkJournal, checkLedger, lockFunds, releaseFunds, topUp, transfer, unlockFunds } from '../../src/server/ledger/index.ts';
import { balancesOf, createPayoutRow, countRows, createAccount, openLedgerDatabase, type LedgerDatabase } from './ledger-database.ts';

// The accounts of one run: 0 and 1 in PLN and 2 in EUR of the demo customer, 3 in PLN of another customer.
const OWNER = [0, 0, 0, 1] as const;
const CURRENCY = ['PLN', 'PLN', 'EUR', 'PLN'] as const;

/** An absolute amount, or a part of what the account holds at the time (above 1: more than it holds). */
type Amount = { abs: number } | { part: number };
type Cmd =
  | { op: 'topUp'; acc: number; amount: Amount }
  | { op: 'transfer'; from: number; to: number; amount: Amount }
  | { op: 'lock' | 'unlock' | 'release'; acc: number; amount: Amount; wrongCurrency: boolean }
  | { op: 'badAmount'; via: 'topUp' | 'transfer' | 'lock'; acc: number; amount: number };
interface Step {
  parallel: boolean;
  cmds: Cmd[];
}

interface Model {
  balance: number[];
  locked: number[];
  toppedUp: number;
  released: number;
  /** Statement rows and audit entries the successful commands wrote. */
  updates: number;
  audits: number;
}

// Mostly the two PLN accounts of the demo customer, between which money can move; now and then any account.
const account = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) });
const pair = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom([0, 1] as const, [1, 0] as const) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })) },
);
const amount: fc.Arbitrary<Amount> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ abs: fc.integer({ min: 1, max: 3_000_000 }) }) },
  { weight: 4, arbitrary: fc.record({ part: fc.double({ min: 0.01, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ part: fc.constantFrom(1, 1.5) }) },
);
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('topUp' as const), acc: account, amount }) },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('transfer' as const), pair, amount }).map(({ op, pair: [from, to], amount: a }) => ({ op, from, to, amount: a })),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constantFrom('lock' as const, 'lock' as const, 'unlock' as const, 'release' as const),
      acc: account,
      amount,
      wrongCurrency: fc.constantFrom(false, false, false, false, false, true),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('badAmount' as const),
      via: fc.constantFrom('topUp' as const, 'transfer' as const, 'lock' as const),
      acc: account,
      amount: fc.constantFrom(0, -1000, 10.5, Number.MAX_SAFE_INTEGER + 2, Number.NaN),
    }),
  },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: cmd.map((c) => ({ parallel: false, cmds: [c] })) },
  { weight: 1, arbitrary: fc.array(cmd, { minLength: 2, maxLength: 6 }).map((cmds) => ({ parallel: true, cmds })) },
);

/** The amount a command moves, from the model's state when it is issued. */
function resolve(m: Model, c: Cmd): number {
  if (c.op === 'badAmount') return c.amount;
  if ('abs' in c.amount) return c.amount.abs;
  const base = c.op === 'topUp' ? 1_000_000 : c.op === 'transfer' ? m.balance[c.from] : c.op === 'lock' ? m.balance[c.acc] : m.locked[c.acc];
  return Math.max(1, Math.floor(base * c.amount.part));
}

/** What the command answers when it runs alone on the model's state. */
function predict(m: Model, c: Cmd, a: number): string {
  switch (c.op) {
    case 'topUp':
      return 'ok';
    case 'transfer':
      if (c.from === c.to) return 'TRANSFER_SAME_ACCOUNT';
      if (OWNER[c.from] !== OWNER[c.to]) return 'ACCOUNT_NOT_FOUND';
      if (CURRENCY[c.from] !== CURRENCY[c.to]) return 'INVALID_ACCOUNT_CURRENCY';
      return m.balance[c.from] >= a ? 'ok' : 'INSUFFICIENT_FUNDS';
    case 'lock':
      if (c.wrongCurrency) return 'INVALID_ACCOUNT_CURRENCY';
      return m.balance[c.acc] >= a ? 'ok' : 'INSUFFICIENT_FUNDS';
    case 'unlock':
    case 'release':
      if (c.wrongCurrency) return 'INVALID_ACCOUNT_CURRENCY';
      return m.locked[c.acc] >= a ? 'ok' : 'INSUFFICIENT_LOCKED_FUNDS';
    case 'badAmount':
      return 'INVALID_AMOUNT';
  }
}

/** Outcomes that depend on the funds: in a concurrent batch the other commands may change them first. */
const FUNDS_DEPENDENT = new Set(['ok', 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_LOCKED_FUNDS']);

function apply(m: Model, c: Cmd, a: number): void {
  switch (c.op) {
    case 'topUp':
      m.balance[c.acc] += a;
      m.toppedUp += a;
      m.updates += 1;
      m.audits += 1;
      return;
    case 'transfer':
      m.balance[c.from] -= a;
      m.balance[c.to] += a;
      m.updates += 2;
      m.audits += 1;
      return;
    case 'lock':
      m.balance[c.acc] -= a;
      m.locked[c.acc] += a;
      m.updates += 1;
      return;
    case 'unlock':
      m.locked[c.acc] -= a;
      m.balance[c.acc] += a;
      m.updates += 1;
      return;
    case 'release':
      m.locked[c.acc] -= a;
      m.released += a;
      m.updates += 1;
      return;
    case 'badAmount':
      throw new Error('a bad amount cannot succeed');
  }
}

describe('the ledger under random operations', () => {
  let t: LedgerDatabase;
  // One payout row per account for its LOCK, UNLOCK and PAYOUT rows to name (the ledger moves the money; which
  // payout a movement belongs to does not change the invariant).
  const payoutOf = new Map<number, number>();
  async function payoutFor(accountId: number, customerId: number, currency: string): Promise<number> {
    let id = payoutOf.get(accountId);
    if (id === undefined) {
      id = await createPayoutRow(t.db, customerId, accountId, currency);
      payoutOf.set(accountId, id);
    }
    return id;
  }

  beforeAll(async () => {
    t = await openLedgerDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Runs one command in its own transaction; answers 'ok' or the refusal's code. */
  async function execute(ids: number[], customers: number[], c: Cmd, a: number): Promise<string> {
    const actor = t.actor;
    const acc = 'acc' in c ? c.acc : 0;
    const payoutId = await payoutFor(ids[acc], customers[OWNER[acc]], CURRENCY[acc]);
    try {
      await t.db.transaction().execute(async (trx) => {
        switch (c.op) {
          case 'topUp':
            await topUp(trx, { accountId: ids[c.acc], amount: a, reference: `TOP-${a}`, actor });
            return;
          case 'transfer':
            await transfer(trx, { fromAccountId: ids[c.from], toAccountId: ids[c.to], amount: a, title: 'property', actor, customerId: customers[OWNER[c.from]] });
            return;
          case 'lock':
          case 'unlock':
          case 'release': {
            const currency = c.wrongCurrency ? (CURRENCY[c.acc] === 'PLN' ? 'EUR' : 'PLN') : CURRENCY[c.acc];
            const fn = c.op === 'lock' ? lockFunds : c.op === 'unlock' ? unlockFunds : releaseFunds;
            await fn(trx, { accountId: ids[c.acc], amount: a, payoutId, actor, currency, customerId: customers[OWNER[c.acc]] });
            return;
          }
          case 'badAmount':
            if (c.via === 'topUp') await topUp(trx, { accountId: ids[c.acc], amount: a, reference: 'bad', actor });
            else if (c.via === 'transfer') await transfer(trx, { fromAccountId: ids[c.acc], toAccountId: ids[(c.acc + 1) % 2], amount: a, actor });
            else await lockFunds(trx, { accountId: ids[c.acc], amount: a, payoutId, actor });
            return;
        }
      });
      return 'ok';
    } catch (err) {
      if (err instanceof AppError) {
        expect(err.message).toBe(messages[err.code]);
        return err.code;
      }
      if (err instanceof ValidationFailure) {
        expect(err.validationErrors[0].property).toBe('amount');
        return err.validationErrors[0].errors[0].code;
      }
      throw err;
    }
  }

  it('keeps balance + lockedBalance equal to the statement, conserves money and never goes negative', async () => {
    expect(messages.INSUFFICIENT_FUNDS).toBe('Insufficient funds!');
    expect(messages.INVALID_ACCOUNT_CURRENCY).toBe("Invalid Account's currency.");
    const customers = [t.customerId, t.otherCustomerId];

    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 4, maxLength: 4 }), fc.array(step, { minLength: 1, maxLength: 15 }), async (initial, steps) => {
        const ids: number[] = [];
        for (let i = 0; i < 4; i++) ids.push(await createAccount(t.db, customers[OWNER[i]], CURRENCY[i]));
        const model: Model = { balance: [0, 0, 0, 0], locked: [0, 0, 0, 0], toppedUp: 0, released: 0, updates: 0, audits: 0 };
        const updatesBefore = await countRows(t.db, 'balance_updates');
        const auditsBefore = await countRows(t.db, 'audit_log');
        // Money to start with (a zero amount is refused like any other bad amount).
        for (const [i, a] of initial.entries()) {
          const c: Cmd = { op: 'topUp', acc: i, amount: { abs: a } };
          const outcome = await execute(ids, customers, c, a);
          expect(outcome).toBe(a > 0 ? 'ok' : 'INVALID_AMOUNT');
          if (outcome === 'ok') apply(model, c, a);
        }

        for (const s of steps) {
          const amounts = s.cmds.map((c) => resolve(model, c));
          const predicted = s.cmds.map((c, i) => predict(model, c, amounts[i]));
          const outcomes = s.parallel
            ? await Promise.all(s.cmds.map((c, i) => execute(ids, customers, c, amounts[i])))
            : [await execute(ids, customers, s.cmds[0], amounts[0])];
          s.cmds.forEach((c, i) => {
            const funds = c.op === 'unlock' || c.op === 'release' ? 'INSUFFICIENT_LOCKED_FUNDS' : 'INSUFFICIENT_FUNDS';
            if (s.parallel && FUNDS_DEPENDENT.has(predicted[i])) expect(['ok', funds]).toContain(outcomes[i]);
            else expect(outcomes[i]).toBe(predicted[i]);
            if (outcomes[i] === 'ok') apply(model, c, amounts[i]);
          });

          // The statement agrees with every account, the balances with the model, nothing is negative.
          expect(await checkLedger(t.db)).toEqual([]);
          // Every movement is one journal entry whose legs (outside accounts included) sum to zero.
          expect(await checkJournal(t.db)).toEqual([]);
          const stored = await balancesOf(t.db, ids);
          ids.forEach((id, i) => {
            expect(stored.get(id)).toEqual({ balance: model.balance[i], lockedBalance: model.locked[i] });
            expect(model.balance[i]).toBeGreaterThanOrEqual(0);
            expect(model.locked[i]).toBeGreaterThanOrEqual(0);
          });
          // Money is conserved: what is held is what came in minus what was paid out.
          const held = [...stored.values()].reduce((sum, b) => sum + b.balance + b.lockedBalance, 0);
          expect(held).toBe(model.toppedUp - model.released);
          // Refusals leave nothing behind: one statement row per movement, one audit entry per top-up or transfer.
          expect(await countRows(t.db, 'balance_updates')).toBe(updatesBefore + model.updates);
          expect(await countRows(t.db, 'audit_log')).toBe(auditsBefore + model.audits);
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('refuses to change or remove statement rows and audit entries', async () => {
    const id = await createAccount(t.db, t.customerId, 'PLN');
    await t.db.transaction().execute((trx) => topUp(trx, { accountId: id, amount: 5000, reference: 'append-only', actor: t.actor }));
    await expect(t.db.updateTable('balance_updates').set({ balance_change: 1 }).where('account_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('balance_updates').where('account_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').where('entity_id', '=', String(id)).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('outside_legs').execute()).rejects.toThrow(/append-only/);
    await expect(t.db.updateTable('journal_entries').set({ id: 0 }).execute()).rejects.toThrow(/append-only/);
    expect(await checkLedger(t.db, id)).toEqual([]);
  });

  it('writes the statement rows and the audit entry of a transfer', async () => {
    const a = await createAccount(t.db, t.customerId, 'PLN');
    const b = await createAccount(t.db, t.customerId, 'PLN');
    const actor = { userId: t.admin.id, sessionId: 77 };
    await t.db.transaction().execute((trx) => topUp(trx, { accountId: a, amount: 150_000, reference: 'IN-1', actor }));
    const result = await t.db.transaction().execute((trx) => transfer(trx, { fromAccountId: a, toAccountId: b, amount: 40_000, title: 'Rent', actor }));
    expect(result.balanceUpdates).toMatchObject([
      { accountId: a, type: 'INTERNAL', balanceChange: -40_000, lockedBalanceChange: 0, balanceAfter: 110_000, lockedBalanceAfter: 0, counterpartyAccountId: b, reference: 'Rent' },
      { accountId: b, type: 'INTERNAL', balanceChange: 40_000, lockedBalanceChange: 0, balanceAfter: 40_000, lockedBalanceAfter: 0, counterpartyAccountId: a, reference: 'Rent' },
    ]);
    const rows = await t.db.selectFrom('balance_updates').select(['created_by', 'session_id']).where('account_id', 'in', [a, b]).execute();
    expect(rows.every((r) => r.created_by === t.admin.id && r.session_id === 77)).toBe(true);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'account').where('entity_id', '=', String(a)).orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['account.topUp', 'account.transfer']);
    expect(audit[1]).toMatchObject({
      actor_user_id: t.admin.id,
      actor_session_id: 77,
      customer_id: t.customerId,
      before: { from: { balance: 150_000, lockedBalance: 0 }, to: { balance: 0, lockedBalance: 0 } },
      after: { from: { balance: 110_000, lockedBalance: 0 }, to: { balance: 40_000, lockedBalance: 0 }, amount: 40_000, title: 'Rent' },
    });
  });
});
