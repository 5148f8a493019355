import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, sleep, startApp, type TestApp } from './harness.ts';

// Password checks can be held back (as a slow check under load would be), to show what is decided before one ends.
const checks = vi.hoisted(() => ({ held: null as Promise<void> | null, started: 0 }));
vi.mock('../../src/server/platform/auth/secrets.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/platform/auth/secrets.ts')>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checks.started++;
      if (checks.held) await checks.held;
      return real.verifyPassword(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ loginBlockSeconds: 2, deviceAuthorization: false });
});
afterAll(async () => t?.close());

const attempt = (login: string, password: string) => t.request({ method: 'POST', url: '/api/login', payload: { login, password } });

describe('login lockout', () => {
  it('blocks an identity after five failures, even for the right password, until the block ends', async () => {
    for (let i = 1; i <= 4; i++) expect((await attempt('admin', 'Wrong123!')).body.code).toBe('INVALID_CREDENTIALS');
    const fifth = await attempt('admin', 'Wrong123!');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({
      code: 'LOGIN_BLOCKED',
      message: 'Your account has been temporarily blocked after too many unsuccessful tries. Please try again in 5 minutes.',
    });
    const right = await attempt('ADMIN', PASSWORD);
    expect(right.body.code).toBe('LOGIN_BLOCKED');
    // Another identity is not affected.
    expect((await attempt('viewer', PASSWORD)).body.token).toBeTruthy();

    await sleep(2200);
    expect((await attempt('admin', PASSWORD)).body.token).toBeTruthy();
  });

  it('keeps the block in the database, so another server instance honours it', async () => {
    for (let i = 0; i < 5; i++) await attempt('representative', 'Wrong123!');
    const row = await t.database.db.selectFrom('login_failures').selectAll().where('identity', '=', 'login:representative|unknown|source:127.0.0.1').executeTakeFirstOrThrow();
    expect(row.blocked_until!.getTime()).toBeGreaterThan(Date.now());
    await sleep(2200);
    expect((await attempt('representative', PASSWORD)).body.token).toBeTruthy();
  });

  it('does not let parallel guesses exceed the limit', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt('superadmin', 'Wrong123!')));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 'LOGIN_BLOCKED').length).toBeGreaterThanOrEqual(8);
    expect((await attempt('superadmin', PASSWORD)).body.code).toBe('LOGIN_BLOCKED');
    await sleep(2200);
  });

  it('charges a guess before its password is checked: the right password, sent while wrong guesses are being checked, is refused', async () => {
    // The API files share one module context: the server is imported afresh here, so that it takes the held check.
    vi.resetModules();
    const fresh = await import('./harness.ts');
    const slow = await fresh.startApp({ loginBlockSeconds: 60, loginMaxFailures: 5, deviceAuthorization: false });
    let release = () => {};
    checks.held = new Promise<void>((resolve) => (release = resolve));
    checks.started = 0;
    try {
      const send = (password: string) => slow.request({ method: 'POST', url: '/api/login', payload: { login: 'viewer', password } });
      const answered: { code?: string; token?: string }[] = [];
      const wrong = Array.from({ length: 11 }, () => send('Wrong123!').then((res) => (answered.push(res.body), res)));
      // No password check has ended, yet the six guesses past the limit of five are already refused.
      for (let waited = 0; answered.length < 6 && waited < 5_000; waited += 20) await sleep(20);
      expect(answered.map((a) => a.code)).toEqual(Array(6).fill('LOGIN_BLOCKED'));
      // The identity is blocked from then on: the right password is refused, before its own check as well.
      const right = await send(PASSWORD);
      expect(right.status).toBe(429);
      expect(right.body).toEqual({
        code: 'LOGIN_BLOCKED',
        message: 'Your account has been temporarily blocked after too many unsuccessful tries. Please try again in 5 minutes.',
      });
      // Only the five guesses within the limit were checked at all.
      expect(checks.started).toBe(5);
      release();
      const all = await Promise.all(wrong);
      expect(all.filter((r) => r.body.token)).toEqual([]);
      expect(all.map((r) => r.body.code).sort()).toEqual([...Array(4).fill('INVALID_CREDENTIALS'), ...Array(7).fill('LOGIN_BLOCKED')]);
    } finally {
      release();
      checks.held = null;
      await slow.close();
    }
  });

  it('counts wrong verification codes too', async () => {
    const strict = await startApp({ loginBlockSeconds: 60 });
    try {
      await strict.request({ method: 'POST', url: '/api/login', payload: { login: 'viewer', password: PASSWORD, device: 'e'.repeat(32) } });
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await strict.request({ method: 'POST', url: '/api/login/authorize', payload: { login: 'viewer', verificationCode: '000000', device: 'e'.repeat(32) } });
        codes.push(res.body.code);
      }
      expect(codes.at(-1)).toBe('LOGIN_BLOCKED');
    } finally {
      await strict.close();
    }
  });
});
