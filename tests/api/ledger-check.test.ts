// The operators' ledger check through the real app: a SUPER_ADMIN runs it (POST /api/ledger/check) and reads what it
// found; an account whose balance was changed behind the ledger's back, or a journal entry that does not sum to zero,
// is reported, written to the log as an error and rung in the SUPER_ADMINs' bell (once while unread); the job runs
// the same check every LEDGER_CHECK_INTERVAL_MS, an hour unless configured, never when 0.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { runLedgerCheck } from '../../src/server/jobs/ledgerCheck.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

const check = (token = tokens.superadmin) => t.request({ method: 'POST', url: '/api/ledger/check', token });
const bell = (token: string) => t.request({ method: 'GET', url: '/api/notification', token });
const ledgerNotes = async (token: string) =>
  ((await bell(token)).body.items as { kind: string; title: string; read: boolean }[]).filter((n) => n.kind === 'ledgerDiscrepancy');

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin']) tokens[login] = await t.login(login);
});
afterAll(async () => t?.close());

describe('the ledger check', () => {
  it('runs every hour unless configured, and never when set to 0', () => {
    expect(loadConfig({}).ledgerCheckIntervalMs).toBe(3_600_000);
    expect(loadConfig({ LEDGER_CHECK_INTERVAL_MS: '0' }).ledgerCheckIntervalMs).toBe(0);
    expect(loadConfig({ LEDGER_CHECK_INTERVAL_MS: '60000' }).ledgerCheckIntervalMs).toBe(60_000);
  });

  it('finds nothing wrong in a ledger only the ledger wrote, and rings no bell', async () => {
    const res = await check();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ok: true, accounts: [], entries: [] });
    expect(typeof res.body.checkedAt).toBe('string');
    expect(await ledgerNotes(tokens.superadmin)).toEqual([]);
  });

  it('is for SUPER_ADMINs only', async () => {
    expect((await check(tokens.admin)).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/ledger/check' })).status).toBe(401);
  });

  it('reports an account whose balance was changed behind the ledger, logs it as an error and rings the SUPER_ADMINs once', async () => {
    const db = t.database.db;
    const account = await db.selectFrom('accounts').select(['id', 'balance', 'locked_balance']).where('balance', '>', 0).orderBy('id').executeTakeFirstOrThrow();
    // 12.34 appear out of nowhere: no statement row, no journal entry.
    await db.updateTable('accounts').set({ balance: account.balance + 12_340 }).where('id', '=', account.id).execute();

    const res = await check();
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.entries).toEqual([]);
    expect(res.body.accounts).toEqual([
      {
        accountId: account.id,
        balance: account.balance + 12_340,
        lockedBalance: account.locked_balance,
        sumBalanceChange: account.balance,
        sumLockedBalanceChange: account.locked_balance,
        lastBalanceAfter: account.balance,
        lastLockedBalanceAfter: account.locked_balance,
        chainBreaks: 0,
      },
    ]);
    const notes = await ledgerNotes(tokens.superadmin);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ read: false, title: 'Ledger check failed: accounts disagreeing with their statements: 1, journal entries not summing to zero: 0' });
    // Customers' users are not told.
    expect(await ledgerNotes(tokens.admin)).toEqual([]);

    // The job's run: the same finding goes to the log as an error; the bell, still unread, is not rung again.
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const again = await runLedgerCheck(db, log);
    expect(again.accounts.map((a) => a.accountId)).toEqual([account.id]);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(vi.mocked(log.error).mock.calls[0][1]).toBe('ledger check found discrepancies');
    expect(await ledgerNotes(tokens.superadmin)).toHaveLength(1);

    await db.updateTable('accounts').set({ balance: account.balance }).where('id', '=', account.id).execute();
    expect((await check()).body).toMatchObject({ ok: true, accounts: [], entries: [] });
  });

  it('reports a journal entry whose legs do not sum to zero, and one with no legs', async () => {
    const db = t.database.db;
    await db.updateTable('notifications').set({ read_at: new Date() }).execute();
    const source = await db.selectFrom('outside_accounts').select('id').where('kind', '=', 'TOP_UP_SOURCE').where('currency', '=', 'PLN').executeTakeFirstOrThrow();
    // Money leaves the outside world with no account receiving it, and an entry is written without legs.
    const lopsided = await db.insertInto('journal_entries').values({ created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('outside_legs').values({ entry_id: lopsided.id, outside_account_id: source.id, amount: -5_000 }).execute();
    const empty = await db.insertInto('journal_entries').values({ created_at: new Date() }).returning('id').executeTakeFirstOrThrow();

    const res = await check();
    expect(res.body.ok).toBe(false);
    expect(res.body.accounts).toEqual([]);
    expect(res.body.entries).toEqual([
      { entryId: lopsided.id, sum: -5_000, legs: 1, currencies: 1 },
      { entryId: empty.id, sum: 0, legs: 0, currencies: 0 },
    ]);
    const notes = await ledgerNotes(tokens.superadmin);
    expect(notes[0]).toMatchObject({ read: false, title: 'Ledger check failed: accounts disagreeing with their statements: 0, journal entries not summing to zero: 2' });
  });
});
