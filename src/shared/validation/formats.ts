// The string rules as ajv formats, each with the error code the server sends when it fails.
// `formats` is one plain object holding every format the browser's validators know (ajv-formats' date and date-time
// included, as isoDates.ts writes them out), so that precompiled (standalone) validators can reference all of them
// through a single module export:
//   code: { formats: _`require("<this module>").formats` }
// Entries hold module-level functions. The phone, IBAN and host-judging URL rules are too heavy for every form: in the
// browser they ask browser-rules.ts, where the input that needs them provides them; the server's ajv registers the
// complete ones.
import type { ValidationCode } from './codes.ts';
import * as rules from './rules.ts';
import { compareIsoDate, compareIsoDateTime, isIsoDate, isIsoDateTime } from './isoDates.ts';
import { isBrowserPhone } from './browser-phone-rule.ts';
import { passesBrowserRule } from './browser-rules.ts';
import { fitsSms } from '../sms.ts';

export interface FormatEntry {
  validate: (s: string) => boolean;
  /** Code reported when the value does not match the format. */
  code: ValidationCode;
  /** Orders two valid values; present where formatMinimum / formatMaximum make sense. */
  compare?: (a: string, b: string) => number | undefined;
}

/** 'YYYY-MM-DD hh:mm:ss' strings order the same way as their text. */
function compareText(a: string, b: string): number | undefined {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isOptionalStrongPassword(s: string): boolean {
  return s === '' || rules.isStrongPassword(s);
}

export const formats = {
  // An empty password passes where the field is optional (spec); required password fields add minLength: 1 (REQUIRED).
  password: { validate: isOptionalStrongPassword, code: 'INVALID_USER_PASSWORD' },
  username: { validate: rules.isUsername, code: 'INVALID_USER_LOGIN' },
  email: { validate: rules.isEmail, code: 'INVALID_EMAIL' },
  // The browser's phone check (mobile-only metadata, loaded with the phone input): the precompiled validators reach it
  // through this module. The server's ajv registers the same rule on complete metadata in its place (ajv.ts).
  phone: { validate: isBrowserPhone, code: 'INVALID_PHONE_NUMBER' },
  personName: { validate: rules.isPersonName, code: 'INVALID_FIRST_LAST_NAME' },
  nameChars: { validate: rules.isNameChars, code: 'FORBIDDEN_CHARACTERS' },
  beneficiaryName: { validate: rules.isBeneficiaryName, code: 'INVALID_BENEFICIARY_NAME' },
  billonUserName: { validate: rules.isBillonUserName, code: 'INVALID_BILLON_USER_NAME' },
  money: { validate: rules.isMoney, code: 'INVALID_AMOUNT' },
  payoutAmount: { validate: rules.isPayoutAmount, code: 'INVALID_MILIBILLION_VALUE' },
  positiveInteger: { validate: rules.isPositiveInteger, code: 'INVALID_NUMBER' },
  digits: { validate: rules.isDigits, code: 'ONLY_DIGITS_REQUIRED' },
  twoDigits: { validate: rules.isTwoDigits, code: 'INVALID_TWO_DIGITS' },
  sortCode: { validate: rules.isSortCode, code: 'INVALID_SORT_CODE' },
  tin: { validate: rules.isTin, code: 'INVALID_TIN' },
  pesel: { validate: rules.isPesel, code: 'INVALID_PESEL' },
  regon: { validate: rules.isRegon, code: 'INVALID_REGON' },
  // The browser's IBAN check, provided by what needs it as it loads (browser-rules.ts); the server's ajv registers the
  // complete rule in its place (ajv.ts).
  iban: { validate: (s: string) => passesBrowserRule('iban', s), code: 'INVALID_IBAN' },
  // The URL rules that judge the host's address (urls.ts), provided by the URL input as it loads (browser-rules.ts); the
  // server's ajv registers them in their place (ajv.ts).
  safeUrl: { validate: (s: string) => passesBrowserRule('safeUrl', s), code: 'INVALID_URL' },
  webhookUrl: { validate: (s: string) => passesBrowserRule('webhookUrl', s), code: 'INVALID_WEBHOOK_URL' },
  // The server's form of webhookUrl where WEBHOOK_PRIVATE_ADDRESSES=allow (areas/webhooks/endpoints.ts).
  httpUrl: { validate: rules.isHttpUrl, code: 'INVALID_WEBHOOK_URL' },
  senderName: { validate: rules.isSenderName, code: 'INVALID_SENDER_NAME' },
  timeZone: { validate: rules.isTimeZone, code: 'INVALID_TIME_ZONE' },
  domainName: { validate: rules.isDomainName, code: 'INVALID_DOMAIN_NAME' },
  postalCode: { validate: rules.isPostalCode, code: 'INVALID_POSTAL_CODE' },
  industryCode: { validate: rules.isIndustryCode, code: 'INVALID_INDUSTRY_CODE' },
  asciiText: { validate: rules.isAsciiText, code: 'FORBIDDEN_CHARACTERS' },
  limitedPunctuation: { validate: rules.isLimitedPunctuation, code: 'FORBIDDEN_CHARACTERS' },
  customLink: { validate: rules.isCustomLink, code: 'INVALID_CUSTOM_LINK' },
  smsText: { validate: fitsSms, code: 'INVALID_SMS_CONTENT_LENGTH' },
  dateTime: { validate: rules.isDateTimeString, code: 'INVALID_DATE_STRING', compare: compareText },
  // ISO forms for API payloads (dates travel as ISO strings): ajv-formats' answers, written out for the browser; the
  // server's ajv registers ajv-formats' own in their place (ajv.ts).
  date: { validate: isIsoDate, code: 'INVALID_DATE', compare: compareIsoDate },
  'date-time': { validate: isIsoDateTime, code: 'INVALID_DATE', compare: compareIsoDateTime },
} satisfies Record<string, FormatEntry>;

export type FormatName = keyof typeof formats;

/** The code for a failed format, VALIDATION_ERROR for a format this module does not know. */
export function formatCode(name: string): ValidationCode {
  return Object.hasOwn(formats, name) ? formats[name as FormatName].code : 'VALIDATION_ERROR';
}
