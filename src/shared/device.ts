// The browser's device id for login device authorization: the `osfDevice` cookie, 32 random
// alphanumeric characters, valid until the end of the current day.
export const DEVICE_COOKIE = 'osfDevice';
const DEVICE_ID_LENGTH = 32;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type RandomSource = Pick<Crypto, 'getRandomValues'>;

/** 32 characters from [A-Za-z0-9]; rejection sampling keeps every character equally likely. */
export function generateDeviceId(random: RandomSource = globalThis.crypto): string {
  let result = '';
  const limit = 256 - (256 % ALPHABET.length);
  while (result.length < DEVICE_ID_LENGTH) {
    const bytes = random.getRandomValues(new Uint8Array(DEVICE_ID_LENGTH * 2));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      result += ALPHABET[byte % ALPHABET.length];
      if (result.length === DEVICE_ID_LENGTH) break;
    }
  }
  return result;
}

export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{32}$/.test(value);
}

/** The last millisecond of the given day, local time. */
export function endOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function deviceCookie(value: string, now: Date, secure: boolean): string {
  const attributes = [`${DEVICE_COOKIE}=${value}`, `expires=${endOfDay(now).toUTCString()}`, 'path=/', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
