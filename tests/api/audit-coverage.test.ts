// Every change a user makes leaves an audit entry. The write routes are listed from the app itself
// (buildApp's onRoute): each must be exercised below, and leave at least one entry naming the acting user and the
// customer whose data changed, or be one of the few that change no business data (signing in and out, a user's
// own read marks), each with its reason. A write route added later fails this test until it audits and is added.
// Then: no entry holds a secret, and every action written has a label in both languages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { insertPayout } from './payout-fixtures.ts';
import { PASSWORD, startApp, type TestApp } from './harness.ts';
import { multipart, workbook } from './upload.ts';

type Route = Parameters<NonNullable<AppOptions['onRoute']>>[0];

/** Routes that change no business data, and why. */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/login': 'signing in: the session is the record',
  'POST /api/login/authorize': 'signing in with the SMS code: the session and the trusted device are the record',
  'POST /api/logout': 'signing out ends the session',
  'POST /api/user/restorePassword': 'asks for an e-mailed code and changes nothing (the new password is audited by PUT)',
  'POST /api/payout/recipient/login': "a recipient's sign-in on the collection page",
  'POST /api/payout/recipient/authenticate': "a recipient's sign-in on the collection page",
  'POST /api/notification/:id/read': "a user's own read marks",
  'POST /api/notification/read': "a user's own read marks",
  'POST /api/ledger/check': 'checks the ledger and changes nothing (a discrepancy is told to the SUPER_ADMINs in the bell)',
};

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const secrets = new Set<string>([PASSWORD]);
const NEW_PASSWORD = 'Changed123!x';
const RESTORED_PASSWORD = 'Restored123!x';

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false, webhookPrivateAddresses: true, webhookTimeoutMs: 1_000 });
  for (const login of ['superadmin', 'admin']) tokens[login] = await t.login(login);
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.main = (await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
  ids.payroll = (await db.selectFrom('accounts').select('id').where('name', '=', 'Payroll PLN').executeTakeFirstOrThrow()).id;
  ids.program = (await db.selectFrom('programs').select('id').where('name', '=', 'Employee bonuses').executeTakeFirstOrThrow()).id;
  ids.representative = (await db.selectFrom('users').select('id').where('login', '=', 'representative').executeTakeFirstOrThrow()).id;
  await putSettings(db, { API_ENABLED: 'true', PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER: 'true' }, ids.customer);
});
afterAll(async () => t?.close());

async function listWriteRoutes(): Promise<string[]> {
  const routes: Route[] = [];
  const { app } = await buildApp({ config: t.config, database: t.database, printMessages: false, logger: false, onRoute: (r) => routes.push(r) });
  await app.close();
  return routes
    .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`))
    .filter((key) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(key));
}

async function lastAuditId(): Promise<number> {
  const row = await t.database.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

interface Call {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  token: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

async function send(call: Call) {
  return t.request({ method: call.method, url: call.url, token: call.token, payload: call.payload as never, headers: call.headers });
}

/** A payout of the demo customer in the given status on the main account, to a demo recipient. */
async function payout(status: 'TO_COLLECT' | 'TO_APPROVE' | 'COLLECTED_ON_PAGE' = 'TO_COLLECT', recipientId?: number): Promise<number> {
  const recipient = recipientId ?? (await t.database.db.selectFrom('recipients').select('id').where('customer_id', '=', ids.customer).where('blocked', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
  return insertPayout(t.database.db, { customerId: ids.customer, accountId: ids.main, programId: ids.program, recipientId: recipient, status, amount: 1_000 });
}

/**
 * Each write route, as a user would call it successfully: the route's key, who acts (their login, for the entry's
 * actor), the customer whose data changes (null: global), and the call. Steps run in order; later ones use what
 * earlier ones made.
 */
const steps: { route: string; actor: string; customer: () => number | null; call: () => Promise<Call> }[] = [
  { route: 'POST /api/customer', actor: 'superadmin', customer: () => ids.newCustomer, call: async () => ({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'Audited Ltd', url: 'audited-ltd' } }) },
  { route: 'PUT /api/customer', actor: 'superadmin', customer: () => ids.newCustomer, call: async () => ({ method: 'PUT', url: '/api/customer', token: tokens.superadmin, payload: { id: ids.newCustomer, name: 'Audited Limited', url: 'audited-ltd' } }) },
  { route: 'PUT /api/settings', actor: 'superadmin', customer: () => null, call: async () => ({ method: 'PUT', url: '/api/settings', token: tokens.superadmin, payload: { SMS_VERIFICATION_CODE_MESSAGE: 'Your code: {PASS}' } }) },
  { route: 'PUT /api/customer/settings', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/customer/settings', token: tokens.admin, payload: { SMS_SENDER_NAME: 'Audited' } }) },
  {
    route: 'PUT /api/customer/payerDetails',
    actor: 'admin',
    customer: () => ids.customer,
    call: async () => ({ method: 'PUT', url: '/api/customer/payerDetails', token: tokens.admin, payload: { legalName: 'Audited sp. z o.o.', street: 'ul. Prosta 1', postalCode: '00-838', city: 'Warszawa', taxId: '5250001233', iban: 'PL96114020040000330200123456', bank: 'mBank' } }),
  },
  {
    route: 'POST /api/user',
    actor: 'admin',
    customer: () => ids.customer,
    call: async () => ({ method: 'POST', url: '/api/user', token: tokens.admin, payload: { login: 'audited1', password: 'Audited123!', firstName: 'Ala', lastName: 'Audyt', phoneNumber: '+48600123987', email: 'audited1@demo.example.com', type: 'USER', representativeKind: 'GENERAL' } }),
  },
  {
    route: 'PUT /api/user',
    actor: 'admin',
    customer: () => ids.customer,
    call: async () => ({ method: 'PUT', url: '/api/user', token: tokens.admin, payload: { id: ids.newUser, login: 'audited1', password: 'Audited456!', firstName: 'Alicja', lastName: 'Audyt', phoneNumber: '+48600123987', email: 'audited1@demo.example.com', type: 'USER', representativeKind: 'GENERAL' } }),
  },
  { route: 'POST /api/myprofile', actor: 'audited1', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/myprofile', token: await t.login('audited1', 'Audited456!'), payload: { id: ids.newUser, currentPassword: 'Audited456!', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD } }) },
  {
    route: 'PUT /api/user/restorePassword',
    actor: 'audited1',
    customer: () => ids.customer,
    call: async () => {
      expect((await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'audited1' } })).status).toBe(200);
      const code = await t.lastCode('audited1@demo.example.com');
      return { method: 'PUT', url: '/api/user/restorePassword', token: '', payload: { identity: 'audited1', emailAuthorizationCode: code, password: RESTORED_PASSWORD, confirmPassword: RESTORED_PASSWORD } };
    },
  },
  { route: 'POST /api/payout/recipient', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/payout/recipient', token: tokens.admin, payload: { firstName: 'Rita', lastName: 'Audyt', phoneNumber: '+48600321987' } }) },
  { route: 'PUT /api/payout/recipient', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/payout/recipient', token: tokens.admin, payload: { id: ids.newRecipient, firstName: 'Rita', lastName: 'Audytowa', phoneNumber: '+48600321987' } }) },
  { route: 'POST /api/payout/recipient/toggleBlackListed', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/payout/recipient/toggleBlackListed', token: tokens.admin, payload: { id: ids.newRecipient } }) },
  {
    route: 'POST /api/payout/recipient/fromFile',
    actor: 'admin',
    customer: () => ids.customer,
    call: async () => {
      const { payload, headers } = multipart(workbook({ Sheet1: [['Phone number', 'First name', 'Last name'], ['+48 791 000 555', 'Ola', 'Plik']] }));
      return { method: 'POST', url: '/api/payout/recipient/fromFile', token: tokens.admin, payload, headers };
    },
  },
  { route: 'POST /api/payout/program', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { name: 'Audited program', currency: 'PLN', budget: 1_000_000, budgetInterval: 'MONTHLY' } }) },
  { route: 'PUT /api/payout/program', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/payout/program', token: tokens.admin, payload: { id: ids.newProgram, name: 'Audited program', currency: 'PLN', budget: 2_000_000, budgetInterval: 'MONTHLY' } }) },
  { route: 'PUT /api/payout/collection/settings/program/:id', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: `/api/payout/collection/settings/program/${ids.newProgram}`, token: tokens.admin, payload: { pageTitle: 'Audited page' } }) },
  { route: 'DELETE /api/payout/program/:id', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'DELETE', url: `/api/payout/program/${ids.newProgram}`, token: tokens.admin }) },
  { route: 'PUT /api/payout/collection/settings', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/payout/collection/settings', token: tokens.admin, payload: { pageTitle: 'Audited' } }) },
  { route: 'PUT /api/payout/collection/payin/settings', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/payout/collection/payin/settings', token: tokens.admin, payload: { webTitle: 'Audited' } }) },
  { route: 'POST /api/account', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/account', token: tokens.admin, payload: { name: 'Audited account', currency: 'PLN' } }) },
  { route: 'PUT /api/account/changeName', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/account/changeName', token: tokens.admin, payload: { id: ids.newAccount, name: 'Audited account 2' } }) },
  { route: 'PUT /api/account/representative', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/account/representative', token: tokens.admin, payload: { accountId: ids.newAccount, userId: ids.representative, permission: 'account.read' } }) },
  { route: 'POST /api/account/topUp', actor: 'superadmin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/account/topUp', token: tokens.superadmin, payload: { accountId: ids.newAccount, amount: 10_000, reference: 'Audited top-up' } }) },
  { route: 'POST /api/account/transfer', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/account/transfer', token: tokens.admin, payload: { fromAccountId: ids.newAccount, toAccountId: ids.payroll, amount: 5_000 } }) },
  {
    route: 'POST /api/payout',
    actor: 'admin',
    customer: () => ids.customer,
    call: async () => ({ method: 'POST', url: '/api/payout', token: tokens.admin, payload: { accountId: ids.main, programId: ids.program, newRecipient: { phoneNumber: '+48600999321', firstName: 'Nowa', lastName: 'Osoba' }, amount: 10_000, endDate: '2099-12-31 23:59:59' } }),
  },
  { route: 'PUT /api/payout/status', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/payout/status', token: tokens.admin, payload: { status: 'SUSPENDED', ids: [await payout()], confirm: true } }) },
  { route: 'POST /api/payout/:id/reminder', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: `/api/payout/${await payout()}/reminder`, token: tokens.admin }) },
  {
    route: 'POST /api/payout/fromFile',
    actor: 'admin',
    customer: () => ids.customer,
    call: async () => {
      const file = workbook({ Payouts: [['Phone number', 'Program name', 'Amount', 'Currency', 'End date', 'Title', 'First name', 'Last name'], ['+48 791 000 556', 'Employee bonuses', 12.5, 'PLN', '2099-12-31 23:59:59', null, 'Ela', 'Plik']] });
      const { payload, headers } = multipart(file, { accountId: String(ids.main) });
      return { method: 'POST', url: '/api/payout/fromFile', token: tokens.admin, payload, headers };
    },
  },
  { route: 'POST /api/integration/keys', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/integration/keys', token: tokens.admin, payload: { name: 'Audited key' } }) },
  { route: 'POST /api/integration/keys/:id/rotate', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: `/api/integration/keys/${ids.newKey}/rotate`, token: tokens.admin, payload: {} }) },
  { route: 'POST /api/integration/keys/:id/revoke', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: `/api/integration/keys/${ids.newKey}/revoke`, token: tokens.admin }) },
  { route: 'POST /api/integration/webhooks', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/integration/webhooks', token: tokens.admin, payload: { url: 'http://127.0.0.1:9/hook', events: ['payout.created'] } }) },
  { route: 'PUT /api/integration/webhooks', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'PUT', url: '/api/integration/webhooks', token: tokens.admin, payload: { id: ids.newWebhook, url: 'http://127.0.0.1:9/hook2', events: ['payout.created'] } }) },
  { route: 'POST /api/integration/webhooks/:id/secret', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'POST', url: `/api/integration/webhooks/${ids.newWebhook}/secret`, token: tokens.admin }) },
  {
    route: 'POST /api/integration/webhooks/deliveries/:id/resend',
    actor: 'admin',
    customer: () => ids.customer,
    call: async () => {
      // A new payout is an event the endpoint takes: its delivery is in the outbox.
      const made = await t.request({ method: 'POST', url: '/api/payout', token: tokens.admin, payload: { accountId: ids.main, programId: ids.program, newRecipient: { phoneNumber: '+48600999322', firstName: 'Ewa', lastName: 'Hak' }, amount: 10_000, endDate: '2099-12-31 23:59:59' } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const delivery = await t.database.db.selectFrom('outbox').select('id').where('webhook_endpoint_id', '=', ids.newWebhook).orderBy('id').executeTakeFirstOrThrow();
      return { method: 'POST', url: `/api/integration/webhooks/deliveries/${delivery.id}/resend`, token: tokens.admin };
    },
  },
  { route: 'DELETE /api/integration/webhooks/:id', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'DELETE', url: `/api/integration/webhooks/${ids.newWebhook}`, token: tokens.admin }) },
  {
    route: 'POST /api/payout/collection/bankAccount',
    actor: 'recipient',
    customer: () => ids.customer,
    call: async () => {
      const phoneNumber = '+48600321987';
      await t.request({ method: 'POST', url: '/api/payout/recipient/toggleBlackListed', token: tokens.admin, payload: { id: ids.newRecipient } });
      ids.collectPayout = await payout('TO_COLLECT', ids.newRecipient);
      await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber, customerUrl: 'demo' } });
      const signedIn = await t.request({ method: 'POST', url: '/api/payout/recipient/authenticate', payload: { phoneNumber, customerUrl: 'demo', verificationCode: await t.lastCode(phoneNumber) } });
      tokens.recipient = signedIn.body.token;
      return { method: 'POST', url: '/api/payout/collection/bankAccount', token: tokens.recipient, payload: { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Rita Audytowa', iban: 'PL61109010140000071219812874' } };
    },
  },
  { route: 'POST /api/payout/collection', actor: 'recipient', customer: () => ids.customer, call: async () => ({ method: 'POST', url: '/api/payout/collection', token: tokens.recipient, payload: { payoutIds: [ids.collectPayout], bankAccountId: ids.newBankAccount } }) },
  { route: 'DELETE /api/payout/recipient/bankAccount/:id', actor: 'admin', customer: () => ids.customer, call: async () => ({ method: 'DELETE', url: `/api/payout/recipient/bankAccount/${ids.newBankAccount}`, token: tokens.admin }) },
  { route: 'POST /api/settlement/batch', actor: 'superadmin', customer: () => null, call: async () => ({ method: 'POST', url: '/api/settlement/batch', token: tokens.superadmin, payload: { channel: 'EU_PL', currency: 'PLN' } }) },
  { route: 'PUT /api/settlement/batch/:id/status', actor: 'superadmin', customer: () => null, call: async () => ({ method: 'PUT', url: `/api/settlement/batch/${ids.newBatch}/status`, token: tokens.superadmin, payload: { status: 'COMPLETED_SUCCESSFULLY' } }) },
];

/** What a step's answer gives later steps. */
function remember(route: string, body: Record<string, unknown> | undefined) {
  const id = typeof body?.id === 'number' ? body.id : undefined;
  const keep: Record<string, string> = {
    'POST /api/customer': 'newCustomer',
    'POST /api/user': 'newUser',
    'POST /api/payout/recipient': 'newRecipient',
    'POST /api/payout/program': 'newProgram',
    'POST /api/account': 'newAccount',
    'POST /api/integration/keys': 'newKey',
    'POST /api/integration/webhooks': 'newWebhook',
    'POST /api/payout/collection/bankAccount': 'newBankAccount',
    'POST /api/settlement/batch': 'newBatch',
  };
  if (keep[route] && id !== undefined) ids[keep[route]] = id;
  // The keys' and endpoints' secrets, shown once in their answers.
  for (const name of ['key', 'secret']) if (typeof body?.[name] === 'string') secrets.add(body[name] as string);
}

describe('the audit log', () => {
  it('has an entry for every write route, naming who acted and whose data changed', async () => {
    const routes = await listWriteRoutes();
    const exercised = new Set(steps.map((s) => s.route));
    // Every write route is either exercised here or changes no business data.
    expect(routes.filter((r) => !exercised.has(r) && !NOT_AUDITED[r]), 'write routes this test does not know').toEqual([]);
    expect([...exercised].filter((r) => !routes.includes(r)), 'steps for routes the app does not have').toEqual([]);

    const users = new Map((await t.database.db.selectFrom('users').select(['id', 'login']).execute()).map((u) => [u.login, u.id]));
    const missing: string[] = [];
    for (const step of steps) {
      const call = await step.call();
      const since = await lastAuditId();
      const answer = await send(call);
      expect(answer.status, `${step.route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      remember(step.route, answer.body);
      const entries = await t.database.db.selectFrom('audit_log').selectAll().where('id', '>', since).execute();
      if (entries.length === 0) {
        missing.push(step.route);
        continue;
      }
      // A recipient acts as its RECIPIENT user; staff by their login.
      const login = step.actor === 'recipient' ? `recipient:${ids.newRecipient}` : step.actor;
      const actorId = users.get(login) ?? (await t.database.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
      expect(entries.map((e) => [e.actor_user_id, e.customer_id]), step.route).toContainEqual([actorId, step.customer()]);
    }
    expect(missing, 'write routes that left no audit entry').toEqual([]);
  });

  it('names the API key a change was made with', async () => {
    const made = await t.request({ method: 'POST', url: '/api/integration/keys', token: tokens.admin, payload: { name: 'Writer' } });
    expect(made.status).toBe(201);
    secrets.add(made.body.key);
    const created = await t.request({ method: 'POST', url: '/api/payout/recipient', token: made.body.key, payload: { firstName: 'Kuba', lastName: 'Klucz', phoneNumber: '+48600321988' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const entry = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'recipient.create').where('entity_id', '=', String(created.body.id)).executeTakeFirstOrThrow();
    const admin = await t.database.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_user_id: admin.id, actor_api_key_id: made.body.id, customer_id: ids.customer });
    expect(entry.after).toMatchObject({ first_name: 'Kuba', last_name: 'Klucz', phone_number: '+48600321988' });
  });

  it('keeps no secret: passwords, keys and webhook secrets are named, never shown', async () => {
    const entries = await t.database.db.selectFrom('audit_log').select(['action', 'before', 'after']).execute();
    const text = JSON.stringify(entries);
    for (const secret of [...secrets, NEW_PASSWORD, RESTORED_PASSWORD, 'Audited123!', 'Audited456!']) expect(text.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    expect(text).not.toMatch(/scrypt\$|\$scrypt|"password_hash":"[^[]/);
    const userUpdate = entries.find((e) => e.action === 'user.update');
    expect(userUpdate?.after).toMatchObject({ password_hash: '[hidden]', first_name: 'Alicja' });
    expect(userUpdate?.before).toMatchObject({ password_hash: '[hidden]', first_name: 'Ala' });
  });

  it('labels every action and record type it holds, in English and Polish', async () => {
    const rows = await t.database.db.selectFrom('audit_log').select(['action', 'entity']).distinct().execute();
    for (const lang of ['en', 'pl']) {
      const enums = JSON.parse(readFileSync(path.join(import.meta.dirname, `../../locales/${lang}/entities.json`), 'utf8')).enums;
      for (const { action, entity } of rows) {
        const [area, verb] = action.split('.');
        expect(typeof enums.auditAction?.[area]?.[verb], `${lang}: a label for ${action}`).toBe('string');
        expect(typeof enums.auditEntity?.[entity], `${lang}: a label for ${entity}`).toBe('string');
      }
    }
  });
});
