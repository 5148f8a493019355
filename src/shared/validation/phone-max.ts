// The phone rule on libphonenumber's complete ("max") metadata: the server's check (rules.ts re-exports it for the
// resources and the phone login; ajv.ts registers it as the "phone" format of request bodies). Never import it from
// the client: the metadata alone is about 38 KiB gzip.
import metadata from 'libphonenumber-js/max/metadata';
import { DEFAULT_PHONE_COUNTRY, isPhoneWith, normalisePhoneWith, type CountryCode } from './phone.ts';

export function normalisePhone(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  return normalisePhoneWith(metadata, input, defaultCountry);
}

export function isPhone(s: string): boolean {
  return isPhoneWith(metadata, s);
}
