// Password and code hashing parameters (src/server/platform/auth/secrets.ts), pinned to their sources' words.
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashOneTimeCode, hashPassword, passwordHashOutdated, verifyOneTimeCode, verifyPassword } from '../../src/server/platform/auth/secrets.ts';

const stored = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('hashing', () => {
  it('a password is hashed with one of the OWASP cheat sheet\'s scrypt settings: "N=2^14 (16 MiB), r=8 (1024 bytes), p=5"', async () => {
    const hash = await hashPassword('Demo123!');
    expect(stored(hash)).toBe(`scrypt$${2 ** 14}$8$5`);
    // 16 MiB: 128 * N * r bytes.
    expect(128 * 2 ** 14 * 8).toBe(16 * 1024 * 1024);
    expect(await verifyPassword('Demo123!', hash)).toBe(true);
    expect(await verifyPassword('Demo123?', hash)).toBe(false);
    expect(passwordHashOutdated(hash)).toBe(false);
  });

  it('a code is hashed with one lane; it verifies once right and never wrong', async () => {
    const hash = await hashOneTimeCode('123456');
    expect(stored(hash)).toBe(`scrypt$${2 ** 14}$8$1`);
    expect(await verifyOneTimeCode('123456', hash)).toBe(true);
    expect(await verifyOneTimeCode('123457', hash)).toBe(false);
  });

  it('a password hash of older parameters still verifies, and is told to be made again', async () => {
    const salt = randomBytes(16);
    const older = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('Demo123!', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')].join('$');
    expect(await verifyPassword('Demo123!', older)).toBe(true);
    expect(await verifyPassword('Demo123?', older)).toBe(false);
    expect(passwordHashOutdated(older)).toBe(true);
  });

  it('no stored hash, or a malformed one, never verifies', async () => {
    expect(await verifyPassword('Demo123!', null)).toBe(false);
    expect(await verifyPassword('Demo123!', 'scrypt$0$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('Demo123!', 'bcrypt$whatever')).toBe(false);
    expect(await verifyOneTimeCode('123456', undefined)).toBe(false);
  });
});
