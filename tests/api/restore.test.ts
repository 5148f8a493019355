import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

const EMAIL = 'viewer@demo.example.com';

describe('restore password', () => {
  it('answers the same for an unknown user and sends nothing', async () => {
    const before = (await t.messages()).length;
    const res = await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'ghost' } });
    expect(res.body).toEqual({ success: true });
    expect((await t.messages()).length).toBe(before);
  });

  it('requires the identity', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: {} });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual([{ property: 'identity', errors: [{ code: 'REQUIRED', message: 'Field required' }] }]);
  });

  it('fails with a wrong code and changes nothing', async () => {
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'viewer' } });
    const code = await t.lastCode(EMAIL);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/restorePassword',
      payload: { identity: 'viewer', emailAuthorizationCode: code === '123456' ? '654321' : '123456', password: 'Brand1new!', confirmPassword: 'Brand1new!' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false });
    expect(await t.login('viewer', PASSWORD)).toBeTruthy();
  });

  it('rejects a weak or mismatched new password with field errors', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/restorePassword',
      payload: { identity: 'viewer', emailAuthorizationCode: '123456', password: 'Brand1new!', confirmPassword: 'Brand2new!' },
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors[0]).toMatchObject({ property: 'confirmPassword', errors: [{ code: 'VALUE_NOT_MATCH' }] });
  });

  it('sets the password with the e-mailed code, once', async () => {
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'Viewer' } });
    const code = await t.lastCode(EMAIL);
    const payload = { identity: 'viewer', emailAuthorizationCode: code, password: 'Brand1new!', confirmPassword: 'Brand1new!' };
    expect((await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload })).body).toEqual({ success: true });
    expect((await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload })).body).toEqual({ success: false });
    expect(await t.login('viewer', 'Brand1new!')).toBeTruthy();
    const old = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'viewer', password: PASSWORD } });
    expect(old.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('gives up on a code after five wrong tries', async () => {
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'admin' } });
    const code = await t.lastCode('admin@demo.example.com');
    const wrong = code === '111111' ? '222222' : '111111';
    const base = { identity: 'admin', password: 'Another1!', confirmPassword: 'Another1!' };
    for (let i = 0; i < 5; i++) {
      const res = await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload: { ...base, emailAuthorizationCode: wrong } });
      expect(res.body).toEqual({ success: false });
    }
    const late = await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload: { ...base, emailAuthorizationCode: code } });
    expect(late.body).toEqual({ success: false });
  });
});
