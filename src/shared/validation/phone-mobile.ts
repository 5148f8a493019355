// The phone rule on libphonenumber's mobile-only metadata: the browser's check. It hands itself to the precompiled
// form validators as it loads (browser-phone-rule.ts), the phone input reads its country list from the same metadata,
// and the phone login normalises with it, so the browser loads one metadata set, and only where a phone is entered. It is the lightest set that refuses numbers which merely have a plausible
// length ("min" metadata keeps only lengths), and it answers like the server's complete metadata for mobile numbers.
import metadata from 'libphonenumber-js/mobile/metadata';
import { provideBrowserPhoneRule } from './browser-phone-rule.ts';
import { DEFAULT_PHONE_COUNTRY, isPhoneWith, normalisePhoneWith, type CountryCode } from './phone.ts';

export { metadata as phoneMetadata };

export function normalisePhone(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  return normalisePhoneWith(metadata, input, defaultCountry);
}

export function isPhone(s: string): boolean {
  return isPhoneWith(metadata, s);
}

provideBrowserPhoneRule(isPhone);
