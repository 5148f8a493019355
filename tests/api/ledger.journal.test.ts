// Movements are journal entries: every movement has one entry id linking its legs, and the legs sum to zero because
// the outside world has accounts of its own (a top-up source and a payout sink per currency). A LOCK or UNLOCK row
// moves money inside one account (balance -x, blocked +x). A settled payout shows on the statement as the spec's
// transaction type PAYOUT. Old databases are backfilled by migration 022 so that their entries sum to zero too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { checkJournal, checkLedger, createPayouts, movePayouts, releaseFunds, topUp, transfer } from '../../src/server/ledger/index.ts';
import { startApp, type TestApp } from './harness.ts';
import { createScratchDatabase } from '../../tools/scratch-database.ts';
import { createAccount } from './ledger-database.ts';
import { insertPayout } from './payout-fixtures.ts';

let t: TestApp;
let db: Db;
let token = '';
let customerId = 0;
let a = 0;
let b = 0;
let programId = 0;
let recipientId = 0;
const system = { userId: null };

/** The legs of an entry: its statement rows and its legs on outside accounts. */
async function legsOf(entryId: number) {
  const accounts = await db
    .selectFrom('balance_updates')
    .select(['account_id as accountId', 'type', 'balance_change as balanceChange', 'locked_balance_change as lockedBalanceChange'])
    .where('entry_id', '=', entryId)
    .orderBy('id')
    .execute();
  const outside = await db
    .selectFrom('outside_legs')
    .innerJoin('outside_accounts', 'outside_accounts.id', 'outside_legs.outside_account_id')
    .select(['outside_accounts.kind', 'outside_accounts.currency', 'outside_legs.amount'])
    .where('outside_legs.entry_id', '=', entryId)
    .orderBy('outside_legs.id')
    .execute();
  return { accounts, outside };
}

const entryOfPayout = async (payoutId: number, type: string) =>
  (await db.selectFrom('balance_updates').select('entry_id').where('payout_id', '=', payoutId).where('type', '=', type as 'LOCK').executeTakeFirstOrThrow()).entry_id;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  db = t.database.db;
  token = await t.login('admin');
  customerId = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  a = await createAccount(db, customerId, 'PLN');
  b = await createAccount(db, customerId, 'PLN');
  programId = (await db.selectFrom('programs').select('id').where('customer_id', '=', customerId).where('currency', '=', 'PLN').orderBy('id').executeTakeFirstOrThrow()).id;
  recipientId = (await db.selectFrom('recipients').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe('journal entries', () => {
  it('a top-up: the account gains what the currency\'s top-up source gives', async () => {
    const { balanceUpdates } = await db.transaction().execute((trx) => topUp(trx, { accountId: a, amount: 250_000, reference: 'Wire 1', actor: system }));
    expect(await legsOf(balanceUpdates[0].entryId)).toEqual({
      accounts: [{ accountId: a, type: 'TOP_UP', balanceChange: 250_000, lockedBalanceChange: 0 }],
      outside: [{ kind: 'TOP_UP_SOURCE', currency: 'PLN', amount: -250_000 }],
    });
  });

  it('a transfer: one entry links its debit and its credit', async () => {
    const { balanceUpdates } = await db.transaction().execute((trx) => transfer(trx, { fromAccountId: a, toAccountId: b, amount: 40_000, title: 'Move', actor: system }));
    expect(balanceUpdates).toHaveLength(2);
    expect(balanceUpdates[0].entryId).toBe(balanceUpdates[1].entryId);
    expect(await legsOf(balanceUpdates[0].entryId)).toEqual({
      accounts: [
        { accountId: a, type: 'INTERNAL', balanceChange: -40_000, lockedBalanceChange: 0 },
        { accountId: b, type: 'INTERNAL', balanceChange: 40_000, lockedBalanceChange: 0 },
      ],
      outside: [],
    });
  });

  it('a payout: its lock moves money inside the account; paid out, it goes to the payout sink and shows as PAYOUT', async () => {
    const payoutId = await insertPayout(db, { customerId, accountId: a, programId, recipientId, amount: 15_000, status: 'TO_COLLECT' });
    expect(await legsOf(await entryOfPayout(payoutId, 'LOCK'))).toEqual({
      accounts: [{ accountId: a, type: 'LOCK', balanceChange: -15_000, lockedBalanceChange: 15_000 }],
      outside: [],
    });
    const paid = await db.transaction().execute((trx) => releaseFunds(trx, { accountId: a, amount: 15_000, payoutId, actor: system }));
    expect(paid.type).toBe('PAYOUT');
    expect(await legsOf(paid.entryId)).toEqual({
      accounts: [{ accountId: a, type: 'PAYOUT', balanceChange: 0, lockedBalanceChange: -15_000 }],
      outside: [{ kind: 'PAYOUT_SINK', currency: 'PLN', amount: 15_000 }],
    });

    // The statement shows the spec's type and filters by it; the old name is no type of the statement.
    const options = (o: unknown) => encodeURIComponent(JSON.stringify(o));
    const statement = await t.request({ method: 'GET', url: `/api/account/${a}/balanceUpdates?options=${options({ type: ['PAYOUT'] })}`, token });
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body.items).toEqual([
      expect.objectContaining({ type: 'PAYOUT', payoutId, balanceChange: 0, lockedBalanceChange: -15_000, entryId: paid.entryId }),
    ]);
    const old = await t.request({ method: 'GET', url: `/api/account/${a}/balanceUpdates?options=${options({ type: ['RELEASE'] })}`, token });
    expect(old.status).toBe(400);
  });

  it('the set-based moves: one entry per payout, created, paid out or given back', async () => {
    const made = await db.transaction().execute((trx) =>
      createPayouts(trx, {
        accountId: a,
        customerId,
        currency: 'PLN',
        status: 'TO_COLLECT',
        source: 'FROM_FILE',
        actor: system,
        payouts: [1_000, 2_000, 3_000, 4_000].map((amount, i) => ({
          reference: `JOURNAL-${Date.now()}-${i}`,
          programId,
          recipientId,
          amount,
          title: null,
          smsMessage: null,
          startDate: new Date(Date.now() - 60_000),
          endDate: new Date(Date.now() + 86_400_000),
        })),
      }),
    );
    const locks = await Promise.all(made.map((id) => entryOfPayout(id, 'LOCK')));
    expect(new Set(locks).size).toBe(4);
    expect(await legsOf(locks[2])).toEqual({ accounts: [{ accountId: a, type: 'LOCK', balanceChange: -3_000, lockedBalanceChange: 3_000 }], outside: [] });

    await db.transaction().execute((trx) => movePayouts(trx, { ids: made.slice(0, 3), from: ['TO_COLLECT'], to: 'COMPLETED_SUCCESSFULLY', actor: system }));
    const paid = await Promise.all(made.slice(0, 3).map((id) => entryOfPayout(id, 'PAYOUT')));
    expect(new Set(paid).size).toBe(3);
    expect(await legsOf(paid[1])).toEqual({
      accounts: [{ accountId: a, type: 'PAYOUT', balanceChange: 0, lockedBalanceChange: -2_000 }],
      outside: [{ kind: 'PAYOUT_SINK', currency: 'PLN', amount: 2_000 }],
    });

    await db.transaction().execute((trx) => movePayouts(trx, { ids: [made[3]], from: ['TO_COLLECT'], to: 'CANCELLED', actor: system }));
    expect(await legsOf(await entryOfPayout(made[3], 'UNLOCK'))).toEqual({
      accounts: [{ accountId: a, type: 'UNLOCK', balanceChange: 4_000, lockedBalanceChange: -4_000 }],
      outside: [],
    });

    expect(await checkJournal(db)).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('migration 022 on an old database', () => {
  it('makes every old movement an entry summing to zero, a transfer\'s two rows one entry, and RELEASE rows PAYOUT', async () => {
    // PostgreSQL when TEST_DATABASE_URL is set, else an empty embedded database.
    const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'test') : null;
    const handle = await openDatabase(scratch ? { databaseUrl: scratch.url } : {});
    try {
      const dir = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
      const before = readdirSync(dir).filter((f) => f.endsWith('.sql') && f < '022').sort();
      await handle.exclusive(async (conn) => {
        await conn.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
        for (const file of before) await conn.exec(`BEGIN;\n${readFileSync(path.join(dir, file), 'utf8')}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
      });
      const old = handle.db;
      const customer = await sql<{ id: number }>`INSERT INTO customers (name, url) VALUES ('Old Co', 'old-co') RETURNING id`.execute(old);
      const c = customer.rows[0].id;
      const accounts = await sql<{ id: number }>`INSERT INTO accounts (customer_id, currency, balance) VALUES (${c}, 'PLN', 48000), (${c}, 'PLN', 32000) RETURNING id`.execute(old);
      const [x, y] = accounts.rows.map((r) => r.id);
      // A top-up of 100.00, a transfer of 30.00, a payout of 20.00 locked and paid out, then two transfers of 1.00
      // whose rows were written interleaved (both debits, then both credits).
      await sql`INSERT INTO balance_updates (account_id, type, balance_change, locked_balance_change, balance_after, locked_balance_after, counterparty_account_id) VALUES
        (${x}, 'TOP_UP', 100000, 0, 100000, 0, NULL),
        (${x}, 'INTERNAL', -30000, 0, 70000, 0, ${y}),
        (${y}, 'INTERNAL', 30000, 0, 30000, 0, ${x}),
        (${x}, 'LOCK', -20000, 20000, 50000, 20000, NULL),
        (${x}, 'RELEASE', 0, -20000, 50000, 0, NULL),
        (${x}, 'INTERNAL', -1000, 0, 49000, 0, ${y}),
        (${x}, 'INTERNAL', -1000, 0, 48000, 0, ${y}),
        (${y}, 'INTERNAL', 1000, 0, 31000, 0, ${x}),
        (${y}, 'INTERNAL', 1000, 0, 32000, 0, ${x})`.execute(old);

      expect(await migrate(handle)).toContain('022_journal_entries.sql');

      const rows = await handle.db.selectFrom('balance_updates').select(['type', 'entry_id', 'balance_change']).orderBy('id').execute();
      expect(rows.map((r) => r.type)).toEqual(['TOP_UP', 'INTERNAL', 'INTERNAL', 'LOCK', 'PAYOUT', 'INTERNAL', 'INTERNAL', 'INTERNAL', 'INTERNAL']);
      const entries = rows.map((r) => r.entry_id);
      expect(entries[1]).toBe(entries[2]);
      expect(entries[5]).toBe(entries[7]);
      expect(entries[6]).toBe(entries[8]);
      expect(new Set(entries).size).toBe(6);
      const outside = await handle.db
        .selectFrom('outside_legs')
        .innerJoin('outside_accounts', 'outside_accounts.id', 'outside_legs.outside_account_id')
        .select(['outside_legs.entry_id', 'kind', 'currency', 'amount'])
        .orderBy('outside_legs.id')
        .execute();
      expect(outside).toEqual([
        { entry_id: entries[0], kind: 'TOP_UP_SOURCE', currency: 'PLN', amount: -100_000 },
        { entry_id: entries[4], kind: 'PAYOUT_SINK', currency: 'PLN', amount: 20_000 },
      ]);
      expect(await checkJournal(handle.db)).toEqual([]);
      expect(await checkLedger(handle.db)).toEqual([]);
    } finally {
      await handle.close();
      await scratch?.drop();
    }
  });
});
