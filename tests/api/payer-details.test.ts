// Payer and bank account details (issue 26, point 1): the customer's payer details (an ADMIN edits them, a General
// Representative reads them, others are refused), the debtor of the settlement files; a payout's beneficiary details
// masked for everyone and in full, audited, only where the customer allows it and only to ADMINs and General
// Representatives; a recipient's saved bank accounts listed masked and removed by an ADMIN.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topUp } from '../../src/server/ledger/index.ts';
import { insertPayout } from './payout-fixtures.ts';
import { startApp, type TestApp } from './harness.ts';

const XSD = readFileSync(path.join(import.meta.dirname, 'xsd/pain.001.001.09.xsd'), 'utf8');

let t: TestApp;
const token: Record<string, string> = {};
let demo = 0;
let programId = 0;
let mainAccount = 0;

const PAYER = {
  legalName: 'Demo Company sp. z o.o.',
  street: 'ul. Prosta 1',
  postalCode: '00-838',
  city: 'Warszawa',
  taxId: '5250001233',
  iban: 'PL96114020040000330200123456',
  bank: 'mBank',
};

let n = 0;
/** A recipient of the customer with one bank account; a payout collected to it when asked. */
async function recipientWithAccount(customerId: number, account: { iban?: string; currency?: string; channel?: 'EU_PL' | 'EU_SEPA' } = {}) {
  n += 1;
  const db = t.database.db;
  const recipient = await db
    .insertInto('recipients')
    .values({ customer_id: customerId, first_name: 'Bank', last_name: `Holder${n}`, phone_number: `+4878${String(1_000_000 + n).padStart(7, '0')}`, email: null, external_id: null, billon_user_name: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bank = await db
    .insertInto('bank_accounts')
    .values({
      recipient_id: recipient.id,
      country_code: 'PL',
      currency: account.currency ?? 'PLN',
      channel: account.channel ?? 'EU_PL',
      beneficiary_type: 'COMPANY',
      beneficiary_name: `Holder Company ${n}`,
      iban: account.iban ?? 'PL61109010140000071219812874',
      bic: null,
      sort_code: null,
      account_number: null,
      routing_code: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { recipientId: recipient.id, bankAccountId: Number(bank.id) };
}

async function collectedPayout(customerId: number, accountId: number, program: number, who: { recipientId: number; bankAccountId: number }, currency = 'PLN') {
  const id = await insertPayout(t.database.db, { customerId, accountId, programId: program, recipientId: who.recipientId, currency, status: 'COLLECTED_ON_PAGE', amount: 2_500 });
  await t.database.db.updateTable('payouts').set({ bank_account_id: who.bankAccountId, collected_at: new Date() }).where('id', '=', id).execute();
  return id;
}

const auditCount = async (action: string) =>
  Number((await t.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin', 'representative', 'viewer']) token[login] = await t.login(login);
  const db = t.database.db;
  demo = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  programId = (await db.selectFrom('programs').select('id').where('customer_id', '=', demo).where('currency', '=', 'PLN').orderBy('id').executeTakeFirstOrThrow()).id;
  mainAccount = (await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
  // The demo's collected payouts exported first, so that each export below holds only what its test collected.
  for (const group of (await t.request({ method: 'GET', url: '/api/settlement/pending', token: token.superadmin })).body.items) {
    expect((await t.request({ method: 'POST', url: '/api/settlement/batch', token: token.superadmin, payload: { channel: group.channel, currency: group.currency } })).status).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('payer details', () => {
  it('are edited by an ADMIN, read by a General Representative, refused to others; each change is audited', async () => {
    const saved = await t.request({ method: 'PUT', url: '/api/customer/payerDetails', token: token.admin, payload: { ...PAYER, iban: 'PL96 1140 2004 0000 3302 0012 3456', legalName: 'Demo Company S.A.' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The IBAN is kept as banks read it: capitals, no spaces.
    expect(saved.body).toEqual({ ...PAYER, legalName: 'Demo Company S.A.' });

    const read = await t.request({ method: 'GET', url: '/api/customer/payerDetails', token: token.representative });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...PAYER, legalName: 'Demo Company S.A.' });

    expect((await t.request({ method: 'PUT', url: '/api/customer/payerDetails', token: token.representative, payload: PAYER })).status).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/customer/payerDetails', token: token.viewer })).status).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/customer/payerDetails', token: token.viewer, payload: PAYER })).status).toBe(403);
    // An ADMIN cannot name another customer; a SUPER_ADMIN must name one.
    expect((await t.request({ method: 'GET', url: `/api/customer/payerDetails?customerId=${demo + 1000}`, token: token.admin })).body.code).toBe('CUSTOMER_NOT_FOUND');
    expect((await t.request({ method: 'GET', url: '/api/customer/payerDetails', token: token.superadmin })).body.code).toBe('CUSTOMER_NOT_FOUND');
    const bySuperAdmin = await t.request({ method: 'PUT', url: `/api/customer/payerDetails?customerId=${demo}`, token: token.superadmin, payload: PAYER });
    expect(bySuperAdmin.body).toEqual(PAYER);

    const entry = await t.database.db.selectFrom('audit_log').select(['before', 'after', 'customer_id']).where('action', '=', 'customer.payerDetails').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.customer_id).toBe(demo);
    // The account is named by its last four characters in the log, as every bank account is.
    expect(entry.before).toMatchObject({ legalName: 'Demo Company S.A.', iban: '•••• 3456' });
    expect(entry.after).toMatchObject({ legalName: 'Demo Company sp. z o.o.', iban: '•••• 3456' });
    expect(JSON.stringify(entry)).not.toContain('PL96114020040000330200123456');
  });

  it('refuses a bad body with the field errors, and nothing changes', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/customer/payerDetails', token: token.admin })).body;
    const bad = await t.request({
      method: 'PUT',
      url: '/api/customer/payerDetails',
      token: token.admin,
      payload: { ...PAYER, legalName: '', postalCode: '00838', taxId: '5250001234', iban: 'DE89370400440532013000', bank: 'PKO BP' },
    });
    expect(bad.status).toBe(400);
    const codes = Object.fromEntries(bad.body.validationErrors.map((e: { property: string; errors: { code: string }[] }) => [e.property, e.errors.map((x) => x.code)]));
    expect(codes).toMatchObject({
      legalName: ['REQUIRED'],
      postalCode: ['INVALID_POSTAL_CODE'],
      taxId: ['INVALID_TIN'],
      // Both banks are Polish: the account is a Polish IBAN.
      iban: ['INVALID_IBAN'],
      bank: expect.arrayContaining([expect.any(String)]),
    });
    const { city: _city, ...withoutCity } = PAYER;
    const missing = await t.request({ method: 'PUT', url: '/api/customer/payerDetails', token: token.admin, payload: withoutCity });
    expect(missing.body.validationErrors).toEqual([{ property: 'city', errors: [{ code: 'REQUIRED', message: 'Field required' }] }]);
    expect((await t.request({ method: 'GET', url: '/api/customer/payerDetails', token: token.admin })).body).toEqual(before);
  });
});

describe('beneficiary details of a payout', () => {
  it('are masked for everyone, and shown in full only with the setting on, to ADMIN and General Representatives, each view audited', async () => {
    const who = await recipientWithAccount(demo);
    const payoutId = await collectedPayout(demo, mainAccount, programId, who);
    const waiting = await insertPayout(t.database.db, { customerId: demo, accountId: mainAccount, programId, recipientId: who.recipientId, status: 'TO_COLLECT' });

    for (const login of ['admin', 'representative', 'viewer', 'superadmin']) {
      const details = await t.request({ method: 'GET', url: `/api/payout/${payoutId}`, token: token[login] });
      expect(details.body.bankAccount, login).toBe('•••• 2874');
      expect(JSON.stringify(details.body), login).not.toContain('PL6110901014');
    }
    expect((await t.request({ method: 'GET', url: `/api/payout/${waiting}`, token: token.admin })).body.bankAccount).toBeNull();

    // The setting is off by default: nobody sees them whole.
    const listed = async () => (await t.request({ method: 'GET', url: `/api/payout?options=${encodeURIComponent(JSON.stringify({ recipientId: who.recipientId }))}`, token: token.admin })).body.items;
    expect((await listed()).map((p: { id: number; beneficiaryDetailsViewable: boolean }) => [p.id, p.beneficiaryDetailsViewable]).sort()).toEqual([[payoutId, false], [waiting, false]].sort());
    const off = await t.request({ method: 'GET', url: `/api/payout/${payoutId}/beneficiary`, token: token.admin });
    expect(off).toMatchObject({ status: 403, body: { code: 'BENEFICIARY_DETAILS_HIDDEN', message: 'Viewing beneficiary details in full is turned off in the customer settings.' } });

    expect((await t.request({ method: 'PUT', url: '/api/customer/settings', token: token.admin, payload: { PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS: true } })).status).toBe(200);
    expect((await listed()).map((p: { id: number; beneficiaryDetailsViewable: boolean }) => [p.id, p.beneficiaryDetailsViewable]).sort()).toEqual([[payoutId, true], [waiting, false]].sort());

    const views = await auditCount('payout.beneficiaryView');
    for (const login of ['admin', 'representative']) {
      const full = await t.request({ method: 'GET', url: `/api/payout/${payoutId}/beneficiary`, token: token[login] });
      expect(full.status, login).toBe(200);
      expect(full.body).toEqual({
        beneficiaryName: expect.stringMatching(/^Holder Company /),
        beneficiaryType: 'COMPANY',
        countryCode: 'PL',
        currency: 'PLN',
        iban: 'PL61109010140000071219812874',
        BIC: null,
        sortCode: null,
        accountNumber: null,
        routingCode: null,
      });
    }
    // Each full view is one entry, naming who saw which payout's account.
    expect(await auditCount('payout.beneficiaryView')).toBe(views + 2);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
      .select(['users.login', 'audit_log.entity', 'audit_log.entity_id', 'audit_log.customer_id', 'audit_log.after'])
      .where('action', '=', 'payout.beneficiaryView')
      .orderBy('audit_log.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ login: 'representative', entity: 'payout', entity_id: String(payoutId), customer_id: demo, after: { number: '•••• 2874' } });

    // A Special Representative and a SUPER_ADMIN never get them whole, and nothing is logged for a refusal.
    for (const login of ['viewer', 'superadmin']) expect((await t.request({ method: 'GET', url: `/api/payout/${payoutId}/beneficiary`, token: token[login] })).status, login).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/payout/${waiting}/beneficiary`, token: token.admin })).body.code).toBe('BANK_ACCOUNT_NOT_FOUND');
    expect(await auditCount('payout.beneficiaryView')).toBe(views + 2);

    // Off again: refused again.
    await t.request({ method: 'PUT', url: '/api/customer/settings', token: token.admin, payload: { PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS: false } });
    expect((await t.request({ method: 'GET', url: `/api/payout/${payoutId}/beneficiary`, token: token.representative })).status).toBe(403);
  });
});

describe('settlement files', () => {
  /** A customer of its own with a PLN and a EUR account with money, and a program of each currency. */
  async function otherCustomer(name: string) {
    const db = t.database.db;
    const customer = await db.insertInto('customers').values({ name, url: name.toLowerCase().replace(/\W+/g, '-'), logo_url: null, primary_color: null, login_variant: null }).returning('id').executeTakeFirstOrThrow();
    const accounts: Record<string, number> = {};
    const programs: Record<string, number> = {};
    for (const currency of ['PLN', 'EUR']) {
      const account = await db.insertInto('accounts').values({ customer_id: customer.id, name: `${name} ${currency}`, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow();
      await db.transaction().execute((trx) => topUp(trx, { accountId: account.id, amount: 1_000_000, reference: 'tests', actor: { userId: null } }));
      accounts[currency] = account.id;
      programs[currency] = (await db.insertInto('programs').values({ customer_id: customer.id, name: `${name} ${currency}`, currency, budget: 10_000_000, budget_interval: 'ONE_TIME', url: null, reminder_days: null, reminder_hour: null, reminder_message: null }).returning('id').executeTakeFirstOrThrow()).id;
    }
    return { id: customer.id, accounts, programs };
  }

  it("name each customer's payer as the debtor, and are refused while a customer has no payer details", async () => {
    const other = await otherCustomer('Other Payer Co');
    const sepa = { currency: 'EUR', channel: 'EU_SEPA' as const, iban: 'DE89370400440532013000' };
    const ours = await collectedPayout(demo, (await t.database.db.selectFrom('accounts').select('id').where('name', '=', 'Euro account').executeTakeFirstOrThrow()).id, (await t.database.db.selectFrom('programs').select('id').where('customer_id', '=', demo).where('currency', '=', 'EUR').orderBy('id').executeTakeFirstOrThrow()).id, await recipientWithAccount(demo, sepa), 'EUR');
    const theirs = await collectedPayout(other.id, other.accounts.EUR, other.programs.EUR, await recipientWithAccount(other.id, sepa), 'EUR');

    const refused = await t.request({ method: 'POST', url: '/api/settlement/batch', token: token.superadmin, payload: { channel: 'EU_SEPA', currency: 'EUR' } });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'PAYER_DETAILS_MISSING',
        message: "The transfer file cannot be generated: a customer whose payouts it would hold has no payer details. Fill in that customer's payer details first.",
        customers: ['Other Payer Co'],
      },
    });
    // Nothing moved.
    const statuses = await t.database.db.selectFrom('payouts').select('status').where('id', 'in', [ours, theirs]).execute();
    expect(statuses.map((s) => s.status)).toEqual(['COLLECTED_ON_PAGE', 'COLLECTED_ON_PAGE']);

    const otherPayer = { legalName: 'Other Payer Co S.A.', street: 'ul. Długa 5', postalCode: '31-147', city: 'Kraków', taxId: '5250001233', iban: 'PL23194010760000123400012345', bank: 'Credit Agricole' };
    expect((await t.request({ method: 'PUT', url: `/api/customer/payerDetails?customerId=${other.id}`, token: token.superadmin, payload: otherPayer })).status).toBe(200);
    const made = await t.request({ method: 'POST', url: '/api/settlement/batch', token: token.superadmin, payload: { channel: 'EU_SEPA', currency: 'EUR' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const xml = String((await t.request({ method: 'GET', url: `/api/settlement/batch/${made.body.id}/file`, token: token.superadmin })).body);
    // One payment block per payer, each with its own debtor, account and bank.
    expect(xml.match(/<PmtInf>/g)).toHaveLength(2);
    expect(xml).toContain('<Dbtr><Nm>Demo Company sp. z o.o.</Nm></Dbtr><DbtrAcct><Id><IBAN>PL96114020040000330200123456</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BICFI>BREXPLPWXXX</BICFI></FinInstnId></DbtrAgt>');
    expect(xml).toContain('<Dbtr><Nm>Other Payer Co S.A.</Nm></Dbtr><DbtrAcct><Id><IBAN>PL23194010760000123400012345</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BICFI>AGRIPLPRXXX</BICFI></FinInstnId></DbtrAgt>');
    // The operator's example account of before is gone from the debtor's side.
    expect(xml).not.toContain('Payout Panel Operator');
    const result = await validateXML({ xml: { fileName: 'transfers.xml', contents: xml }, schema: { fileName: 'pain.001.001.09.xsd', contents: XSD } });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);

    // A CSV file names the debtor on each row.
    await collectedPayout(other.id, other.accounts.PLN, other.programs.PLN, await recipientWithAccount(other.id));
    const csv = await t.request({ method: 'POST', url: '/api/settlement/batch', token: token.superadmin, payload: { channel: 'EU_PL', currency: 'PLN' } });
    const rows = String((await t.request({ method: 'GET', url: `/api/settlement/batch/${csv.body.id}/file`, token: token.superadmin })).body).trim().split('\r\n');
    expect(rows[0].split(',').slice(-2)).toEqual(['debtorName', 'debtorIban']);
    // (The demo's payout collected in the test above is in it too, with the demo's payer.)
    const debtors = rows.slice(1).map((row) => row.split(',').slice(-2));
    expect(debtors).toContainEqual(['Other Payer Co S.A.', 'PL23194010760000123400012345']);
    expect(debtors).toContainEqual(['Demo Company sp. z o.o.', 'PL96114020040000330200123456']);
  });
});

describe("a recipient's bank accounts", () => {
  it('are listed masked with type and currency; an ADMIN removes one, audited; a payout collected to it is still paid there', async () => {
    const unused = await recipientWithAccount(demo, { iban: 'PL27114020040000300201355387' });
    const used = await recipientWithAccount(demo);
    const payoutId = await collectedPayout(demo, mainAccount, programId, used);

    const details = await t.request({ method: 'GET', url: `/api/payout/recipient/${unused.recipientId}`, token: token.viewer });
    expect(details.body.bankAccounts).toEqual([{ id: unused.bankAccountId, account: '•••• 5387', beneficiaryType: 'COMPANY', currency: 'PLN', countryCode: 'PL', createdAt: expect.any(String) }]);
    expect(JSON.stringify(details.body)).not.toContain('PL27114020040000300201355387');
    const list = await t.request({ method: 'GET', url: `/api/payout/recipient/${unused.recipientId}/bankAccount`, token: token.representative });
    expect(list.body).toEqual({ items: [{ id: unused.bankAccountId, account: '•••• 5387', beneficiaryType: 'COMPANY', currency: 'PLN', countryCode: 'PL', createdAt: expect.any(String) }], numberOfRecords: 1 });
    expect((await t.request({ method: 'GET', url: '/api/payout/recipient/999999/bankAccount', token: token.admin })).body.code).toBe('RECIPIENT_NOT_FOUND');

    // Only an ADMIN removes one: a General Representative manages recipients but not their bank accounts.
    for (const login of ['representative', 'viewer', 'superadmin']) {
      expect((await t.request({ method: 'DELETE', url: `/api/payout/recipient/bankAccount/${unused.bankAccountId}`, token: token[login] })).status, login).toBe(403);
    }
    const removals = await auditCount('recipient.bankAccountRemove');
    expect((await t.request({ method: 'DELETE', url: `/api/payout/recipient/bankAccount/${unused.bankAccountId}`, token: token.admin })).status).toBe(204);
    // No payout named it: it is gone.
    expect(await t.database.db.selectFrom('bank_accounts').select('id').where('id', '=', unused.bankAccountId).executeTakeFirst()).toBeUndefined();
    expect((await t.request({ method: 'GET', url: `/api/payout/recipient/${unused.recipientId}`, token: token.admin })).body.bankAccounts).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/payout/recipient/bankAccount/${unused.bankAccountId}`, token: token.admin })).body.code).toBe('BANK_ACCOUNT_NOT_FOUND');

    // One a collected payout went to: no longer the recipient's, while the payout keeps it and is paid to it.
    expect((await t.request({ method: 'DELETE', url: `/api/payout/recipient/bankAccount/${used.bankAccountId}`, token: token.admin })).status).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/payout/recipient/${used.recipientId}/bankAccount`, token: token.admin })).body.items).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/payout/${payoutId}`, token: token.admin })).body.bankAccount).toBe('•••• 2874');
    expect(await auditCount('recipient.bankAccountRemove')).toBe(removals + 2);
    const entry = await t.database.db.selectFrom('audit_log').select(['customer_id', 'before', 'after']).where('action', '=', 'recipient.bankAccountRemove').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ customer_id: demo, before: { recipientId: used.recipientId, number: '•••• 2874', currency: 'PLN' }, after: { keptForPayouts: true } });

    const batch = await t.request({ method: 'POST', url: '/api/settlement/batch', token: token.superadmin, payload: { channel: 'EU_PL', currency: 'PLN' } });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    const file = String((await t.request({ method: 'GET', url: `/api/settlement/batch/${batch.body.id}/file`, token: token.superadmin })).body);
    expect(file).toContain('PL61109010140000071219812874');
  });
});
