// The phone rule, written once on libphonenumber-js/core with the metadata handed in, so that each side picks its
// metadata without a second copy of the rule: the server the complete set (phone-max.ts, behind rules.ts and the
// server's ajv), the browser the mobile-only set (phone-mobile.ts, behind formats.ts and the phone input), which is
// about 15 KiB gzip lighter and gives the same answers for mobile numbers (tests/unit/phone.test.ts compares them).
// Lengths alone are not enough: payout recipients receive SMS, so the number must be in a mobile range of its country.
// The metadata handed in must therefore carry number types ("max" or "mobile"; "min" keeps only lengths).
import { parsePhoneNumberFromString, type CountryCode, type MetadataJson, type NumberType } from 'libphonenumber-js/core';

export type { CountryCode, MetadataJson };

/** Spec: Poland is the preferred phone country, so digits without a dial code are a Polish number. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'PL';

/** Types that take SMS; where a numbering plan does not tell mobiles from landlines (+1) the number is given the benefit. */
const SMS_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** Spec: digits only after an optional +, at most 15 (E.164). */
const DIGITS = /^\+?\d{1,15}$/;

/**
 * The stored form of a mobile number: E.164 (leading + and dial code), or null when the input is not a valid mobile
 * number. Accepts what people paste (spaces, hyphens, brackets, a 00 international prefix). Digits without a + are a
 * national number of defaultCountry (libphonenumber also takes that country's own dial code written without the +,
 * 48600123456), never a number of another country: 2019657502 is a US number missing its +1, not an Egyptian one.
 */
export function normalisePhoneWith(metadata: MetadataJson, input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  let s = input.trim().replace(/[\s\-().]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!DIGITS.test(s)) return null;
  const parsed = s.startsWith('+') ? parsePhoneNumberFromString(s, metadata) : parsePhoneNumberFromString(s, defaultCountry, metadata);
  if (!parsed || !parsed.isValid()) return null;
  // A valid number has no type only where the metadata keeps no types for its country (in the mobile-only set:
  // Tristan da Cunha, whose every number is fixed line or mobile); validity then says all the metadata knows.
  const type = parsed.getType();
  return type === undefined || SMS_TYPES.has(type) ? parsed.number : null;
}

/** The "phone" format: digits after an optional +, at most 15, forming a valid mobile number. */
export function isPhoneWith(metadata: MetadataJson, s: string): boolean {
  return DIGITS.test(s) && normalisePhoneWith(metadata, s) !== null;
}
