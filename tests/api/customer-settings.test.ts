// A customer's settings through the real app: every key read with its default and written back with its type, each
// one's validation, the limits' order and the unique keys across customers (also under concurrent claims), who may
// read and change what (the modules only a SUPER_ADMIN, who names the customer), the audit entry of a change, the
// two read-only calls, a time zone change reaching the panel's /api/me and the dashboard, and the API switch reaching
// /api/me's features.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let demo = 0;
let other = 0;

const get = (url: string, token = tokens.admin) => t.request({ method: 'GET', url, token });
const put = (payload: Record<string, unknown>, token = tokens.admin, query = '') => t.request({ method: 'PUT', url: `/api/customer/settings${query}`, token, payload });

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['admin', 'representative', 'viewer', 'superadmin']) tokens[login] = await t.login(login);
  demo = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const created = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: 'Settings Other', url: 'settings-other' } });
  expect(created.status).toBe(201);
  other = created.body.id;
});
afterAll(async () => t?.close());

describe('GET /api/customer/settings', () => {
  it('answers every key with the customer\'s value or the default, typed', async () => {
    const res = await get('/api/customer/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      PAYOUT_SMS_REMINDER_ENABLED: false,
      PAYOUT_SMS_REMINDER_DAYS: 3,
      PAYOUT_SMS_REMINDER_HOUR: 10,
      PAYOUT_LIMIT_ENABLED: false,
      PAYOUT_PER_TRANSACTION_LIMIT: 5_000_000,
      PAYOUT_MONTHLY_LIMIT: 10_000_000,
      PAYOUT_YEARLY_LIMIT: 50_000_000,
      PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS: false,
      PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER: true,
      AVAILABLE_TRANSFER_TYPES: ['LOCAL', 'FOREIGN'],
      AVAILABLE_MODULES: ['PAYOUTS'],
      SMS_SENDER_NAME: 'Payouts',
      TIME_ZONE: 'Europe/Warsaw',
    });
    expect(typeof res.body.PAYOUT_SMS_NOTIFICATION_MESSAGE).toBe('string');
    expect(res.body).not.toHaveProperty('HUMAN_TASK_ID_HASH');
  });
});

describe('PUT /api/customer/settings', () => {
  it("turns the customer's API on and off for the panel's navigation (/api/me's features)", async () => {
    expect((await get('/api/me')).body.customer.features).toEqual([]);
    expect((await put({ API_ENABLED: true })).status).toBe(200);
    expect((await get('/api/me')).body.customer.features).toEqual(['api']);
    expect((await get('/api/me', tokens.viewer)).body.customer.features).toEqual(['api']);
    expect((await put({ API_ENABLED: false })).status).toBe(200);
    expect((await get('/api/me')).body.customer.features).toEqual([]);
  });

  it('stores every key an ADMIN may change, with its type, and answers them all', async () => {
    const changes = {
      PAYOUT_SMS_NOTIFICATION_MESSAGE: 'Payout {PAYOUT_AMOUNT} from {PROGRAM_NAME}: {PAYOUT_COLLECTION_URL}',
      PAYOUT_SMS_REMINDER_ENABLED: true,
      PAYOUT_SMS_REMINDER_DAYS: 5,
      PAYOUT_SMS_REMINDER_HOUR: 0,
      PAYOUT_SMS_REMINDER_MESSAGE: 'Collect {PAYOUT_REFERENCE} by {PAYOUT_END_DATE}',
      PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_ENABLED: true,
      PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE: 'Collected: {PAYOUT_REFERENCE}',
      PAYOUT_LIMIT_ENABLED: true,
      PAYOUT_PER_TRANSACTION_LIMIT: 1_000_000,
      PAYOUT_MONTHLY_LIMIT: 3_000_000,
      PAYOUT_YEARLY_LIMIT: 20_000_000,
      PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS: true,
      PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER: false,
      AVAILABLE_TRANSFER_TYPES: ['LOCAL'],
      SMS_SENDER_NAME: 'DemoPay',
      TIME_ZONE: 'America/New_York',
      primaryColor: '#0a7d4f',
      CUSTOM_DOMAIN_NAME: 'payouts.demo-company.example',
      HUMAN_TASK_ID_HASH: 'a1b2c3d4e5',
    };
    const res = await put(changes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject(changes);
    expect((await get('/api/customer/settings')).body).toMatchObject(changes);
    // Stored as text; the customer's colour on its own row.
    const stored = Object.fromEntries(
      (await t.database.db.selectFrom('settings').select(['key', 'value']).where('customer_id', '=', demo).execute()).map((row) => [row.key, row.value]),
    );
    expect(stored).toMatchObject({ PAYOUT_SMS_REMINDER_ENABLED: 'true', PAYOUT_SMS_REMINDER_HOUR: '0', AVAILABLE_TRANSFER_TYPES: '["LOCAL"]', TIME_ZONE: 'America/New_York' });
    const customer = await t.database.db.selectFrom('customers').select('primary_color').where('id', '=', demo).executeTakeFirstOrThrow();
    expect(customer.primary_color).toBe('#0a7d4f');

    // The zone reaches the panel and the dashboard's periods.
    expect((await get('/api/me')).body.customer.timeZone).toBe('America/New_York');
    const summary = await get('/api/payout/summary/status?period=MONTHLY&year=2021&number=3');
    expect(summary.body).toMatchObject({ from: '2021-03-01T05:00:00.000Z', timeZone: 'America/New_York' });

    // The change is audited with what it replaced.
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'customer.settingsChange').where('customer_id', '=', demo).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const before = typeof audit.before === 'string' ? JSON.parse(audit.before) : audit.before;
    const after = typeof audit.after === 'string' ? JSON.parse(audit.after) : audit.after;
    expect(before).toMatchObject({ TIME_ZONE: 'Europe/Warsaw', SMS_SENDER_NAME: 'Payouts' });
    expect(after).toMatchObject({ TIME_ZONE: 'America/New_York', SMS_SENDER_NAME: 'DemoPay' });
    expect(before).not.toHaveProperty('HUMAN_TASK_ID_HASH', 'a1b2c3d4e5');

    await put({ TIME_ZONE: 'Europe/Warsaw', PAYOUT_LIMIT_ENABLED: false });
  });

  it('refuses each bad value under its key and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ PAYOUT_SMS_NOTIFICATION_MESSAGE: 'ż'.repeat(281) }, 'PAYOUT_SMS_NOTIFICATION_MESSAGE', 'INVALID_SMS_CONTENT_LENGTH'],
      [{ PAYOUT_SMS_REMINDER_ENABLED: 'yes' }, 'PAYOUT_SMS_REMINDER_ENABLED', 'INVALID_BOOLEAN'],
      [{ PAYOUT_SMS_REMINDER_DAYS: 0 }, 'PAYOUT_SMS_REMINDER_DAYS', 'INVALID_MIN_VALUE'],
      [{ PAYOUT_SMS_REMINDER_HOUR: 24 }, 'PAYOUT_SMS_REMINDER_HOUR', 'INVALID_MAX_VALUE'],
      [{ PAYOUT_PER_TRANSACTION_LIMIT: 5 }, 'PAYOUT_PER_TRANSACTION_LIMIT', 'INVALID_MILIBILLION_VALUE'],
      [{ AVAILABLE_TRANSFER_TYPES: [] }, 'AVAILABLE_TRANSFER_TYPES', 'ARRAY_IS_EMPTY'],
      [{ AVAILABLE_TRANSFER_TYPES: ['SWIFT'] }, 'AVAILABLE_TRANSFER_TYPES.0', 'INVALID_ENUM'],
      [{ SMS_SENDER_NAME: 'Ółówek' }, 'SMS_SENDER_NAME', 'INVALID_SENDER_NAME'],
      [{ SMS_SENDER_NAME: 'Far too long name' }, 'SMS_SENDER_NAME', 'INVALID_MAX_LENGTH'],
      [{ TIME_ZONE: 'Europe/Atlantis' }, 'TIME_ZONE', 'INVALID_TIME_ZONE'],
      [{ primaryColor: 'green' }, 'primaryColor', 'INVALID_VALUE'],
      [{ CUSTOM_DOMAIN_NAME: 'https://pay.example.com/x' }, 'CUSTOM_DOMAIN_NAME', 'INVALID_DOMAIN_NAME'],
      [{ HUMAN_TASK_ID_HASH: 'has space' }, 'HUMAN_TASK_ID_HASH', 'FORBIDDEN_CHARACTERS'],
    ];
    const before = (await get('/api/customer/settings')).body;
    for (const [payload, property, code] of cases) {
      const res = await put(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      const entry = (res.body.validationErrors as { property: string; errors: { code: string }[] }[]).find((e) => e.property === property);
      expect(entry?.errors.map((e) => e.code), `${JSON.stringify(payload)}: ${JSON.stringify(res.body)}`).toContain(code);
    }
    // An empty text is no value (the forms send none): with nothing else, there is nothing to change.
    for (const payload of [{}, { PAYOUT_SMS_NOTIFICATION_MESSAGE: '' }]) expect((await put(payload)).status).toBe(400);
    expect((await get('/api/customer/settings')).body).toEqual(before);
    // A key the schema does not have is dropped, as everywhere in the API, and never stored.
    await put({ UNKNOWN_KEY: 'x', SMS_SENDER_NAME: before.SMS_SENDER_NAME });
    expect(await t.database.db.selectFrom('settings').select('key').where('key', '=', 'UNKNOWN_KEY').execute()).toEqual([]);
  });

  it('keeps the limits in order: per transaction < monthly < yearly, over the stored values too', async () => {
    await put({ PAYOUT_PER_TRANSACTION_LIMIT: 1_000_000, PAYOUT_MONTHLY_LIMIT: 3_000_000, PAYOUT_YEARLY_LIMIT: 20_000_000 });
    const perTransaction = await put({ PAYOUT_PER_TRANSACTION_LIMIT: 3_000_000 });
    expect(perTransaction.status).toBe(400);
    expect(perTransaction.body.validationErrors).toEqual([
      { property: 'PAYOUT_PER_TRANSACTION_LIMIT', errors: [{ code: 'INVALID_LIMITS_ORDER', message: 'The per transaction limit must be lower than the monthly limit, and the monthly limit lower than the yearly limit' }] },
    ]);
    const monthly = await put({ PAYOUT_MONTHLY_LIMIT: 25_000_000 });
    expect(monthly.body.validationErrors[0].property).toBe('PAYOUT_MONTHLY_LIMIT');
    // Moving all three at once is judged on the new values.
    expect((await put({ PAYOUT_PER_TRANSACTION_LIMIT: 30_000_000, PAYOUT_MONTHLY_LIMIT: 40_000_000, PAYOUT_YEARLY_LIMIT: 50_000_000 })).status).toBe(200);
  });

  it('gives a human task id hash and a domain to one customer only, also when two claim them at once', async () => {
    await put({ HUMAN_TASK_ID_HASH: 'shared-hash-1' });
    const taken = await put({ HUMAN_TASK_ID_HASH: 'shared-hash-1' }, tokens.superadmin, `?customerId=${other}`);
    expect(taken.status).toBe(400);
    expect(taken.body.validationErrors).toEqual([{ property: 'HUMAN_TASK_ID_HASH', errors: [{ code: 'HUMAN_TASK_ID_HASH_TAKEN', message: 'The customer with given hash of human task id already exists.' }] }]);
    await put({ CUSTOM_DOMAIN_NAME: 'pay.shared-domain.example' });
    const domain = await put({ CUSTOM_DOMAIN_NAME: 'PAY.Shared-Domain.example' }, tokens.superadmin, `?customerId=${other}`);
    expect(domain.body.validationErrors[0]).toMatchObject({ property: 'CUSTOM_DOMAIN_NAME', errors: [{ code: 'CUSTOM_DOMAIN_NAME_TAKEN' }] });

    const claims = await Promise.all([put({ HUMAN_TASK_ID_HASH: 'race-hash' }), put({ HUMAN_TASK_ID_HASH: 'race-hash' }, tokens.superadmin, `?customerId=${other}`)]);
    expect(claims.map((res) => res.status).sort()).toEqual([200, 400]);
    const holders = await t.database.db.selectFrom('settings').select('customer_id').where('key', '=', 'HUMAN_TASK_ID_HASH').where('value', '=', 'race-hash').execute();
    expect(holders).toHaveLength(1);
  });

  it('clears a domain and a hash with null (keys without a default), freeing them for another customer', async () => {
    await put({ CUSTOM_DOMAIN_NAME: 'pay.given-up.example', HUMAN_TASK_ID_HASH: 'given-up-hash' });
    expect((await put({ SMS_SENDER_NAME: null })).body.validationErrors[0].property).toBe('SMS_SENDER_NAME');
    const cleared = await put({ CUSTOM_DOMAIN_NAME: null, HUMAN_TASK_ID_HASH: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).not.toHaveProperty('CUSTOM_DOMAIN_NAME');
    expect(cleared.body).not.toHaveProperty('HUMAN_TASK_ID_HASH');
    const taken = await put({ CUSTOM_DOMAIN_NAME: 'pay.given-up.example', HUMAN_TASK_ID_HASH: 'given-up-hash' }, tokens.superadmin, `?customerId=${other}`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const audit = await t.database.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'customer.settingsChange').orderBy('id', 'desc').limit(2).execute();
    expect(audit[1]).toMatchObject({ before: { CUSTOM_DOMAIN_NAME: 'pay.given-up.example', HUMAN_TASK_ID_HASH: 'given-up-hash' }, after: { CUSTOM_DOMAIN_NAME: null, HUMAN_TASK_ID_HASH: null } });
    await put({ CUSTOM_DOMAIN_NAME: null, HUMAN_TASK_ID_HASH: null }, tokens.superadmin, `?customerId=${other}`);
  });
});

describe('who may read and change what', () => {
  it('keeps the modules to a SUPER_ADMIN, who names the customer', async () => {
    expect((await put({ AVAILABLE_MODULES: [] })).status).toBe(403);
    expect((await put({ AVAILABLE_MODULES: [] }, tokens.superadmin)).status).toBe(404);
    const res = await put({ AVAILABLE_MODULES: [] }, tokens.superadmin, `?customerId=${other}`);
    expect(res.status).toBe(200);
    expect(res.body.AVAILABLE_MODULES).toEqual([]);
    expect((await get(`/api/customer/settings/${other}/modules`, tokens.superadmin)).body).toEqual({ modules: [] });
    expect((await get(`/api/customer/settings/${demo}/modules`)).body).toEqual({ modules: ['PAYOUTS'] });
  });

  it('refuses users without customer.settings and another customer\'s settings', async () => {
    for (const role of ['representative', 'viewer']) {
      expect((await get('/api/customer/settings', tokens[role])).status, role).toBe(403);
      expect((await put({ SMS_SENDER_NAME: 'Nope' }, tokens[role])).status, role).toBe(403);
    }
    expect((await get(`/api/customer/settings?customerId=${other}`)).status).toBe(404);
    expect((await put({ SMS_SENDER_NAME: 'Nope' }, tokens.admin, `?customerId=${other}`)).status).toBe(404);
    expect((await get(`/api/customer/settings/${other}/payoutNotificationDetails`)).status).toBe(404);
    expect((await get('/api/customer/settings?customerId=999999', tokens.superadmin)).status).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/customer/settings' })).status).toBe(401);
  });

  it('answers the notification details of the customer', async () => {
    await put({ SMS_SENDER_NAME: 'DemoPay', PAYOUT_SMS_REMINDER_ENABLED: false });
    const res = await get(`/api/customer/settings/${demo}/payoutNotificationDetails`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ SMS_SENDER_NAME: 'DemoPay', PAYOUT_SMS_REMINDER_ENABLED: false });
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_ENABLED',
        'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE',
        'PAYOUT_SMS_NOTIFICATION_MESSAGE',
        'PAYOUT_SMS_REMINDER_DAYS',
        'PAYOUT_SMS_REMINDER_ENABLED',
        'PAYOUT_SMS_REMINDER_HOUR',
        'PAYOUT_SMS_REMINDER_MESSAGE',
        'SMS_SENDER_NAME',
      ].sort(),
    );
    expect((await get(`/api/customer/settings/${other}/payoutNotificationDetails`, tokens.superadmin)).status).toBe(200);
  });
});

describe('global settings', () => {
  const putGlobal = (payload: Record<string, unknown>, token = tokens.superadmin) => t.request({ method: 'PUT', url: '/api/settings', token, payload });
  const wall = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');

  it('keeps the threshold per currency, typed, audited, and the next payout above it asks for the SMS code', async () => {
    const before = (await get('/api/settings', tokens.superadmin)).body;
    expect(before.TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD).toEqual({ PLN: 10_000_000, EUR: 2_500_000, GBP: 2_000_000, USD: 2_500_000 });
    const res = await putGlobal({ TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: { ...before.TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD, PLN: 1_000 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD.PLN).toBe(1_000);
    try {
      const db = t.database.db;
      const account = await db.selectFrom('accounts').select('id').where('customer_id', '=', demo).where('currency', '=', 'PLN').where('name', '=', 'Payouts PLN').executeTakeFirstOrThrow();
      const program = await db.selectFrom('programs').select('id').where('customer_id', '=', demo).where('currency', '=', 'PLN').orderBy('id').executeTakeFirstOrThrow();
      const recipient = await db.selectFrom('recipients').select('id').where('customer_id', '=', demo).orderBy('id').executeTakeFirstOrThrow();
      const payout = { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 2_000, title: 'Above the new threshold', endDate: wall(7 * 86_400_000) };
      const asked = await t.request({ method: 'POST', url: '/api/payout', token: tokens.admin, payload: payout });
      expect(asked.body).toMatchObject({ authorizationRequired: true });
      const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit.customer_id).toBeNull();
      const after = typeof audit.after === 'string' ? JSON.parse(audit.after) : audit.after;
      expect(after.TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD.PLN).toBe(1_000);
    } finally {
      await putGlobal({ TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: before.TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD });
    }
  });

  it('refuses a bad threshold, a message without the code\'s place, and anyone but a holder of settings.manage', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: { PLN: 5 } }, 'TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD.PLN', 'INVALID_MILIBILLION_VALUE'],
      [{ TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: { PLN: 1.5 } }, 'TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD.PLN', 'INVALID_MILIBILLION_VALUE'],
      [{ SMS_VERIFICATION_CODE_MESSAGE: 'Your code is coming' }, 'SMS_VERIFICATION_CODE_MESSAGE', 'VERIFICATION_MESSAGE_WITHOUT_CODE'],
      [{ AVAILABLE_CURRENCIES: ['PLN', 'EUR', 'pln'] }, 'AVAILABLE_CURRENCIES.2', 'INVALID_VALUE'],
      [{ SMS_VERIFICATION_CODE_MESSAGE: `{PASS} ${'ą'.repeat(300)}` }, 'SMS_VERIFICATION_CODE_MESSAGE', 'INVALID_SMS_CONTENT_LENGTH'],
    ];
    for (const [payload, property, code] of cases) {
      const res = await putGlobal(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      const entry = (res.body.validationErrors as { property: string; errors: { code: string }[] }[]).find((e) => e.property === property);
      expect(entry?.errors.map((e) => e.code), `${JSON.stringify(payload)}: ${JSON.stringify(res.body)}`).toContain(code);
    }
    expect((await putGlobal({ TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: { pln: 1_000 } })).status).toBe(400);
    expect((await putGlobal({ SMS_SENDER_NAME: 'x' }, tokens.admin)).status).toBe(403);
  });
});

describe('branding', () => {
  // The smallest PNG: one transparent pixel.
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  it('stores an uploaded logo as the customer\'s image, shows colour and logo to the panel, and clears both with null', async () => {
    const res = await put({ primaryColor: '#0a7d4f', logoUrl: `data:image/png;base64,${PNG}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.logoUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const image = await t.request({ method: 'GET', url: res.body.logoUrl });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const me = (await get('/api/me')).body;
    expect(me.customer).toMatchObject({ primaryColor: '#0a7d4f', logoUrl: res.body.logoUrl });
    // The login page of the customer shows them too.
    const config = await t.request({ method: 'GET', url: '/api/config?customer=demo' });
    expect(config.body.customer).toMatchObject({ primaryColor: '#0a7d4f', logoUrl: res.body.logoUrl });
    // And on its own domain, where the address names no customer.
    expect((await t.request({ method: 'GET', url: '/api/config', headers: { host: 'panel.demo-own.example' } })).body.customer).toBeNull();
    await put({ CUSTOM_DOMAIN_NAME: 'panel.demo-own.example' });
    const own = await t.request({ method: 'GET', url: '/api/config', headers: { host: 'Panel.Demo-Own.example:443' } });
    expect(own.body.customer).toMatchObject({ url: 'demo', primaryColor: '#0a7d4f', logoUrl: res.body.logoUrl });
    await put({ CUSTOM_DOMAIN_NAME: null });

    // The address of another customer's image is refused; a logo that is no image too.
    const foreign = await t.database.db.insertInto('images').values({ key: '00000000-0000-4000-8000-000000000001', customer_id: other, content_type: 'image/png', bytes: Buffer.from(PNG, 'base64') }).returning('key').executeTakeFirstOrThrow();
    const refused = await put({ logoUrl: `/api/images/${foreign.key}` });
    expect(refused.body.validationErrors).toEqual([{ property: 'logoUrl', errors: [{ code: 'FILE_FORMAT_INVALID', message: expect.any(String) }] }]);
    expect((await put({ logoUrl: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` })).status).toBe(400);

    const cleared = await put({ primaryColor: null, logoUrl: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('primaryColor');
    expect(cleared.body).not.toHaveProperty('logoUrl');
    expect((await get('/api/me')).body.customer).toMatchObject({ primaryColor: null, logoUrl: null });
  });
});
