// The hashing cost of every test's server (scrypt's N, with p = 1; the product's: PASSWORD_HASH and CODE_HASH in
// src/server/platform/auth/secrets.ts): about 2 ms of CPU a hash instead of 40 for a code and 145 for a password. The
// API tests and the browser tests' servers make and check a few thousand passwords and codes a run; the stored hashes
// of the demo users they start from are made at it too. The tests of timing measure at the product's parameters.
import { useHashCost } from '../src/server/platform/auth/secrets.ts';

const TEST_HASH_COST = 1024;

/** Makes every new hash, and every stand-in check, at the tests' cost from now on in this process. */
export function useTestHashCost(): void {
  useHashCost(TEST_HASH_COST);
}
