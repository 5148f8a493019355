// The validation catalogue (spec 001 section 5, spec 000 section 5): one pure predicate per rule.
// Shared by the browser and the server; formats.ts exposes the string rules to ajv under their error codes.
// Predicates never trim or otherwise change the value: what is checked is what gets stored.
import { toThousandths, MIN_AMOUNT_THOUSANDTHS } from '../money.ts';

/** Latin letters with diacritics (Latin-1 and Latin Extended-A, which hold every Polish letter), no × or ÷. */
const LETTER = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u017F';

// ---------------------------------------------------------------- accounts

/** At least 8 characters with a digit, a lower-case and an upper-case letter and one of !@#$%^&. */
export function isStrongPassword(s: string): boolean {
  return (
    s.length >= 8 && /[0-9]/.test(s) && /\p{Ll}/u.test(s) && /\p{Lu}/u.test(s) && /[!@#$%^&]/.test(s)
  );
}

/** Starts with a letter, then at least 3 letters or digits; nothing else. */
export function isUsername(s: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]{3,}$/.test(s);
}

/** Simple pattern with a 2 to 4 letter top-level domain. */
export function isEmail(s: string): boolean {
  return s.length <= 254 && /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/.test(s);
}

/** Billon App user name: at least 4 characters, small letters and digits only. */
export function isBillonUserName(s: string): boolean {
  return /^[a-z0-9]{4,}$/.test(s);
}

// ---------------------------------------------------------------- phone

// A valid mobile number, checked with libphonenumber's complete metadata (phone.ts holds the rule). These are the
// server's; the browser's, on lighter metadata with the same answers, are in phone-mobile.ts. Client code importing
// this module for other rules leaves them (and their metadata) out of its bundle, as nothing there calls them.
export { normalisePhone, isPhone } from './phone-max.ts';

// ---------------------------------------------------------------- names

/** First or last name: letters only (Polish included), at least 2. */
export function isPersonName(s: string): boolean {
  return new RegExp(`^[${LETTER}]{2,}$`).test(s);
}

/** Name characters: Latin and Polish letters, spaces, dot, apostrophe (also the typographic ’) and hyphen; at least one letter. */
export function isNameChars(s: string): boolean {
  return new RegExp(`^[${LETTER} .'\u2019-]+$`).test(s) && new RegExp(`[${LETTER}]`).test(s);
}

/** Recipient or beneficiary name: at least 5 characters, surrounding spaces not counted. */
export function isBeneficiaryName(s: string): boolean {
  return Array.from(s.trim()).length >= 5;
}

// ---------------------------------------------------------------- numbers

/** Money as typed: at most two decimals (dot or comma), no leading zero unless the whole part is 0. */
export function isMoney(s: string): boolean {
  return toThousandths(s) !== null;
}

/** A payout amount as typed: money and at least 0.01. */
export function isPayoutAmount(s: string): boolean {
  const value = toThousandths(s);
  return value !== null && value >= MIN_AMOUNT_THOUSANDTHS;
}

/** Positive integer without a leading zero. */
export function isPositiveInteger(s: string): boolean {
  return /^[1-9][0-9]*$/.test(s);
}

export function isDigits(s: string): boolean {
  return /^[0-9]+$/.test(s);
}

/** Two-digit field: exactly two digits. */
export function isTwoDigits(s: string): boolean {
  return /^[0-9]{2}$/.test(s);
}

/** Reminder days: a whole number greater than 0. */
export function isReminderDays(n: number): boolean {
  return Number.isInteger(n) && n > 0;
}

// ---------------------------------------------------------------- bank and tax identifiers

/** UK sort code NN-NN-NN. */
export function isSortCode(s: string): boolean {
  return /^[0-9]{2}-[0-9]{2}-[0-9]{2}$/.test(s);
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** Polish tax id (NIP): 10 digits; the weighted sum modulo 11 equals the last digit (a result of 10 is never valid). */
export function isTin(s: string): boolean {
  if (!/^[0-9]{10}$/.test(s)) return false;
  const sum = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(s[9]);
}

const PESEL_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];

/** PESEL: 11 digits, a real birth date (the month carries the century) and the check digit. */
export function isPesel(s: string): boolean {
  if (!/^[0-9]{11}$/.test(s)) return false;
  const sum = PESEL_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  if ((10 - (sum % 10)) % 10 !== Number(s[10])) return false;
  const yy = Number(s.slice(0, 2));
  const mm = Number(s.slice(2, 4));
  const dd = Number(s.slice(4, 6));
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(mm / 20)];
  return century !== undefined && isCalendarDate(century + yy, mm % 20, dd);
}

const REGON9_WEIGHTS = [8, 9, 2, 3, 4, 5, 6, 7];
const REGON14_WEIGHTS = [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8];

/** REGON: 9 or 14 digits with the check digit (sum modulo 11, where 10 counts as 0). */
export function isRegon(s: string): boolean {
  const weights = s.length === 9 ? REGON9_WEIGHTS : s.length === 14 ? REGON14_WEIGHTS : null;
  if (!weights || !/^[0-9]+$/.test(s)) return false;
  const sum = weights.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return (sum % 11) % 10 === Number(s[s.length - 1]);
}

/** Polish postal code NN-NNN. */
export function isPostalCode(s: string): boolean {
  return /^[0-9]{2}-[0-9]{3}$/.test(s);
}

/** Industry code (PKD) NN.NN.X, upper case. */
export function isIndustryCode(s: string): boolean {
  return /^[0-9]{2}\.[0-9]{2}\.[A-Z]$/.test(s);
}

// ---------------------------------------------------------------- settings

let timeZones: Set<string> | undefined;

/** An IANA time zone name as the platform lists it ("Europe/Warsaw"; "UTC"). */
export function isTimeZone(s: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timeZones.has(s);
}

/** A domain name of two labels or more ("payouts.example.com"): letters, digits and inner hyphens, no scheme or path. */
export function isDomainName(s: string): boolean {
  if (s.length > 253) return false;
  const labels = s.split('.');
  return labels.length >= 2 && labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label)) && /^[A-Za-z]{2,63}$/.test(labels[labels.length - 1]);
}

// ---------------------------------------------------------------- text

/** SMS sender name: 1-11 characters, a letter among them, letters without diacritics, never 4 digits in a row. */
export function isSenderName(s: string): boolean {
  return /^[A-Za-z0-9 .&@+_!%-]{1,11}$/.test(s) && /[A-Za-z]/.test(s) && !/[0-9]{4}/.test(s);
}

const WEB_TITLE_MAX_LENGTH = 60;

/** Web title: at most 60 characters. */
export function isWebTitle(s: string): boolean {
  return Array.from(s).length <= WEB_TITLE_MAX_LENGTH;
}

/** Printable ASCII plus tab and line breaks. */
export function isAsciiText(s: string): boolean {
  return /^[\t\n\r\x20-\x7E]*$/.test(s);
}

/**
 * Text with limited punctuation: letters of any alphabet, digits, spaces and line breaks, and . , : ; ! ? ' " ( ) - / & % +
 * Markup and template characters (< > { } [ ] \ ` $ = | ^ ~ * # @ _) are refused.
 */
export function isLimitedPunctuation(s: string): boolean {
  return /^[\p{L}\p{M}\p{N} \t\r\n.,:;!?'"()\/&%+\u2019-]*$/u.test(s);
}

/** Program custom link: lower-case words of letters and digits joined by single hyphens. */
export function isCustomLink(s: string): boolean {
  return s.length <= 100 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s);
}

const TRANSLITERATION: Record<string, string> = { ł: 'l', ß: 'ss', æ: 'ae', ø: 'o', đ: 'd', œ: 'oe' };

/** Normalises a program custom link: "Letnia Promocja Łódź!" -> "letnia-promocja-lodz". */
export function toCustomLink(s: string): string {
  return s
    .toLowerCase()
    .replace(/[łßæøđœ]/g, (c) => TRANSLITERATION[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

// ---------------------------------------------------------------- dates

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** 'YYYY-MM-DD hh:mm:ss', 24-hour clock, a date that exists in the calendar. */
export function isDateTimeString(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2}) ([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])$/.exec(s);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

// ---------------------------------------------------------------- URL

// The rules that judge a host's address (safeUrl, webhookUrl) are in urls.ts, with the address classifier they need.

/** An http or https URL to any host (webhooks where private addresses are allowed). */
export function isHttpUrl(s: string): boolean {
  if (s.length > 2048 || !/^https?:\/\/[^\s\u0000-\u001F\u007F]+$/i.test(s)) return false;
  try {
    return new URL(s).hostname !== '';
  } catch {
    return false;
  }
}
