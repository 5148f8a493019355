// The lockout and rate-limit rules against someone who tries to abuse them (docs/security.md):
// a stranger cannot lock a user out, one source cannot spray guesses, parallel guesses never win
// after the limit, and codes die with their lifetime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, PASSWORD, sleep, startApp, addVariantCustomers, type TestApp } from './harness.ts';

const STRANGER = '203.0.113.7';
const USER_IP = '198.51.100.20';

describe('a stranger cannot lock a user out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginBlockSeconds: 60 });
  });
  afterAll(async () => t?.close());

  const login = (body: Record<string, unknown>, remoteAddress = STRANGER) => t.request({ method: 'POST', url: '/api/login', payload: body, remoteAddress });

  it("keeps the user's confirmed device working while unknown devices are blocked", async () => {
    // The admin confirmed this browser with an SMS code once: it is a trusted device from now on.
    await t.login('admin');

    // Five wrong passwords from anywhere, with no device and with made-up ones.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await login({ login: 'admin', password: 'Wrong123!', ...(i % 2 ? { device: `${i}`.repeat(32) } : {}) })).body.code);
    expect(answers).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'LOGIN_BLOCKED']);

    // Unknown devices at the stranger's address are blocked, the right password included.
    expect((await login({ login: 'admin', password: PASSWORD, device: 'n'.repeat(32) })).body.code).toBe('LOGIN_BLOCKED');
    expect((await login({ login: 'admin', password: PASSWORD })).body.code).toBe('LOGIN_BLOCKED');

    // The admin's own device is judged on its own failures: it logs straight in.
    const own = await login({ login: 'admin', password: PASSWORD, device: DEVICE }, USER_IP);
    expect(own.status).toBe(200);
    expect(own.body.token).toBeTruthy();
    // And a new browser of the admin's, elsewhere, is not blocked either: it gets the SMS step.
    expect((await login({ login: 'admin', password: PASSWORD, device: 'b'.repeat(32) }, USER_IP)).body).toEqual({ authorize: true });
  });

  it('blocks unknown devices everywhere only after failures spread over many addresses, and never the trusted device', async () => {
    await t.login('superadmin');
    const codes: string[] = [];
    for (let source = 1; source <= 10; source++) {
      for (let i = 0; i < 5; i++) codes.push((await login({ login: 'superadmin', password: 'Wrong123!' }, `10.7.0.${source}`)).body.code);
    }
    // Each address was blocked after its own five; the fiftieth failure blocks unknown devices of the identity.
    expect(codes.filter((c) => c === 'LOGIN_BLOCKED')).toHaveLength(10);
    expect((await login({ login: 'superadmin', password: PASSWORD, device: 'f'.repeat(32) }, USER_IP)).body.code).toBe('LOGIN_BLOCKED');
    expect((await login({ login: 'superadmin', password: PASSWORD, device: DEVICE }, USER_IP)).body.token).toBeTruthy();
  });

  it("judges a trusted device on its own failures, without touching another's", async () => {
    await t.login('representative');
    const other = 'o'.repeat(32);
    for (let i = 0; i < 5; i++) await login({ login: 'representative', password: 'Wrong123!', device: DEVICE }, USER_IP);
    expect((await login({ login: 'representative', password: PASSWORD, device: DEVICE }, USER_IP)).body.code).toBe('LOGIN_BLOCKED');
    // Unknown devices were never charged: one of them still gets the SMS step.
    expect((await login({ login: 'representative', password: PASSWORD, device: other })).body).toEqual({ authorize: true });
  });
});

describe('without the device step, a stranger still cannot lock a user out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginBlockSeconds: 60, deviceAuthorization: false, loginIdentityMaxFailures: 12 });
  });
  afterAll(async () => t?.close());

  const BLOCKED = { code: 'LOGIN_BLOCKED', message: 'Your account has been temporarily blocked after too many unsuccessful tries. Please try again in 5 minutes.' };
  const attempt = (login: string, password: string, remoteAddress: string) => t.request({ method: 'POST', url: '/api/login', payload: { login, password }, remoteAddress });

  it("blocks the stranger's source for the identity, and the user signs in from elsewhere", async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await attempt('admin', 'Wrong123!', STRANGER)).body.code);
    expect(answers).toEqual([...Array(4).fill('INVALID_CREDENTIALS'), ...Array(4).fill('LOGIN_BLOCKED')]);
    const right = await attempt('admin', PASSWORD, STRANGER);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(BLOCKED);
    const own = await attempt('admin', PASSWORD, USER_IP);
    expect(own.status).toBe(200);
    expect(own.body.token).toBeTruthy();
  });

  it("counts an IPv6 network (/64) as one source: the stranger's next address is blocked too, the user's network is not", async () => {
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push((await attempt('viewer', 'Wrong123!', `2001:db8:7:7::${i}`)).body.code);
    expect(answers).toEqual([...Array(4).fill('INVALID_CREDENTIALS'), 'LOGIN_BLOCKED', 'LOGIN_BLOCKED']);
    expect((await attempt('viewer', PASSWORD, '2001:db8:7:7:ffff::1')).body).toEqual(BLOCKED);
    expect((await attempt('viewer', PASSWORD, '2001:db8:7:8::1')).body.token).toBeTruthy();
  });

  it('blocks the identity everywhere at LOGIN_IDENTITY_MAX_FAILURES (12 here), the last resort against many sources', async () => {
    const answers = [];
    for (const source of ['10.9.0.1', '10.9.0.2']) for (let i = 0; i < 5; i++) answers.push((await attempt('representative', 'Wrong123!', source)).body.code);
    expect(answers).toEqual([...Array(4).fill('INVALID_CREDENTIALS'), 'LOGIN_BLOCKED', ...Array(4).fill('INVALID_CREDENTIALS'), 'LOGIN_BLOCKED']);
    // A third source: its first failure is the identity's 11th, its second the 12th, which blocks the identity.
    expect((await attempt('representative', 'Wrong123!', '10.9.0.3')).body.code).toBe('INVALID_CREDENTIALS');
    expect((await attempt('representative', 'Wrong123!', '10.9.0.3')).body).toEqual(BLOCKED);
    const own = await attempt('representative', PASSWORD, USER_IP);
    expect(own.status).toBe(429);
    expect(own.body).toEqual(BLOCKED);
  });
});

describe('a code bound to a device', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A lenient identity limit, so that only the code's own tries are at stake here.
    t = await startApp({ loginMaxFailures: 20 });
  });
  afterAll(async () => t?.close());

  it("cannot have its tries spent by a stranger's wrong codes", async () => {
    const device = 'd'.repeat(32);
    const first = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'viewer', password: PASSWORD, device }, remoteAddress: USER_IP });
    expect(first.body).toEqual({ authorize: true });
    const phone = (await t.database.db.selectFrom('users').select('phone_number').where('login', '=', 'viewer').executeTakeFirstOrThrow()).phone_number!;
    const code = await t.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 8; i++) {
      const res = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'viewer', verificationCode: wrong, device: `${i}`.repeat(32) }, remoteAddress: STRANGER });
      expect(res.body.code).toBe('INVALID_VERIFICATION_CODE');
    }
    const res = await t.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'viewer', verificationCode: code, device }, remoteAddress: USER_IP });
    expect(res.body.token).toBeTruthy();
  });
});

describe('the correct password among parallel guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginBlockSeconds: 60, deviceAuthorization: false });
  });
  afterAll(async () => t?.close());

  const attempt = (login: string, password: string) => t.request({ method: 'POST', url: '/api/login', payload: { login, password } });

  it('never yields a token once the limit is reached', async () => {
    for (let i = 0; i < 5; i++) await attempt('admin', 'Wrong123!');
    const guesses = [...Array.from({ length: 11 }, () => attempt('admin', 'Wrong123!')), attempt('admin', PASSWORD)];
    const answers = await Promise.all(guesses);
    expect(answers.filter((a) => a.body.token)).toEqual([]);
    expect(answers.map((a) => a.body.code)).toEqual(Array(12).fill('LOGIN_BLOCKED'));
  });

  it('lets at most the limit of parallel guesses be checked at all', async () => {
    const answers = await Promise.all([...Array.from({ length: 11 }, () => attempt('viewer', 'Wrong123!')), attempt('viewer', PASSWORD)]);
    const checked = answers.filter((a) => a.body.code !== 'LOGIN_BLOCKED');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.code === 'LOGIN_BLOCKED').length).toBeGreaterThanOrEqual(7);
  });
});

describe('one source cannot spray guesses over many accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginBlockSeconds: 60, loginSourceMaxFailures: 6, deviceAuthorization: false });
  });
  afterAll(async () => t?.close());

  const attempt = (login: string, password: string, remoteAddress: string) => t.request({ method: 'POST', url: '/api/login', payload: { login, password }, remoteAddress });

  it('blocks the source after its failures across accounts, and only that source', async () => {
    const logins = ['admin', 'viewer', 'representative', 'superadmin', 'nobody1', 'nobody2'];
    const answers = [];
    for (const login of logins) answers.push((await attempt(login, 'Spray123!', STRANGER)).body.code);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('INVALID_CREDENTIALS'));
    expect(answers[5]).toBe('TOO_MANY_ATTEMPTS');
    const blocked = await attempt('admin', PASSWORD, STRANGER);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many unsuccessful tries from this network. Please try again in a few minutes.' });
    // Every account sprayed once is still open to its user elsewhere.
    expect((await attempt('admin', PASSWORD, USER_IP)).body.token).toBeTruthy();
  });

  it('counts failures, not logins', async () => {
    const office = '192.0.2.50';
    for (let i = 0; i < 10; i++) expect((await attempt('viewer', PASSWORD, office)).body.token).toBeTruthy();
    expect((await attempt('viewer', 'Wrong123!', office)).body.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('request rate per source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ authRateLimit: 4 });
  });
  afterAll(async () => t?.close());

  it('answers 429 past the limit on the public auth routes, for that source only', async () => {
    const ask = (remoteAddress: string) => t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'ghost' }, remoteAddress });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(STRANGER)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const over = await ask(STRANGER);
    expect(over.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a minute and try again.' });
    expect((await ask(USER_IP)).status).toBe(200);
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'x', password: 'y' }, remoteAddress: USER_IP });
    expect(login.status).toBe(400);
  });
});

describe('codes expire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ codeTtl: 1, restoreCodeTtl: 1 });
    await addVariantCustomers(t);
  });
  afterAll(async () => t?.close());

  const authorize = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/login/authorize', payload });

  it('refuses a device code used after its lifetime', async () => {
    const device = 'e'.repeat(32);
    expect((await t.request({ method: 'POST', url: '/api/login', payload: { login: 'viewer', password: PASSWORD, device } })).body).toEqual({ authorize: true });
    const phone = (await t.database.db.selectFrom('users').select('phone_number').where('login', '=', 'viewer').executeTakeFirstOrThrow()).phone_number!;
    const code = await t.lastCode(phone);
    await sleep(1500);
    const late = await authorize({ login: 'viewer', verificationCode: code, device });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('refuses an SMS login code (user name variant) used after its lifetime', async () => {
    await t.request({ method: 'POST', url: '/api/login', payload: { login: 'loginuser', customer: 'login-co' } });
    const code = await t.lastCode('+48600700900');
    await sleep(1500);
    expect((await authorize({ login: 'loginuser', customer: 'login-co', verificationCode: code })).body.code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('refuses an SMS login code (phone variant) used after its lifetime', async () => {
    await t.request({ method: 'POST', url: '/api/login', payload: { phoneNumber: '+48600700800', customer: 'phone-co' } });
    const code = await t.lastCode('+48600700800');
    await sleep(1500);
    expect((await authorize({ phoneNumber: '+48600700800', customer: 'phone-co', verificationCode: code })).body.code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('refuses a restore code used after its lifetime, and the password stays', async () => {
    await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'admin' } });
    const code = await t.lastCode('admin@demo.example.com');
    await sleep(1500);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/restorePassword',
      payload: { identity: 'admin', emailAuthorizationCode: code, password: 'Brand1new!', confirmPassword: 'Brand1new!' },
    });
    expect(res.body).toEqual({ success: false });
    expect(await t.login('admin', PASSWORD)).toBeTruthy();
  });
});
