// The phone rule on libphonenumber's mobile-only metadata: the browser's check. formats.ts gives it to the precompiled
// form validators, the phone input reads its country list from the same metadata, and the phone login normalises with
// it, so the browser loads one metadata set. It is the lightest set that refuses numbers which merely have a plausible
// length ("min" metadata keeps only lengths), and it answers like the server's complete metadata for mobile numbers.
import metadata from 'libphonenumber-js/mobile/metadata';
import { DEFAULT_PHONE_COUNTRY, isPhoneWith, normalisePhoneWith, type CountryCode } from './phone.ts';

export { metadata as phoneMetadata };

export function normalisePhone(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  return normalisePhoneWith(metadata, input, defaultCountry);
}

export function isPhone(s: string): boolean {
  return isPhoneWith(metadata, s);
}
