// SMS length counting (spec 001, "SMS length counting"): the one counter used by the text field, the ajv keyword and the server.
// A text made only of GSM 03.38 characters is sent 7-bit: basic characters count 1, extension-table characters count 2
// (they travel as ESC + character). A single character outside that set makes the whole text UCS-2, where every UTF-16
// code unit counts 1 (so an emoji, a surrogate pair, counts 2). Polish letters such as ą, ę, ł are not in the GSM set.

export type SmsEncoding = 'GSM7' | 'UCS2';

/** What a verification code's message may hold: the code, and for a step-up the operation's date, number and sum. */
export const CODE_SMS_VARIABLES = ['PASS', 'DATE', 'NUM', 'SUM'] as const;
export type CodeSmsVariable = (typeof CODE_SMS_VARIABLES)[number];

/** Limits for the whole text (several concatenated messages). */
export const SMS_LIMITS: Readonly<Record<SmsEncoding, number>> = { GSM7: 560, UCS2: 280 };

/** GSM 03.38 basic character set (the escape code 0x1B itself is not a character anyone types). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** GSM 03.38 extension table: form feed, ^ { } \ [ ~ ] | and the euro sign. */
const GSM_EXTENDED = '\f^{}\\[~]|€';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters counted under the encoding's rules. */
  length: number;
  limit: number;
  /** limit - length; negative once the text is too long. */
  remaining: number;
  tooLong: boolean;
}

export function countSms(text: string): SmsCount {
  let gsmLength = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) gsmLength += 1;
    else if (GSM_EXTENDED.includes(ch)) gsmLength += 2;
    else return result('UCS2', text.length);
  }
  return result('GSM7', gsmLength);
}

function result(encoding: SmsEncoding, length: number): SmsCount {
  const limit = SMS_LIMITS[encoding];
  return { encoding, length, limit, remaining: limit - length, tooLong: length > limit };
}

/** Whether the text fits the SMS limit; the predicate behind the smsText format and keyword. */
export function fitsSms(text: string): boolean {
  return !countSms(text).tooLong;
}
