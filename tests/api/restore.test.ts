import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medianRatio, PASSWORD, startApp, type TestApp } from './harness.ts';
import { RESTORE_CODE_ATTEMPTS } from '../../src/server/areas/auth/restore.ts';

const STRANGER = '203.0.113.7';
const USER_IP = '198.51.100.20';

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

  it("blocks a stranger's wrong codes at the stranger, and the user's code still works", async () => {
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'admin' } });
    const code = await t.lastCode('admin@demo.example.com');
    const wrong = code === '111111' ? '222222' : '111111';
    const base = { identity: 'admin', password: 'Another1!', confirmPassword: 'Another1!' };
    const put = (emailAuthorizationCode: string, remoteAddress: string) =>
      t.request({ method: 'PUT', url: '/api/user/restorePassword', payload: { ...base, emailAuthorizationCode }, remoteAddress });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await put(wrong, STRANGER)).body);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ success: false }));
    expect(answers[4].code).toBe('LOGIN_BLOCKED');
    // The stranger is blocked, even with the right code...
    expect((await put(code, STRANGER)).body.code).toBe('LOGIN_BLOCKED');
    // ...while the user, elsewhere, sets the password with it.
    expect((await put(code, USER_IP)).body).toEqual({ success: true });
    expect(await t.login('admin', 'Another1!')).toBeTruthy();
  });

  it('lets a code die only after many wrong answers from many sources', async () => {
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'representative' } });
    const code = await t.lastCode('representative@demo.example.com');
    const wrong = code === '111111' ? '222222' : '111111';
    const base = { identity: 'representative', password: 'Another1!', confirmPassword: 'Another1!' };
    for (let source = 0; source < RESTORE_CODE_ATTEMPTS / 5; source++) {
      for (let i = 0; i < 5; i++) {
        await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload: { ...base, emailAuthorizationCode: wrong }, remoteAddress: `10.9.0.${source + 1}` });
      }
    }
    const late = await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload: { ...base, emailAuthorizationCode: code }, remoteAddress: USER_IP });
    expect(late.body).toEqual({ success: false });
  });

  it('sends at most three live codes to one identity, and a new request does not cancel an earlier code', async () => {
    const before = (await t.messages()).filter((m) => m.to === 'superadmin@demo.example.com').length;
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'superadmin' } });
    const first = await t.lastCode('superadmin@demo.example.com');
    for (let i = 0; i < 19; i++) {
      const res = await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'superadmin' }, remoteAddress: STRANGER });
      expect(res.body).toEqual({ success: true });
    }
    const sent = (await t.messages()).filter((m) => m.to === 'superadmin@demo.example.com').length - before;
    expect(sent).toBe(3);
    const payload = { identity: 'superadmin', emailAuthorizationCode: first, password: 'Brand1new!', confirmPassword: 'Brand1new!' };
    expect((await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload })).body).toEqual({ success: true });
    // The reset ends the other codes too.
    const codes = await t.database.db.selectFrom('verification_codes').innerJoin('users', 'users.id', 'verification_codes.user_id')
      .select('verification_codes.id').where('users.login', '=', 'superadmin').where('purpose', '=', 'RESTORE').where('consumed_at', 'is', null).execute();
    expect(codes).toEqual([]);
  });

  it('takes as long for an unknown identity as for a known one', async () => {
    const ask = (identity: string) => t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity } });
    // "viewer" holds its three live codes after the first requests, so later ones take the path that sends nothing:
    // a user with an e-mail but no code to send, and a user that does not exist, must both look like a sending.
    const ratio = await medianRatio((i) => ask(i % 2 ? 'viewer' : 'admin'), (i) => ask(`ghost${i}`));
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
