// The phone input's country list and dial codes, read from libphonenumber-js metadata (never a hand-kept list):
// about 245 countries and territories, their calling codes, and the leading digits that tell apart countries
// sharing a code (Dominican Republic and Puerto Rico within +1, Kazakhstan within +7, ...). The metadata is the one
// the browser's phone validation uses (phone-mobile.ts), so the form loads a single set.
import { Metadata, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import { DEFAULT_PHONE_COUNTRY } from '../../../../shared/validation/phone.ts';
import { phoneMetadata as metadata } from '../../../../shared/validation/phone-mobile.ts';

export type { CountryCode };

/** Countries listed first in the picker (spec: Poland by default). */
export const PREFERRED_COUNTRIES: readonly CountryCode[] = [DEFAULT_PHONE_COUNTRY];
export const DEFAULT_COUNTRY: CountryCode = DEFAULT_PHONE_COUNTRY;
/** Digits of a whole number, dial code included (E.164). */
const MAX_PHONE_DIGITS = 15;
/** Dial-code detection looks at no more than this many digits after the plus sign. */
const DETECTION_DIGITS = 4;

export interface PhoneCountry {
  iso2: CountryCode;
  dialCode: string;
  name: string;
}

const callingCodes = metadata.country_calling_codes as Record<string, CountryCode[]>;
const numbering = new Metadata(metadata);

function leadingDigitsOf(country: CountryCode): RegExp | undefined {
  numbering.selectNumberingPlan(country);
  const pattern = numbering.numberingPlan?.leadingDigits();
  return typeof pattern === 'string' && pattern !== '' ? new RegExp(`^(?:${pattern})`) : undefined;
}

export function dialCodeOf(country: CountryCode): string {
  return getCountryCallingCode(country, metadata);
}

function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Every country with its dial code and its name in the given locale (the picker sorts them by name). */
export function phoneCountries(locale: string): PhoneCountry[] {
  const nameOf = regionNames(locale);
  return getCountries(metadata).map((iso2) => ({ iso2, dialCode: getCountryCallingCode(iso2, metadata), name: nameOf(iso2) }));
}

/**
 * The country of a number typed after "+", read from at most 4 digits: the longest known calling code wins, and
 * among countries sharing it the one whose leading digits match what follows; otherwise the code's main country.
 */
export function detectDialCode(digits: string): { country: CountryCode; dialCode: string } | undefined {
  const head = digits.replace(/\D/g, '').slice(0, DETECTION_DIGITS);
  for (let length = Math.min(3, head.length); length >= 1; length -= 1) {
    const dialCode = head.slice(0, length);
    const countries = callingCodes[dialCode];
    if (!countries?.length) continue;
    const rest = head.slice(length);
    const byLeadingDigits = rest ? countries.find((c) => leadingDigitsOf(c)?.test(rest)) : undefined;
    return { country: byLeadingDigits ?? countries[0], dialCode };
  }
  return undefined;
}

export interface PhoneParts {
  country: CountryCode;
  /** The digits after the dial code. */
  national: string;
}

/**
 * Splits a stored number ("+48500100200") into country and national digits. A complete valid number names its
 * country exactly (Canada within +1, for example); a partial one goes through dial-code detection.
 */
export function splitPhone(value: unknown, fallback: CountryCode = DEFAULT_COUNTRY): PhoneParts {
  if (typeof value !== 'string' || value === '') return { country: fallback, national: '' };
  const digits = value.replace(/\D/g, '');
  if (!value.trim().startsWith('+')) return { country: fallback, national: digits };
  const parsed = parsePhoneNumberFromString(`+${digits}`, metadata);
  if (parsed?.country && parsed.isValid()) return { country: parsed.country, national: digits.slice(parsed.countryCallingCode.length) };
  const detected = detectDialCode(digits);
  if (!detected) return { country: fallback, national: digits };
  return { country: detected.country, national: digits.slice(detected.dialCode.length) };
}

/** The stored form: "+", dial code, national digits; undefined when no digits were typed. */
export function joinPhone(country: CountryCode, national: string): string | undefined {
  const digits = national.replace(/\D/g, '');
  return digits ? `+${dialCodeOf(country)}${digits}` : undefined;
}

/** How many national digits fit after the country's dial code. */
export function maxNationalDigits(country: CountryCode): number {
  return MAX_PHONE_DIGITS - dialCodeOf(country).length;
}

export interface PhoneInput extends PhoneParts {
  /** Text after "+" still being typed: shown as typed until the dial code can be read. */
  pending?: string;
}

/**
 * What the number field keeps of a keystroke or a paste: digits only, at most 15 with the dial code. A leading
 * "+" (or "00") means the text carries its own dial code: once 4 digits follow it (or the field is left, `final`)
 * the dial code is read from them and selects the country.
 */
export function readPhoneInput(text: string, country: CountryCode, final = false): PhoneInput {
  const trimmed = text.trim();
  const prefix = trimmed.startsWith('+') ? 1 : trimmed.startsWith('00') ? 2 : 0;
  if (!prefix) return { country, national: trimmed.replace(/\D/g, '').slice(0, maxNationalDigits(country)) };
  const digits = trimmed.slice(prefix).replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS);
  const detected = digits.length >= DETECTION_DIGITS || final ? detectDialCode(digits) : undefined;
  if (!detected) {
    if (final) return { country, national: digits.slice(0, maxNationalDigits(country)) };
    return { country, national: '', pending: `+${digits}` };
  }
  const parts = splitPhone(`+${digits}`, country);
  return { country: parts.country, national: parts.national.slice(0, maxNationalDigits(parts.country)) };
}
