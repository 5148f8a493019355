import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, addVariantCustomers, medianRatio, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
  await addVariantCustomers(t);
});
afterAll(async () => t?.close());

describe('login variants', () => {
  it('phone number only: the customer page offers PHONE and an SMS code logs in', async () => {
    expect((await t.request({ method: 'GET', url: '/api/config?customer=phone-co' })).body.loginVariant).toBe('PHONE');
    const first = await t.request({ method: 'POST', url: '/api/login', payload: { phoneNumber: '600 700 800', customer: 'phone-co', device: 'x'.repeat(32) } });
    expect(first.body).toEqual({ authorize: true });
    const code = await t.lastCode('+48600700800');
    const res = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { phoneNumber: '+48600700800', customer: 'phone-co', verificationCode: code, device: 'x'.repeat(32) } });
    expect(res.body.token).toBeTruthy();
    const me = await t.request({ method: 'GET', url: '/api/me', token: res.body.token });
    expect(me.body.login).toBe('phoneuser');
  });

  it('phone number only: an invalid number is a field error, an unknown one sends nothing', async () => {
    const bad = await t.request({ method: 'POST', url: '/api/login', payload: { phoneNumber: '12', customer: 'phone-co' } });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors[0]).toMatchObject({ property: 'phoneNumber', errors: [{ code: 'INVALID_PHONE_NUMBER', message: 'Given phone number is invalid' }] });
    const before = (await t.messages()).length;
    const unknown = await t.request({ method: 'POST', url: '/api/login', payload: { phoneNumber: '+48600111222', customer: 'phone-co' } });
    expect(unknown.body).toEqual({ authorize: true });
    expect((await t.messages()).length).toBe(before);
  });

  it('phone number only: a number without a user takes as long as one with a user', async () => {
    const ask = (phoneNumber: string) => () => t.request({ method: 'POST', url: '/api/login', payload: { phoneNumber, customer: 'phone-co' } });
    // Each request is a guess charged to the number: cleared between runs, so no run meets a lockout.
    const ratio = await medianRatio(ask('+48600700800'), (i) => ask(`+4860011${String(1000 + i)}`)(), () => t.database.db.deleteFrom('login_failures').execute());
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('user name only: an SMS code always follows', async () => {
    const first = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'loginuser', customer: 'login-co' } });
    expect(first.body).toEqual({ authorize: true });
    const code = await t.lastCode('+48600700900');
    const res = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'loginuser', customer: 'login-co', verificationCode: code } });
    expect(res.body.token).toBeTruthy();
  });

  it('a user cannot slip into a weaker variant than their customer uses', async () => {
    // loginuser's customer uses LOGIN; the default page asks for a password, which loginuser lacks.
    const res = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'loginuser', password: 'Whatever1!' } });
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
    // And admin (default variant) cannot log in through the user-name-only page of another customer.
    const other = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'admin', customer: 'login-co' } });
    expect(other.body).toEqual({ authorize: true });
    const sent = (await t.messages()).filter((m) => m.to === '+48500100200');
    expect(sent).toHaveLength(0);
  });
});
