// The language of the SMS and e-mails (issue 25, point 5): a customer in Poland sends Polish texts and one elsewhere
// English ones, MESSAGES_LANGUAGE overrides the country, a text the customer wrote is sent as written whatever the
// language, and staff get their own codes in their customer's language (else their request's). The expected texts
// are written out here by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSms } from '../../src/shared/sms.ts';
import { defaultMessageText } from '../../src/server/platform/messageTexts.ts';
import { fillTemplate } from '../../src/server/platform/settings.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { customer: 0, account: 0, program: 0, recipient: 0 };
let recipientPhone = '';

const endDate = () => toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
const DATE = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}';

/** The bodies of the SMS queued to a number, oldest first (the outbox table). */
async function smsTo(phone: string): Promise<string[]> {
  const rows = await t.database.db.selectFrom('outbox').select('body').where('recipient', '=', phone).where('channel', '=', 'sms').orderBy('id').execute();
  return rows.map((r) => r.body);
}
const lastSmsTo = async (phone: string) => (await smsTo(phone)).at(-1) ?? '';

/** A new payout of 12.34 PLN to the recipient; answers its reference. */
async function newPayout(amount = 12_340): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/payout',
    token: tokens.admin,
    payload: { accountId: ids.account, programId: ids.program, recipientId: ids.recipient, amount, title: 'Language', endDate: endDate() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.reference;
}

const putSettings = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/customer/settings', token: tokens.admin, payload });
const getSettings = async () => (await t.request({ method: 'GET', url: '/api/customer/settings', token: tokens.admin })).body;
async function setCountry(countryCode: string): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/customer', token: tokens.superadmin, payload: { id: ids.customer, name: 'Demo Company', url: 'demo', countryCode } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const ownRows = async (key: string) => t.database.db.selectFrom('settings').select('value').where('customer_id', '=', ids.customer).where('key', '=', key).execute();

beforeAll(async () => {
  t = await startApp();
  for (const login of ['superadmin', 'admin']) tokens[login] = await t.login(login);
  const db = t.database.db;
  ids.customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  ids.account = (await db.selectFrom('accounts').select('id').where('name', '=', 'Main PLN account').executeTakeFirstOrThrow()).id;
  const recipient = await db.selectFrom('recipients').select(['id', 'phone_number']).where('customer_id', '=', ids.customer).where('blocked', '=', false).orderBy('id').executeTakeFirstOrThrow();
  ids.recipient = recipient.id;
  recipientPhone = recipient.phone_number;
  const program = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { name: 'Premie', currency: 'PLN', budget: 1_000_000_000, budgetInterval: 'YEARLY' } });
  expect(program.status, JSON.stringify(program.body)).toBe(201);
  ids.program = program.body.id;
});
afterAll(async () => {
  await t?.close();
});

describe('a customer in Poland', () => {
  it('answers Polish as its messages language, with the Polish default texts', async () => {
    const settings = await getSettings();
    expect(settings.MESSAGES_LANGUAGE).toBe('pl');
    expect(settings.PAYOUT_SMS_NOTIFICATION_MESSAGE).toBe(
      'Masz wypłatę {PAYOUT_AMOUNT} z programu {PROGRAM_NAME} (nr {PAYOUT_REFERENCE}). Odbierz ją do {PAYOUT_END_DATE} na {PAYOUT_COLLECTION_URL}',
    );
    expect(settings.PAYOUT_SMS_REMINDER_MESSAGE).toBe(
      'Przypomnienie: wypłatę {PAYOUT_AMOUNT} z programu {PROGRAM_NAME} możesz odebrać do {PAYOUT_END_DATE} na {PAYOUT_COLLECTION_URL}',
    );
    expect(settings.PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE).toBe(
      'Twoja wypłata {PAYOUT_REFERENCE} na kwotę {PAYOUT_AMOUNT} została odebrana. Środki dotrą w ciągu 1-2 dni roboczych.',
    );
  });

  it('texts its recipient the new payout, the reminder and the collection page code in Polish', async () => {
    const reference = await newPayout();
    const url = `${t.config.publicUrl}/demo`;
    expect(await lastSmsTo(recipientPhone)).toMatch(
      new RegExp(`^Masz wypłatę 12\\.34 PLN z programu Premie \\(nr ${reference}\\)\\. Odbierz ją do ${DATE} na ${url.replace(/[.]/g, '\\.')}$`),
    );

    const payout = await t.database.db.selectFrom('payouts').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
    const reminder = await t.request({ method: 'POST', url: `/api/payout/${payout.id}/reminder`, token: tokens.admin });
    expect(reminder.status, JSON.stringify(reminder.body)).toBe(200);
    expect(await lastSmsTo(recipientPhone)).toMatch(new RegExp(`^Przypomnienie: wypłatę 12\\.34 PLN z programu Premie możesz odebrać do ${DATE} na `));

    const login = await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber: recipientPhone, customerUrl: 'demo' } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(await lastSmsTo(recipientPhone)).toMatch(/^Twój kod weryfikacyjny: \d{6}$/);
  });

  it("texts its staff's login code and step-up code in the user's language where the request states it, else in Polish", async () => {
    const admin = await t.database.db.selectFrom('users').select('phone_number').where('login', '=', 'admin').executeTakeFirstOrThrow();
    // An unknown device: the login asks for a code, in the language the panel shows (which it states in the request).
    const login = (device: string, headers: Record<string, string>) => t.request({ method: 'POST', url: '/api/login', headers, payload: { login: 'admin', password: 'Demo123!', device } });
    expect((await login('language-device-admin-0000000000', { 'accept-language': 'en' })).body).toEqual({ authorize: true });
    expect(await lastSmsTo(admin.phone_number!)).toMatch(/^Your verification code: \d{6}$/);
    // A request that states no language of ours: the customer's.
    expect((await login('language-device-admin-1111111111', { 'accept-language': 'de-DE' })).body).toEqual({ authorize: true });
    expect(await lastSmsTo(admin.phone_number!)).toMatch(/^Twój kod weryfikacyjny: \d{6}$/);

    // A step-up (10,000.00 PLN and more) texts a code with the operation.
    const stepUp = await t.request({
      method: 'POST',
      url: '/api/payout',
      token: tokens.admin,
      payload: { accountId: ids.account, programId: ids.program, recipientId: ids.recipient, amount: 10_000_000, title: 'Language', endDate: endDate() },
    });
    expect(stepUp.body).toMatchObject({ authorizationRequired: true });
    expect(await lastSmsTo(admin.phone_number!)).toMatch(new RegExp(`^Twój kod weryfikacyjny: \\d{6} \\(10000\\.00 PLN, [0-9A-F]{8}, ${DATE}\\)$`));
  });
});

describe('a customer elsewhere, and a chosen language', () => {
  it('sends English texts for a customer outside Poland, and Polish again once it chooses Polish', async () => {
    await setCountry('GB');
    expect((await t.request({ method: 'GET', url: `/api/customer/${ids.customer}`, token: tokens.superadmin })).body).toMatchObject({ countryCode: 'GB' });
    const settings = await getSettings();
    expect(settings.MESSAGES_LANGUAGE).toBe('en');
    expect(settings.PAYOUT_SMS_NOTIFICATION_MESSAGE).toBe(
      'You have a payout of {PAYOUT_AMOUNT} from {PROGRAM_NAME} (ref. {PAYOUT_REFERENCE}). Collect it by {PAYOUT_END_DATE} at {PAYOUT_COLLECTION_URL}',
    );
    const reference = await newPayout();
    expect(await lastSmsTo(recipientPhone)).toMatch(new RegExp(`^You have a payout of 12\\.34 PLN from Premie \\(ref\\. ${reference}\\)\\. Collect it by ${DATE} at http`));
    const login = await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber: recipientPhone, customerUrl: 'demo' } });
    expect(login.status).toBe(200);
    expect(await lastSmsTo(recipientPhone)).toMatch(/^Your verification code: \d{6}$/);

    expect((await putSettings({ MESSAGES_LANGUAGE: 'pl' })).status).toBe(200);
    await newPayout();
    expect(await lastSmsTo(recipientPhone)).toMatch(/^Masz wypłatę 12\.34 PLN z programu Premie /);
    expect((await putSettings({ MESSAGES_LANGUAGE: 'en' })).status).toBe(200);
  });

  it("sends the customer's own text whatever the language, and a text saved as a default follows the language", async () => {
    expect((await putSettings({ MESSAGES_LANGUAGE: 'en', PAYOUT_SMS_NOTIFICATION_MESSAGE: 'Wypłata {PAYOUT_REFERENCE} czeka' })).status).toBe(200);
    const reference = await newPayout();
    expect(await lastSmsTo(recipientPhone)).toBe(`Wypłata ${reference} czeka`);
    expect((await putSettings({ MESSAGES_LANGUAGE: 'pl' })).status).toBe(200);
    expect((await getSettings()).PAYOUT_SMS_NOTIFICATION_MESSAGE).toBe('Wypłata {PAYOUT_REFERENCE} czeka');

    // Saved equal to the English default (as a form that showed it sends it back): no own text is kept.
    const english = 'You have a payout of {PAYOUT_AMOUNT} from {PROGRAM_NAME} (ref. {PAYOUT_REFERENCE}). Collect it by {PAYOUT_END_DATE} at {PAYOUT_COLLECTION_URL}';
    expect((await putSettings({ PAYOUT_SMS_NOTIFICATION_MESSAGE: english })).status).toBe(200);
    expect(await ownRows('PAYOUT_SMS_NOTIFICATION_MESSAGE')).toEqual([]);
    expect((await getSettings()).PAYOUT_SMS_NOTIFICATION_MESSAGE).toMatch(/^Masz wypłatę /);
    await newPayout();
    expect(await lastSmsTo(recipientPhone)).toMatch(/^Masz wypłatę 12\.34 PLN /);

    await setCountry('PL');
    expect((await putSettings({ MESSAGES_LANGUAGE: 'pl' })).status).toBe(200);
  });

  it("texts a user of no customer (the super administrator) in the request's language", async () => {
    const phone = (await t.database.db.selectFrom('users').select('phone_number').where('login', '=', 'superadmin').executeTakeFirstOrThrow()).phone_number!;
    const login = (language: string) =>
      t.request({ method: 'POST', url: '/api/login', headers: { 'accept-language': language }, payload: { login: 'superadmin', password: 'Demo123!', device: `language-device-${language}-00000000000` } });
    expect((await login('pl-PL,pl;q=0.9')).body).toEqual({ authorize: true });
    expect(await lastSmsTo(phone)).toMatch(/^Twój kod weryfikacyjny: \d{6}$/);
    expect((await login('en-GB')).body).toEqual({ authorize: true });
    expect(await lastSmsTo(phone)).toMatch(/^Your verification code: \d{6}$/);
  });
});

describe('the Polish defaults', () => {
  it('fit one SMS text (280 characters once Polish letters make it UCS-2) with long values filled in', () => {
    const long = {
      PROGRAM_NAME: 'Premie kwartalne dla pracowników oddziałów',
      PAYOUT_REFERENCE: 'PAY-2026-11-000123456',
      PAYOUT_AMOUNT: '1000000000.00 PLN',
      PAYOUT_END_DATE: '2026-12-31 23:59',
      PAYOUT_COLLECTION_URL: 'https://wyplaty.przykladowa-firma.pl/przykladowa-firma-sp-z-o-o/premie-kwartalne-2026',
      PASS: '123456',
    };
    for (const key of ['PAYOUT_SMS_NOTIFICATION_MESSAGE', 'PAYOUT_SMS_REMINDER_MESSAGE', 'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE', 'SMS_VERIFICATION_CODE_MESSAGE'] as const) {
      const count = countSms(fillTemplate(defaultMessageText(key, 'pl'), long));
      expect(count.encoding, key).toBe('UCS2');
      expect(count.length, key).toBeLessThanOrEqual(280);
    }
  });
});
