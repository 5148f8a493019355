// The IBAN rule, on `ibantools` (its country table is about 5 KiB gzip): kept out of rules.ts so that only what checks
// an IBAN loads it. The server's ajv uses it for the "iban" format (ajv.ts); in the browser the IBAN input and the
// collection page's bank step provide it to the precompiled validators as they load (browser-rules.ts).
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** The IBAN in electronic form (no spaces, upper case), or null when its format or checksum is wrong. */
export function normaliseIban(input: string): string | null {
  if (!/^[A-Za-z0-9 ]+$/.test(input)) return null;
  const electronic = electronicFormatIBAN(input);
  return electronic && isValidIBAN(electronic) ? electronic : null;
}

/** IBAN with its country prefix, by format and checksum; letters, digits and spaces accepted. */
export function isIban(s: string): boolean {
  return normaliseIban(s) !== null;
}
