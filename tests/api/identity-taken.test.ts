// A taken identity (a user's login or e-mail, a recipient's Billon App user name) is refused with the spec's "The
// given email, Billon App user name or login cannot be used."; the field is named only to a caller who may read the
// record holding it (docs/security.md, "Taken identities"), and nothing is written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFailure } from '../../src/server/db-errors.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { startApp, type TestApp } from './harness.ts';
import { multipart, workbook } from './upload.ts';

const SPEC = 'The given email, Billon App user name or login cannot be used.';
const GENERAL = { code: 'IDENTITY_TAKEN', message: SPEC };

let t: TestApp;
const tokens: Record<string, string> = {};
let demo = 0;
let apiKey = '';

const newUser = (over: Record<string, unknown>) => ({ login: 'fresh1', password: 'Fresh123!', firstName: 'Fryderyk', lastName: 'Nowy', phoneNumber: '+48512000111', email: 'fresh1@demo.example.com', type: 'USER', representativeKind: 'GENERAL', ...over });
const newRecipient = (over: Record<string, unknown>) => ({ firstName: 'Bogna', lastName: 'Billon', phoneNumber: '+48513000222', ...over });
const count = async (table: 'users' | 'recipients') => Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['admin', 'representative', 'superadmin']) tokens[login] = await t.login(login);
  const db = t.database.db;
  demo = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  // A user of another customer, whom the demo's admin may not read.
  const other = await db.insertInto('customers').values({ name: 'Elsewhere Ltd', url: 'elsewhere-ltd', logo_url: null, primary_color: null, login_variant: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ customer_id: other.id, login: 'elsewhere1', first_name: 'Ela', last_name: 'Obca', email: 'ela@elsewhere.example.com', type: 'ADMIN' }).execute();
  // An API key that manages recipients but may not read them.
  await putSettings(db, { API_ENABLED: 'true' }, demo);
  const key = await t.request({ method: 'POST', url: '/api/integration/keys', token: tokens.admin, payload: { name: 'Recipients only', restricted: true, permissions: ['payout.recipient.manage'] } });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  apiKey = key.body.key;
});
afterAll(async () => t?.close());

describe('a staff user\'s login or e-mail taken', () => {
  it('names the field to an admin who may read the user holding it, with the spec message', async () => {
    const before = await count('users');
    const login = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: newUser({ login: 'Representative' }) });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ ...GENERAL, validationErrors: [{ property: 'login', errors: [{ code: 'LOGIN_TAKEN', message: 'The login is already taken!' }] }] });
    const email = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: newUser({ email: 'ADMIN@demo.example.com' }) });
    const adminEmail = (await t.database.db.selectFrom('users').select('email').where('login', '=', 'admin').executeTakeFirstOrThrow()).email;
    expect(adminEmail?.toLowerCase()).toBe('admin@demo.example.com');
    expect(email.body).toEqual({ ...GENERAL, validationErrors: [{ property: 'email', errors: [{ code: 'EMAIL_TAKEN', message: 'The email is already taken!' }] }] });
    expect(await count('users')).toBe(before);
  });

  it('gives the admin the general message, without the field, when another customer\'s user or the operator holds it', async () => {
    const before = await count('users');
    for (const over of [{ login: 'elsewhere1' }, { email: 'ela@elsewhere.example.com' }, { login: 'superadmin' }]) {
      const res = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: newUser(over) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(GENERAL);
    }
    expect(await count('users')).toBe(before);
  });

  it('names the field to the operator, who reads every customer\'s users', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user', token: tokens.superadmin, payload: newUser({ login: 'elsewhere1', customerId: demo }) });
    expect(res.body).toEqual({ ...GENERAL, validationErrors: [{ property: 'login', errors: [{ code: 'LOGIN_TAKEN', message: 'The login is already taken!' }] }] });
  });

  it('refuses an update to a taken e-mail and leaves the user as it was', async () => {
    const made = await t.request({ method: 'POST', url: '/api/user', token: tokens.admin, payload: newUser({}) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { password: _p, ...body } = newUser({ id: made.body.id, email: 'ela@elsewhere.example.com' });
    const res = await t.request({ method: 'PUT', url: '/api/user', token: tokens.admin, payload: body });
    expect(res.body).toEqual(GENERAL);
    const stored = await t.database.db.selectFrom('users').select(['email', 'login']).where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: 'fresh1@demo.example.com', login: 'fresh1' });
    // Its own values are not "taken": saving them again works.
    const same = await t.request({ method: 'PUT', url: '/api/user', token: tokens.admin, payload: { ...body, email: 'fresh1@demo.example.com' } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });
});

describe('a recipient\'s Billon App user name taken', () => {
  it('names the field to a representative who may read recipients', async () => {
    const before = await count('recipients');
    // The demo's first recipient has the Billon App user name user1.
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient', token: tokens.representative, payload: newRecipient({ billonUserName: 'user1' }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ...GENERAL, validationErrors: [{ property: 'billonUserName', errors: [{ code: 'BILLON_USER_NAME_TAKEN', message: 'Another recipient already has this Billon App user name.' }] }] });
    expect(await count('recipients')).toBe(before);
  });

  it('gives an API key that may not read recipients the general message only, and writes nothing', async () => {
    const before = await count('recipients');
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient', headers: { authorization: `Bearer ${apiKey}` }, payload: newRecipient({ billonUserName: 'user1' }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(GENERAL);
    expect(await count('recipients')).toBe(before);
    // A free one is taken by the first to ask; the e-mail is not an identity of recipients.
    const free = await t.request({ method: 'POST', url: '/api/payout/recipient', headers: { authorization: `Bearer ${apiKey}` }, payload: newRecipient({ billonUserName: 'bogna2026', email: 'recipient1@demo.example.com' }) });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
  });

  it('lets another customer\'s recipient have the same Billon App user name', async () => {
    const other = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'elsewhere-ltd').executeTakeFirstOrThrow()).id;
    const made = await t.database.db.insertInto('recipients').values({ customer_id: other, first_name: 'Olga', last_name: 'Obca', phone_number: '+48514000333', email: null, external_id: null, billon_user_name: 'user1' }).returning('id').executeTakeFirstOrThrow();
    expect(made.id).toBeGreaterThan(0);
  });
});

describe('a recipients import bringing a taken Billon App user name', () => {
  const upload = async (rows: (string | null)[][], authorization: string) => {
    const { payload, headers } = multipart(workbook({ Sheet1: [['Phone number', 'First name', 'Last name', 'Billon App user name'], ...rows] }));
    const res = await t.app.inject({ method: 'POST', url: '/api/payout/recipient/fromFile', payload, headers: { ...headers, authorization } });
    return { status: res.statusCode, body: res.json() };
  };

  it('names the cell to an importer who may read recipients, the row alone to one who may not, and imports nothing', async () => {
    const before = await count('recipients');
    const rows = [
      ['+48 515 000 001', 'Ida', 'Import', 'user4'],
      ['+48 515 000 002', 'Igor', 'Import', 'ida2026'],
      ['+48 515 000 003', 'Iga', 'Import', 'ida2026'],
    ];
    const named = await upload(rows, `Bearer ${tokens.representative}`);
    expect(named.body.fileErrors).toEqual([
      { row: 2, property: 'Billon App user name', errors: [{ code: 'BILLON_USER_NAME_TAKEN', message: 'Another recipient already has this Billon App user name.' }] },
      { row: 4, property: 'Billon App user name', errors: [{ code: 'DUPLICATE_IN_FILE', message: 'The same value is already in row 3.' }] },
    ]);
    const unnamed = await upload(rows, `Bearer ${apiKey}`);
    expect(unnamed.body.fileErrors).toEqual([
      { row: 2, errors: [GENERAL] },
      { row: 4, property: 'Billon App user name', errors: [{ code: 'DUPLICATE_IN_FILE', message: 'The same value is already in row 3.' }] },
    ]);
    expect(await count('recipients')).toBe(before);
  });
});

describe('two writes racing for one value', () => {
  it('meet the unique index, which refuses without naming the field', () => {
    for (const constraint of ['users_login_key', 'users_email_key', 'recipients_billon_user_name_key']) {
      const refused = databaseFailure({ code: '23505', constraint, table: constraint.split('_')[0], message: `duplicate key value violates unique constraint "${constraint}"` });
      expect(JSON.parse(JSON.stringify(refused))).toEqual(GENERAL);
    }
  });
});

describe('the Polish text', () => {
  it('is the spec message in Polish', () => {
    const pl = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales/pl/errors.json'), 'utf8')) as Record<string, string>;
    expect(pl.IDENTITY_TAKEN).toBe('Nie można użyć podanego adresu e-mail, nazwy użytkownika Billon App ani loginu.');
  });
});
