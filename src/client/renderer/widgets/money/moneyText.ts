// How the money input reads what a person types, and how it writes an amount back. The field never drops a
// keystroke and never turns text into a different number: text that is not an amount stays as typed and is reported
// with its reason. The conversion itself is src/shared/money.ts (strings and integers, so no floating-point drift).
//
// The rule, per language, the same whatever digits follow a separator (the field's hint, form:moneyHint, says it):
// - spaces (also no-break and narrow no-break) separate groups of three digits in both languages: "1 000,50";
// - English: the dot is the decimal separator and the comma only ever groups thousands: "1,234" is 1,234.00 and
//   "1,000.50" one thousand and a half, while "12,5" and "1,23" are malformed grouping, refused rather than read
//   as decimals (a comma whose meaning depended on the digits after it read "1,234" and "1,23" a thousand times apart);
// - Polish: the comma is the decimal separator and a dot is accepted as one too (a dot never groups): "12.5" is 12.5,
//   "1.000" is 1 with three decimals, refused as such, and "1.000,50" is refused;
// - leading zeros ("007,5"), a bare separator at either end ("12," and ",5") and surrounding spaces are forgiven.
import { toInputString, toThousandths, type AmountLocale } from '../../../../shared/money.ts';

export interface MoneyTextOptions {
  /** Decimals a person may type; 2 by default. */
  maxDecimals?: number;
  /** A leading minus only where negative amounts are enabled. */
  allowNegative?: boolean;
}

/** Why a text is not an amount, as a validation catalogue code with its parameters. */
interface MoneyTextProblem {
  code: 'INVALID_AMOUNT' | 'INVALID_MIN_VALUE';
  params?: Record<string, unknown>;
}

export type MoneyReading = { kind: 'empty' } | { kind: 'amount'; value: number } | ({ kind: 'invalid' } & MoneyTextProblem);

const SPACES = /[\s\u00a0\u202f]+/g;

/** The decimal separator of a locale: "," for pl-PL, "." for en-GB. */
export function decimalSeparatorOf(locale: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** Whether `whole` is digits, or groups of three after a first group of one to three, all split by `separator`. */
function isGrouped(whole: string, separator: string): boolean {
  const groups = whole.split(separator);
  return groups.length > 1 && /^[0-9]{1,3}$/.test(groups[0]) && groups.slice(1).every((group) => /^[0-9]{3}$/.test(group));
}

/** The whole part's digits, or null when its separators are not a grouping of thousands. */
function wholeDigits(whole: string, groupSeparators: readonly string[]): string | null {
  if (/^[0-9]*$/.test(whole)) return whole;
  const separator = groupSeparators.find((candidate) => whole.includes(candidate));
  if (!separator || !isGrouped(whole, separator)) return null;
  return whole.split(separator).join('');
}

/** Typed text to thousandths, or why it is not an amount, under the rule of the language of `locale`. */
export function readMoneyText(text: string, locale: string, { maxDecimals = 2, allowNegative = false }: MoneyTextOptions = {}): MoneyReading {
  const invalid: MoneyReading = { kind: 'invalid', code: 'INVALID_AMOUNT' };
  // Runs of spaces become one plain space: a pasted "1 000" may carry no-break spaces.
  const trimmed = text.replace(SPACES, ' ').trim();
  if (trimmed === '') return { kind: 'empty' };
  const negative = /^[-\u2212]/.test(trimmed);
  const body = negative ? trimmed.slice(1).trimStart() : trimmed;
  if (!/^[.,]?[0-9][0-9 .,]*$/.test(body)) return invalid;

  const decimal = decimalSeparatorOf(locale);
  const other = decimal === '.' ? ',' : '.';
  // English groups with a comma as well as with a space; Polish with a space only.
  const groupSeparators = decimal === '.' ? [' ', ','] : [' '];

  let whole: string;
  let fraction = '';
  if (body.includes(decimal)) {
    [whole, fraction] = splitOnce(body, decimal) ?? ['', 'x'];
  } else if (body.includes(other) && !groupSeparators.includes(other)) {
    // The other separator is a decimal one only where it never groups (a dot in Polish).
    [whole, fraction] = splitOnce(body, other) ?? ['', 'x'];
  } else {
    whole = body;
  }
  if (!/^[0-9]*$/.test(fraction)) return invalid;
  const digits = wholeDigits(whole, groupSeparators);
  if (digits === null || (digits === '' && fraction === '')) return invalid;
  if (fraction.length > maxDecimals) return invalid;
  if (negative && !allowNegative) return { kind: 'invalid', code: 'INVALID_MIN_VALUE', params: { limit: 0 } };

  const normal = `${negative ? '-' : ''}${digits.replace(/^0+(?=[0-9])/, '') || '0'}${fraction ? `.${fraction}` : ''}`;
  const value = toThousandths(normal, { maxDecimals, allowNegative });
  // Only an amount beyond the safe integer range is left to fail here.
  return value === null ? invalid : { kind: 'amount', value };
}

/** [before, after] the only `separator` in `text`, or null when it occurs more than once. */
function splitOnce(text: string, separator: string): [string, string] | null {
  const at = text.indexOf(separator);
  return text.indexOf(separator, at + 1) === -1 ? [text.slice(0, at), text.slice(at + 1)] : null;
}

/** A stored amount as the field shows it: 12500 -> "12.50", or "12,50" with a comma separator. */
export function formatMoneyText(value: unknown, separator: '.' | ','): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return typeof value === 'string' ? value : '';
  const text = toInputString(value);
  return separator === ',' ? text.replace('.', ',') : text;
}

/** The Intl locale money.ts formats amounts in for an interface locale. */
export function amountLocaleOf(locale: string): AmountLocale {
  return decimalSeparatorOf(locale) === ',' ? 'pl-PL' : 'en-GB';
}
