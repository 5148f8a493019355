// Password and code hashing (scrypt from node:crypto), session tokens and numeric codes.
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost (N) of a new hash, and of the check that stands in for an unknown account's. */
export const HASH_COST = 16384;
let cost = HASH_COST;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Sets the cost of new hashes and of the stand-in check; for the API tests only, which make and check about a
 * thousand passwords and codes per run and engine, 53 ms of CPU each at HASH_COST. A stored hash keeps the cost it
 * was made with, so each still verifies. Nothing in the product calls it, and the tests of timing measure at
 * HASH_COST (tests/api/harness.ts).
 */
export function useHashCost(n: number): void {
  cost = n;
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can grow without breaking stored hashes. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, cost, R, P);
  return ['scrypt', cost, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  // Without a stored hash, still spend the time of a real check so timing does not reveal the account.
  const parts = (stored ?? dummyHash()).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return stored != null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, string>();
const dummyHash = (): string => {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = `scrypt$${cost}$${R}$${P}$${randomBytes(16).toString('base64')}$${randomBytes(KEYLEN).toString('base64')}`));
  return hash;
};

/** Session tokens carry 256 random bits, so a fast hash is enough to store them. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newNumericCode(digits = 6): string {
  let code = '';
  for (let i = 0; i < digits; i++) code += String(randomInt(10));
  return code;
}
