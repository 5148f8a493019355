// Amounts travel and are stored as integers in thousandths of the currency unit (value x 1000, rounded).
// This module is the one place that converts between what people type or read and that integer.
// Conversions work on digit strings and integers, never on binary floating point, because this is real money.

/** The currencies the panel offers: the schemas' currency lists and the AVAILABLE_CURRENCIES setting's default. */
export const CURRENCIES = ['PLN', 'EUR', 'GBP', 'USD'] as const;

/** The smallest payout amount, 0.01 of the unit. */
export const MIN_AMOUNT_THOUSANDTHS = 10;

/**
 * One cent in thousandths. Money has at most two decimals (spec), so every amount that enters the product is a
 * multiple of this; the schemas' wholeCents keyword (src/shared/validation/keywords.ts) holds them to it.
 */
export const THOUSANDTHS_PER_CENT = 10;

export interface ToThousandthsOptions {
  /** Decimals a person may type; 2 by default (the currency input's default). */
  maxDecimals?: number;
  /** A leading minus is accepted only where negative amounts are enabled. */
  allowNegative?: boolean;
}

/**
 * Parses a typed amount ("12,5", "0.01", "1500") into thousandths, or null for anything that is not a plain amount:
 * a leading zero before other digits ("00.5"), more decimals than allowed ("12.345"), thousands separators,
 * exponents, spaces, or a result beyond the safe integer range.
 */
export function toThousandths(input: string | number, options: ToThousandthsOptions = {}): number | null {
  const maxDecimals = options.maxDecimals ?? 2;
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input); // shortest round-trip form: 0.1 -> "0.1", 0.1 + 0.2 -> "0.30000000000000004" (refused)
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return null;
  }
  const m = /^(-)?(0|[1-9][0-9]*)(?:[.,]([0-9]+))?$/.exec(text);
  if (!m) return null;
  const [, minus, whole, fraction = ''] = m;
  if (minus && !options.allowNegative) return null;
  if (fraction.length > maxDecimals) return null;

  // Whole part and the first three decimals form the integer; a fourth decimal (only when maxDecimals > 3) rounds half up.
  let magnitude = Number(whole + fraction.padEnd(3, '0').slice(0, 3));
  if (fraction.length > 3 && fraction[3] >= '5') magnitude += 1;
  if (!Number.isSafeInteger(magnitude)) return null;
  return minus && magnitude !== 0 ? -magnitude : magnitude;
}

/** Thousandths rounded to hundredths, half away from zero, as an integer. */
function toHundredths(thousandths: number): number {
  const whole = Math.round(thousandths);
  const hundredths = Math.floor((Math.abs(whole) + 5) / 10);
  return whole < 0 ? -hundredths : hundredths;
}

/** Exact decimal text with two decimals, e.g. 12500 -> "12.50", -5 -> "-0.01". */
export function toDecimalText(thousandths: number): string {
  const hundredths = toHundredths(thousandths);
  const digits = String(Math.abs(hundredths)).padStart(3, '0');
  const sign = hundredths < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The value a currency input shows for a stored amount: 12500 -> "12.50". Empty for a non-number. */
export function toInputString(thousandths: number): string {
  return Number.isFinite(thousandths) ? toDecimalText(thousandths) : '';
}

/** Plain number in currency units for charts and sorting, where exact decimals do not matter. */
export function fromThousandths(thousandths: number): number {
  return thousandths / 1000;
}

export type AmountLocale = 'pl-PL' | 'en-GB';

export interface FormatAmountOptions {
  locale: AmountLocale;
  /** ISO 4217 code; when given, the currency is shown the way the locale writes it. */
  currency?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: AmountLocale, currency: string | undefined): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency } : { style: 'decimal' }),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // pl-PL groups only from five digits by default ("5000,00" beside "12 345,67"); one rule for every amount.
      useGrouping: 'always',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A stored amount for display, always with two decimals and grouped thousands:
 * formatAmount(1234500, { locale: 'pl-PL', currency: 'PLN' }) gives "1 234,50 zł". Rounding to hundredths is done on integers, then the exact decimal string is formatted.
 */
export function formatAmount(thousandths: number, options: FormatAmountOptions): string {
  if (!Number.isFinite(thousandths)) return '';
  // Intl formats a decimal string exactly (no detour through a binary float).
  return formatterFor(options.locale, options.currency).format(toDecimalText(thousandths) as Intl.StringNumericLiteral);
}

/**
 * The currency as formatAmount writes it in a locale ("zł" for PLN in pl-PL, "€" for EUR, "PLN" in en-GB), for places
 * that show the currency apart from an amount, such as the money input's suffix.
 */
export function currencySymbol(currency: string, locale: AmountLocale): string {
  try {
    return formatterFor(locale, currency).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    // Not an ISO 4217 code (Intl throws a RangeError): show it as given.
    return currency;
  }
}
