// A delete the database refuses says why, in the user's words, and deletes nothing: each row another row
// still needs gets its own code and message instead of a bare "Invalid value".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFailure } from '../../src/server/db-errors.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const programExists = async (id: number) => (await t.database.db.selectFrom('programs').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('DELETE /api/payout/program/:id', () => {
  it('refuses a program with payouts with its own message and keeps it', async () => {
    const { program_id: id } = await t.database.db.selectFrom('payouts').select('program_id').orderBy('id').executeTakeFirstOrThrow();
    const res = await t.request({ method: 'DELETE', url: `/api/payout/program/${id}`, token: admin });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'PROGRAM_HAS_PAYOUTS', message: 'This program has payouts and cannot be deleted.' });
    expect(await programExists(id)).toBe(true);
  });

  it('refuses a program whose collection page recipients signed in to, saying so', async () => {
    const created = await t.request({ method: 'POST', url: '/api/payout/program', token: admin, payload: { name: 'Signed in', currency: 'PLN', budget: 1000, budgetInterval: 'YEARLY' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const user = await t.database.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.insertInto('sessions').values({ token_hash: 'refusals-test', user_id: user.id, expires_at: new Date(Date.now() + 60_000), program_id: created.body.id } as never).execute();
    const res = await t.request({ method: 'DELETE', url: `/api/payout/program/${created.body.id}`, token: admin });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'PROGRAM_HAS_COLLECTION_SESSIONS', message: "Recipients have signed in to this program's collection page, so it cannot be deleted." });
    expect(await programExists(created.body.id)).toBe(true);
  });

  it('still deletes a program nothing refers to', async () => {
    const created = await t.request({ method: 'POST', url: '/api/payout/program', token: admin, payload: { name: 'Unused', currency: 'PLN', budget: 1000, budgetInterval: 'YEARLY' } });
    expect((await t.request({ method: 'DELETE', url: `/api/payout/program/${created.body.id}`, token: admin })).status).toBe(204);
    expect(await programExists(created.body.id)).toBe(false);
  });
});

describe('refusals of rows still referenced, as the database reports them', () => {
  const refusal = (deleted: string, referring: string) => ({
    code: '23503',
    table: referring,
    detail: 'Key (id)=(7) is still referenced from table "' + referring + '".',
    message: `update or delete on table "${deleted}" violates foreign key constraint "${referring}_x_fkey" on table "${referring}"`,
  });
  it.each([
    ['recipients', 'payouts', 'RECIPIENT_HAS_PAYOUTS', 'This recipient has payouts and cannot be deleted.'],
    ['accounts', 'payouts', 'ACCOUNT_HAS_PAYOUTS', 'This account has payouts and cannot be deleted.'],
    ['accounts', 'balance_updates', 'ACCOUNT_HAS_MOVEMENTS', 'This account has movements and cannot be deleted.'],
    ['users', 'audit_log', 'USER_IN_USE', 'This user is named in payouts, accounts or history and cannot be deleted.'],
    ['customers', 'programs', 'STILL_REFERENCED', 'This item is still in use elsewhere and cannot be deleted.'],
  ])('%s referenced from %s -> %s', (deleted, referring, code, message) => {
    const error = databaseFailure(refusal(deleted, referring));
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code, message });
  });
});
