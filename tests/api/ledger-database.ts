// A migrated, seeded database for the tests of the ledger and the step-up, without the HTTP app: a copy of the run's
// seeded database (test-database.ts), as harness.ts has.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Actor } from '../../src/server/audit/log.ts';
import type { DatabaseHandle, Db } from '../../src/server/db/index.ts';
import { seededDatabase } from './test-database.ts';

export interface LedgerDatabase {
  database: DatabaseHandle;
  db: Db;
  /** The demo customer and a second one. */
  customerId: number;
  otherCustomerId: number;
  /** The demo admin, with its phone number. */
  admin: { id: number; phoneNumber: string };
  actor: Actor;
  close(): Promise<void>;
}

export async function openLedgerDatabase(): Promise<LedgerDatabase> {
  const seeded = await seededDatabase();
  const database = seeded.database;
  const db = database.db;
  const customer = await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow();
  const other = await db
    .insertInto('customers')
    .values({ name: 'Other Co', url: 'other-co', logo_url: null, primary_color: null, login_variant: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select(['id', 'phone_number']).where('login', '=', 'admin').executeTakeFirstOrThrow();
  return {
    database,
    db,
    customerId: customer.id,
    otherCustomerId: other.id,
    admin: { id: admin.id, phoneNumber: admin.phone_number! },
    actor: { userId: admin.id, sessionId: null },
    async close() {
      await seeded.close();
    },
  };
}

export async function createAccount(db: Db, customerId: number, currency: string): Promise<number> {
  const row = await db.insertInto('accounts').values({ customer_id: customerId, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function balancesOf(db: Db, ids: number[]): Promise<Map<number, { balance: number; lockedBalance: number }>> {
  const rows = await db.selectFrom('accounts').select(['id', 'balance', 'locked_balance']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { balance: r.balance, lockedBalance: r.locked_balance }]));
}

export async function countRows(db: Db, table: 'balance_updates' | 'audit_log' | 'journal_entries'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A fault: the statement number `failAfter` (from 1) of the transaction runs, then the code "crashes". */
export class FaultAfter implements KyselyPlugin {
  statements = 0;
  constructor(private readonly failAfter: number) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.statements += 1;
    if (this.statements === this.failAfter) throw new Error(`injected fault after statement ${this.failAfter}`);
    return args.result;
  }
}

/**
 * A payout row for the ledger's LOCK, UNLOCK and PAYOUT rows to refer to (balance_updates.payout_id is a foreign
 * key): one program and recipient of the customer, the payout itself with no money of its own moved.
 */
export async function createPayoutRow(db: Db, customerId: number, accountId: number, currency: string): Promise<number> {
  const tag = `${accountId}-${Math.random().toString(36).slice(2, 10)}`;
  const program = await db
    .insertInto('programs')
    .values({ customer_id: customerId, name: `Ledger ${tag}`, currency, budget: 1_000_000_000, budget_interval: 'ONE_TIME', url: null, reminder_days: null, reminder_hour: null, reminder_message: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const phone = `+4879${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const recipient = await db
    .insertInto('recipients')
    .values({ customer_id: customerId, first_name: 'Ledger', last_name: 'Test', phone_number: phone, email: null, external_id: null, billon_user_name: null })
    .onConflict((oc) => oc.columns(['customer_id', 'phone_number']).doUpdateSet({ first_name: 'Ledger' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const payout = await db
    .insertInto('payouts')
    .values({ customer_id: customerId, reference: `LEDGER-${tag}`, status: 'TO_COLLECT', source: 'MANUAL', account_id: accountId, program_id: program.id, recipient_id: recipient.id, amount: 10, currency, title: null, sms_message: null, end_date: new Date(Date.now() + 86_400_000), created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return payout.id;
}
