import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, PASSWORD, sleep, startApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

describe('status and public configuration', () => {
  it('reports the service as available', async () => {
    const res = await t.request({ method: 'GET', url: '/api/status' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, isTechnicalBreak: false });
  });

  it('offers the deployment login variant and the support address', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config?customer=demo' });
    expect(res.body).toMatchObject({ loginVariant: 'LOGIN_PASSWORD', customer: { name: 'Demo Company', url: 'demo' }, limitOptions: [10, 20, 50] });
  });

  it('sends security headers with a CSP that forbids eval and inline scripts', async () => {
    const res = await t.request({ method: 'GET', url: '/api/status' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('login with user name and password', () => {
  it('rejects a wrong password with the spec message', async () => {
    const res = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Wrong123!', device: DEVICE } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid user name or password' });
  });

  it('rejects an unknown user with the same message', async () => {
    const res = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'nobody', password: PASSWORD } });
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('asks an unknown device for an SMS code, then trusts it', async () => {
    const device = 'a'.repeat(32);
    const first = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'representative', password: PASSWORD, device } });
    expect(first.body).toEqual({ authorize: true });
    const code = await t.lastCode('+48500100300');

    const wrong = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'representative', verificationCode: code === '000000' ? '111111' : '000000', device } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code!' });

    const ok = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'representative', verificationCode: code, device } });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
    expect(new Date(ok.body.expiresIn).getTime()).toBeGreaterThan(Date.now());

    // The code is single-use.
    const again = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'representative', verificationCode: code, device } });
    expect(again.body.code).toBe('INVALID_VERIFICATION_CODE');

    // The device is now known: the next login gets a token at once.
    const second = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'representative', password: PASSWORD, device } });
    expect(typeof second.body.token).toBe('string');
  });

  it('does not accept a device code from another device', async () => {
    await t.request({ method: 'POST', url: '/api/login', payload: { login: 'viewer', password: PASSWORD, device: 'b'.repeat(32) } });
    const code = await t.lastCode('+48500100400');
    const res = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'viewer', verificationCode: code, device: 'c'.repeat(32) } });
    expect(res.body.code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('answers a missing field with REQUIRED and a malformed body with 400, never 500', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors).toEqual([{ property: 'password', errors: [{ code: 'REQUIRED', message: 'Field required' }] }]);

    const wrongType = await t.request({ method: 'POST', url: '/api/login', payload: { login: 42, password: PASSWORD } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.validationErrors[0].property).toBe('login');

    const garbage = await t.request({ method: 'POST', url: '/api/login', payload: '{"login":', headers: { 'content-type': 'application/json' } });
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe('INVALID_REQUEST');

    const notObject = await t.request({ method: 'POST', url: '/api/login', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(notObject.status).toBe(400);
  });
});

describe('session', () => {
  it('answers 401 without a token and with a made-up one', async () => {
    expect((await t.request({ method: 'GET', url: '/api/me' })).status).toBe(401);
    const res = await t.request({ method: 'GET', url: '/api/me', token: 'made-up' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('returns the user with permissions, customer and expiry', async () => {
    const token = await t.login('admin');
    const res = await t.request({ method: 'GET', url: '/api/me', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ login: 'admin', type: 'ADMIN', customer: { name: 'Demo Company', url: 'demo' } });
    expect(res.body.permissions).toContain('user.manage');
    expect(res.body.permissions).not.toContain('settings.manage');
    expect(res.body.password_hash).toBeUndefined();
    expect(res.body.passwordHash).toBeUndefined();
  });

  it('ends the session on logout', async () => {
    const token = await t.login('admin');
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).status).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/me', token })).status).toBe(401);
  });

  it('expires a session after SESSION_TTL', async () => {
    const short = await startApp({ sessionTtl: 1, deviceAuthorization: false });
    try {
      const token = await short.login('admin');
      expect((await short.request({ method: 'GET', url: '/api/me', token })).status).toBe(200);
      await sleep(1200);
      expect((await short.request({ method: 'GET', url: '/api/me', token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('permissions', () => {
  it('refuses global settings to a customer admin and a viewer, allows the super admin', async () => {
    const payload = { SMS_VERIFICATION_CODE_MESSAGE: 'Kod: {PASS}' };
    for (const login of ['admin', 'viewer']) {
      const token = await t.login(login);
      const res = await t.request({ method: 'PUT', url: '/api/settings', token, payload });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const token = await t.login('superadmin');
    const res = await t.request({ method: 'PUT', url: '/api/settings', token, payload });
    expect(res.status).toBe(200);
    expect(res.body.SMS_VERIFICATION_CODE_MESSAGE).toBe('Kod: {PASS}');
    // The new template is used for the next code.
    await t.request({ method: 'POST', url: '/api/login', payload: { login: 'viewer', password: PASSWORD, device: 'd'.repeat(32) } });
    const sms = (await t.messages()).filter((m) => m.to === '+48500100400').pop();
    expect(sms?.body).toMatch(/^Kod: \d{6}$/);
    await t.request({ method: 'PUT', url: '/api/settings', token, payload: { SMS_VERIFICATION_CODE_MESSAGE: 'Your verification code: {PASS}' } });
  });

  it('validates settings with the shared rules', async () => {
    const token = await t.login('superadmin');
    const res = await t.request({ method: 'PUT', url: '/api/settings', token, payload: { AVAILABLE_CURRENCIES: [] } });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors[0]).toMatchObject({ property: 'AVAILABLE_CURRENCIES', errors: [{ code: 'ARRAY_IS_EMPTY' }] });
  });
});

describe('my profile', () => {
  it('changes only the own password, checking the current one', async () => {
    const token = await t.login('representative');
    const me = (await t.request({ method: 'GET', url: '/api/me', token })).body;
    const base = { currentPassword: PASSWORD, newPassword: 'Changed1!', confirmNewPassword: 'Changed1!' };

    const other = await t.request({ method: 'POST', url: '/api/myprofile', token, payload: { ...base, id: me.id + 1 } });
    expect(other.status).toBe(403);

    const wrong = await t.request({ method: 'POST', url: '/api/myprofile', token, payload: { ...base, id: me.id, currentPassword: 'Nope123!' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'INVALID_CURRENT_PASSWORD', message: 'Invalid current password.' });

    const mismatch = await t.request({ method: 'POST', url: '/api/myprofile', token, payload: { ...base, id: me.id, confirmNewPassword: 'Changed2!' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.validationErrors).toEqual([expect.objectContaining({ property: 'confirmNewPassword', errors: [expect.objectContaining({ code: 'VALUE_NOT_MATCH' })] })]);

    const weak = await t.request({ method: 'POST', url: '/api/myprofile', token, payload: { ...base, id: me.id, newPassword: 'weak', confirmNewPassword: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.validationErrors.map((e: { property: string }) => e.property)).toContain('newPassword');

    const ok = await t.request({ method: 'POST', url: '/api/myprofile', token, payload: { ...base, id: me.id } });
    expect(ok.body).toEqual({ success: true });
    const old = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'representative', password: PASSWORD, device: DEVICE } });
    expect(old.body.code).toBe('INVALID_CREDENTIALS');
    expect(await t.login('representative', 'Changed1!')).toBeTruthy();
    // Put the demo password back for the other tests.
    const again = await t.login('representative', 'Changed1!');
    await t.request({ method: 'POST', url: '/api/myprofile', token: again, payload: { id: me.id, currentPassword: 'Changed1!', newPassword: PASSWORD, confirmNewPassword: PASSWORD } });
  });

  it("ends every session of a user whose password an admin sets, and keeps the admin's own", async () => {
    const viewer = await t.login('viewer');
    const admin = await t.login('admin');
    const id = (await t.request({ method: 'GET', url: '/api/me', token: viewer })).body.id;
    const row = (await t.request({ method: 'GET', url: `/api/user/${id}`, token: admin })).body;
    const edit = (token: string, extra: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/user', token, payload: { ...row, ...extra } });

    // An edit without a password leaves the sessions alone.
    expect((await edit(admin, { firstName: 'Wiktoria' })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: viewer })).status).toBe(200);

    expect((await edit(admin, { password: 'Reset123!' })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: viewer })).status).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/me', token: admin })).status).toBe(200);
    expect(await t.login('viewer', 'Reset123!')).toBeTruthy();
    await edit(admin, { password: PASSWORD, firstName: row.firstName });
  });
});
