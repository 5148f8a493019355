// Phone numbers through the API: a recipient's number must be a valid mobile (recipients receive SMS), checked on the
// server with libphonenumber's complete metadata, and the demo data keeps to the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPhone } from '../../src/shared/validation/rules.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const recipient = (phoneNumber: string) => ({ firstName: 'Jan', lastName: 'Telefon', phoneNumber });

describe('a recipient’s phone number', () => {
  it.each([
    ['+48111111111', 'a Polish length with no Polish range behind it'],
    ['+485965442', 'a Polish mobile cut short'],
    ['2019657502', 'a US number without its +1 (not an Egyptian one)'],
    ['+2019657502', 'the Egyptian reading of it'],
    ['+48221234567', 'a Warsaw landline'],
  ])('%s (%s) is refused with INVALID_PHONE_NUMBER and nothing is stored', async (phoneNumber) => {
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient', token: admin, payload: recipient(phoneNumber) });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual([
      { property: 'phoneNumber', errors: [{ code: 'INVALID_PHONE_NUMBER', message: 'Given phone number is invalid' }] },
    ]);
    const stored = await t.database.db.selectFrom('recipients').select('id').where('last_name', '=', 'Telefon').execute();
    expect(stored).toEqual([]);
  });

  it('given without a dial code is a Polish mobile, stored with +48', async () => {
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient', token: admin, payload: recipient('600700111') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.phoneNumber).toBe('+48600700111');
  });

  it.each(['+447911123456', '+12015550123', '+4915123456789'])('%s, a mobile of another country, is accepted', async (phoneNumber) => {
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient', token: admin, payload: recipient(phoneNumber) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.phoneNumber).toBe(phoneNumber);
  });
});

describe('demo data', () => {
  it('has valid mobile numbers for every user and recipient', async () => {
    const users = await t.database.db.selectFrom('users').select('phone_number').where('phone_number', 'is not', null).execute();
    const recipients = await t.database.db.selectFrom('recipients').select('phone_number').execute();
    const numbers = [...users, ...recipients].map((r) => r.phone_number as string);
    expect(numbers.length).toBeGreaterThan(60);
    expect(numbers.filter((n) => !isPhone(n))).toEqual([]);
  });
});
