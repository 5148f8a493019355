// A phone-number field of a hand-written form (the panel's phone login, the collection page) starts with the Polish
// dial code (preferred country: pl).
const DEFAULT_DIAL_CODE = '+48';
export const PHONE_INITIAL_VALUE = `${DEFAULT_DIAL_CODE} `;

/** Only a dial code (or nothing) typed counts as an empty field. */
export function isPhoneBlank(value: string): boolean {
  return /^\s*(\+\d{0,4})?\s*$/.test(value);
}

/**
 * The number as the server stores it (+ and dial code), or the raw input when it cannot be read
 * (the server then answers with the invalid-phone message). The phone library loads only here,
 * so the user-name variants of the login page do not download it; it is the browser's variant
 * (mobile-only metadata), the one the panel's forms use.
 */
export async function phoneForRequest(value: string): Promise<string> {
  return (await readPhone(value)) ?? value.trim();
}

/** The number as the server stores it, or null when it is not a valid mobile number (same library, loaded here). */
export async function readPhone(value: string): Promise<string | null> {
  const { normalisePhone } = await import('../../shared/validation/phone-mobile.ts');
  return normalisePhone(value, 'PL');
}
