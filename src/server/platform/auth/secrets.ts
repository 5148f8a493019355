// Password and code hashing (scrypt from node:crypto), session tokens and numeric codes.
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's parameters: N (the cost; memory is 128 * N * r bytes), r (the block size) and p (the lanes, run in turn). */
interface HashParams {
  n: number;
  r: number;
  p: number;
}

/**
 * A new password's hash: one of the OWASP Password Storage Cheat Sheet's scrypt settings, "N=2^14 (16 MiB), r=8
 * (1024 bytes), p=5": 16 MiB a check where its first, 2^17 with p=1, takes 128 MiB, so that many sign-ins at once
 * stay well within a server's memory.
 */
const PASSWORD_HASH: HashParams = { n: 16384, r: 8, p: 5 };
/**
 * A verification code's hash. Codes are six digits that expire within minutes, are used once and refused after a few
 * wrong tries; no hashing cost makes their million values hard to try, so they keep a fifth of a password's work.
 */
const CODE_HASH: HashParams = { n: 16384, r: 8, p: 1 };

let passwordParams = PASSWORD_HASH;
let codeParams = CODE_HASH;
const KEYLEN = 32;

function scryptAsync(secret: string, salt: Buffer, { n, r, p }: HashParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Sets scrypt's N of new hashes and of the stand-in checks, with p = 1 (for passwords and codes alike); without a
 * value, the product's parameters again. For the tests only, which make and check about a thousand passwords and
 * codes per run and engine (53 ms of CPU each at N = 16,384, p = 1). A stored hash keeps the parameters it was made
 * with, so each still verifies. Nothing in the product calls it, and the tests of timing measure at the product's.
 */
export function useHashCost(n?: number): void {
  passwordParams = n === undefined ? PASSWORD_HASH : { n, r: 8, p: 1 };
  codeParams = n === undefined ? CODE_HASH : { n, r: 8, p: 1 };
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can grow without breaking stored hashes. */
async function hashWith(params: HashParams, secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, params);
  return ['scrypt', params.n, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface StoredHash {
  params: HashParams;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  return { params: { n, r, p }, salt: Buffer.from(parts[4], 'base64'), hash: Buffer.from(parts[5], 'base64') };
}

const dummyHashes = new Map<string, string>();
/** A hash of nothing at these parameters: checked where there is no stored hash, so timing does not tell. */
function dummyHash(params: HashParams): string {
  const key = `${params.n}$${params.r}$${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = `scrypt$${key}$${randomBytes(16).toString('base64')}$${randomBytes(KEYLEN).toString('base64')}`));
  return hash;
}

/**
 * Whether `secret` matches `stored`; without a stored hash, the same work spent on a stand-in at `current`. A stored
 * hash of fewer lanes than `current` (made before p was raised) gets the missing lanes' work as well: an account
 * whose hash is older answers as slowly as an unknown one.
 */
async function verifyWith(current: HashParams, secret: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored ?? dummyHash(current));
  if (!parsed) return false;
  const actual = await scryptAsync(secret, parsed.salt, parsed.params);
  const { n, r, p } = parsed.params;
  if (n === current.n && r === current.r && p < current.p) await scryptAsync(secret, parsed.salt, { n, r, p: current.p - p });
  return stored != null && actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** A new password's hash (PASSWORD_HASH). */
export const hashPassword = (password: string): Promise<string> => hashWith(passwordParams, password);

/** Whether the password matches the stored hash; without one, a password check's work spent all the same. */
export const verifyPassword = (password: string, stored: string | null | undefined): Promise<boolean> => verifyWith(passwordParams, password, stored);

/** Whether a stored password hash was made with other parameters than a new one would be (hashed again at sign-in). */
export function passwordHashOutdated(stored: string): boolean {
  const parsed = parseHash(stored);
  return parsed !== null && (parsed.params.n !== passwordParams.n || parsed.params.r !== passwordParams.r || parsed.params.p !== passwordParams.p);
}

/** A new verification code's hash (CODE_HASH). */
export const hashOneTimeCode = (code: string): Promise<string> => hashWith(codeParams, code);

/** Whether the code matches the stored hash; without one, a code check's work spent all the same. */
export const verifyOneTimeCode = (code: string, stored: string | null | undefined): Promise<boolean> => verifyWith(codeParams, code, stored);

/** Session tokens carry 256 random bits, so a fast hash is enough to store them. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newNumericCode(digits = 6): string {
  let code = '';
  for (let i = 0; i < digits; i++) code += String(randomInt(10));
  return code;
}
