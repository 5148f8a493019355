// What the money input accepts while typing, and how it turns text into thousandths and back. The conversion itself
// is src/shared/money.ts (strings and integers only, so there is no floating-point drift).
import { toInputString, toThousandths } from '../../../../shared/money.ts';

export interface MoneyTextOptions {
  maxDecimals?: number;
  allowNegative?: boolean;
}

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Whether the field keeps a keystroke: digits with an optional dot or comma and at most `maxDecimals` decimals, a
 * leading minus only where negatives are allowed. Spaces (thousands groups such as "1 234,56") are tolerated.
 */
export function acceptsMoneyText(text: string, { maxDecimals = 2, allowNegative = false }: MoneyTextOptions = {}): boolean {
  const pattern = new RegExp(`^${allowNegative ? '-?' : ''}[0-9]*(?:[.,][0-9]{0,${maxDecimals}})?$`);
  return pattern.test(text.replace(SPACES, ''));
}

/**
 * Typed text to thousandths: spaces dropped, a trailing separator and leading zeros forgiven ("0012," -> 12000),
 * "" -> undefined, anything that is not an amount -> null.
 */
export function parseMoneyText(text: string, options: MoneyTextOptions = {}): number | null | undefined {
  let compact = text.replace(SPACES, '').replace(/[.,]$/, '');
  if (compact === '' || compact === '-') return compact === '' ? undefined : null;
  const negative = compact.startsWith('-');
  if (negative) compact = compact.slice(1);
  compact = compact.replace(/^0+(?=[0-9])/, '').replace(/^(?=[.,])/, '0');
  return toThousandths(`${negative ? '-' : ''}${compact}`, { maxDecimals: options.maxDecimals ?? 2, allowNegative: options.allowNegative });
}

/** A stored amount as the field shows it: 12500 -> "12.50", or "12,50" with a comma separator. */
export function formatMoneyText(value: unknown, separator: '.' | ','): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return typeof value === 'string' ? value : '';
  const text = toInputString(value);
  return separator === ',' ? text.replace('.', ',') : text;
}

/** The decimal separator of a locale: "," for pl-PL, "." for en-GB. */
export function decimalSeparatorOf(locale: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}
