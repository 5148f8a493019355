// Stored passwords: a hash made with older parameters is made again at sign-in, without ending the user's sessions,
// and an account whose hash is older answers a wrong password as slowly as an unknown user name does.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medianRatio, PASSWORD, startApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
});
afterAll(async () => t?.close());

/** A hash in the stored form `scrypt$N$r$p$salt$key`, made here with node's scrypt, as an older release made it. */
function olderHash(password: string, n: number, p: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: n, r: 8, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', n, 8, p, salt.toString('base64'), key.toString('base64')].join('$');
}

const storedHash = async (login: string) => (await t.database.db.selectFrom('users').select('password_hash').where('login', '=', login).executeTakeFirstOrThrow()).password_hash!;
const setHash = (login: string, hash: string) => t.database.db.updateTable('users').set({ password_hash: hash }).where('login', '=', login).execute();
const attempt = (login: string, password: string) => t.request({ method: 'POST', url: '/api/login', payload: { login, password } });

describe('stored password hashes', () => {
  it('a hash of older parameters is made again at sign-in; the sessions go on and the password still works', async () => {
    const before = await t.login('representative');
    const old = olderHash(PASSWORD, 512, 1);
    await setHash('representative', old);

    // A wrong password changes nothing.
    expect((await attempt('representative', 'Wrong123!')).body.code).toBe('INVALID_CREDENTIALS');
    expect(await storedHash('representative')).toBe(old);

    const signedIn = await attempt('representative', PASSWORD);
    expect(signedIn.body.token).toBeTruthy();
    const renewed = await storedHash('representative');
    expect(renewed).not.toBe(old);
    // The tests' own parameters (tests/api/test-database.ts): N = 1,024, r = 8, p = 1.
    expect(renewed).toMatch(/^scrypt\$1024\$8\$1\$/);

    // Not a password change: the session from before still works, and the password signs in again.
    expect((await t.request({ method: 'GET', url: '/api/me', token: before })).status).toBe(200);
    expect((await attempt('representative', PASSWORD)).body.token).toBeTruthy();
    expect(await storedHash('representative')).toBe(renewed);
  });

  it("a wrong password for an account whose hash is older takes as long as an unknown user name's (the product's parameters)", async () => {
    // Made before p was raised: the product's N and r with one lane, where a new hash has five.
    await setHash('viewer', olderHash(PASSWORD, 16384, 1));
    const clear = () => t.database.db.deleteFrom('login_failures').execute();
    const ratio = await medianRatio(() => attempt('viewer', 'Wrong123!'), (i) => attempt(`ghost${i}`, 'Wrong123!'), clear);
    // Without the missing lanes' work the account answers in about a third of the unknown name's time.
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.4);
  });
});
