// The "Paid" label (docs/decisions.md): a payout is Paid once the transfer batch it went out in is marked completed;
// before that (collected, in a generated file) or when the bank returned it, it is not, and its status never changes
// for the label. The list, the details and the report show the label; the status filter still finds it by status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topUp } from '../../src/server/ledger/index.ts';
import { insertPayout, recipientWithBankAccount } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let superadmin = '';
let admin = '';
let customerId = 0;
let programId = 0;
let n = 0;

/** Payouts of a new recipient collected to a bank account of `channel` in `currency`. */
async function collected(channel: 'EU_SEPA' | 'UK_LOCAL', currency: 'EUR' | 'GBP', count: number): Promise<number[]> {
  n += 1;
  const db = t.database.db;
  const account = await db.insertInto('accounts').values({ customer_id: customerId, name: `Paid label ${currency} ${n}`, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => topUp(trx, { accountId: account.id, amount: 10_000_000, reference: 'tests', actor: { userId: null } }));
  const { recipientId, bankAccountId } = await recipientWithBankAccount(db, { customerId, channel, currency, seq: 5_000_000 + n, lastName: `Paid${n}`, name: `Paula Paid ${n}`, phonePrefix: '+4876' });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await insertPayout(db, { customerId, accountId: account.id, programId, recipientId, currency, amount: 1_000 * (i + 1), status: 'COLLECTED_ON_PAGE' });
    await db.updateTable('payouts').set({ bank_account_id: bankAccountId }).where('id', '=', id).execute();
    ids.push(id);
  }
  return ids;
}

/** Generates the batch of a channel and currency; its id. */
async function generate(channel: string, currency: string): Promise<number> {
  const made = await t.request({ method: 'POST', url: '/api/settlement/batch', token: superadmin, payload: { channel, currency } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}

const close = async (batch: number, status: 'COMPLETED_SUCCESSFULLY' | 'RETURNED') =>
  expect((await t.request({ method: 'PUT', url: `/api/settlement/batch/${batch}/status`, token: superadmin, payload: { status } })).status).toBe(200);

/** status and label of a payout as the details answer them. */
async function shown(id: number, token = admin): Promise<{ status: string; label: string }> {
  const res = await t.request({ method: 'GET', url: `/api/payout/${id}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { status: res.body.status, label: res.body.label };
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  customerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  programId = (await t.database.db.selectFrom('programs').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()).id;
  // The demo's collected payouts exported first, so that each batch below holds only this file's payouts.
  for (const group of (await t.request({ method: 'GET', url: '/api/settlement/pending', token: superadmin })).body.items) await generate(group.channel, group.currency);
});
afterAll(async () => {
  await t?.close();
});

describe('the Paid label', () => {
  it('marks a payout once its transfer batch is completed, and never one collected, in a file, or returned', async () => {
    const completed = await collected('EU_SEPA', 'EUR', 2);
    const returned = await collected('UK_LOCAL', 'GBP', 1);

    // Collected on the page: not paid yet.
    expect(await shown(completed[0])).toEqual({ status: 'COLLECTED_ON_PAGE', label: 'COLLECTED_ON_PAGE' });

    const euroBatch = await generate('EU_SEPA', 'EUR');
    const poundBatch = await generate('UK_LOCAL', 'GBP');
    // In a transfer file the bank has not carried out: not paid.
    expect(await shown(completed[0])).toEqual({ status: 'TRANSFER_FILE_GENERATED', label: 'TRANSFER_FILE_GENERATED' });
    expect(await shown(returned[0])).toEqual({ status: 'TRANSFER_FILE_GENERATED', label: 'TRANSFER_FILE_GENERATED' });

    await close(euroBatch, 'COMPLETED_SUCCESSFULLY');
    await close(poundBatch, 'RETURNED');
    // The status stays COMPLETED_SUCCESSFULLY; the label says Paid, to the customer's admin and to the operator alike.
    for (const id of completed) expect(await shown(id)).toEqual({ status: 'COMPLETED_SUCCESSFULLY', label: 'PAID' });
    expect(await shown(completed[0], superadmin)).toEqual({ status: 'COMPLETED_SUCCESSFULLY', label: 'PAID' });
    // Returned by the bank: the money went back to the account, nothing was paid.
    expect(await shown(returned[0])).toEqual({ status: 'RETURNED', label: 'RETURNED' });

    // The list answers the label beside the status, and its status filter finds the paid ones by their status.
    const options = encodeURIComponent(JSON.stringify({ status: ['COMPLETED_SUCCESSFULLY'] }));
    const list = await t.request({ method: 'GET', url: `/api/payout?limit=50&options=${options}`, token: admin });
    expect(list.status).toBe(200);
    const ours = list.body.items.filter((p: { id: number }) => completed.includes(p.id));
    expect(ours.map((p: { status: string; label: string }) => [p.status, p.label])).toEqual([
      ['COMPLETED_SUCCESSFULLY', 'PAID'],
      ['COMPLETED_SUCCESSFULLY', 'PAID'],
    ]);
    expect(list.body.items.every((p: { label: string }) => p.label === 'PAID')).toBe(true);

    // Other statuses keep their own label.
    const others = await t.request({ method: 'GET', url: `/api/payout?limit=50&options=${encodeURIComponent(JSON.stringify({ status: ['TO_COLLECT', 'CANCELLED', 'EXPIRED'] }))}`, token: admin });
    expect(others.body.items.length).toBeGreaterThan(0);
    for (const p of others.body.items as { status: string; label: string }[]) expect(p.label).toBe(p.status);

    // The report writes the label in the asked language.
    const reference = list.body.items.find((p: { id: number }) => p.id === completed[0]).reference as string;
    for (const [lang, word] of [['en', 'Paid'], ['pl', 'Wypłacona']]) {
      const report = await t.app.inject({ method: 'GET', url: `/api/payout/report?format=csv&lang=${lang}&options=${options}`, headers: { authorization: `Bearer ${admin}` } });
      expect(report.statusCode).toBe(200);
      const line = report.body.split('\r\n').find((l) => l.startsWith(reference));
      expect(line).toContain(`,${word},`);
    }
  });
});
