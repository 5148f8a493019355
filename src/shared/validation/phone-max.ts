// The phone rule on libphonenumber's complete ("max") metadata: the server's check (rules.ts re-exports it for the
// resources and the phone login; ajv.ts registers it as the "phone" format of request bodies). Keep it out of the
// panel's screens (the metadata alone is about 38 KiB gzip); the one client importer is the import screen's Web
// Worker, loaded only when a file is chosen, which reads and checks numbers exactly as the server does.
import metadata from 'libphonenumber-js/max/metadata';
import { DEFAULT_PHONE_COUNTRY, isPhoneWith, normalisePhoneWith, type CountryCode } from './phone.ts';

export function normalisePhone(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  return normalisePhoneWith(metadata, input, defaultCountry);
}

export function isPhone(s: string): boolean {
  return isPhoneWith(metadata, s);
}
