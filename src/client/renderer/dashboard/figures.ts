// Figures in the interface language: counts, shares and amounts (always with their currency; amounts of different
// currencies are never added up).
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';

const counts = new Map<string, Intl.NumberFormat>();
const shares = new Map<string, Intl.NumberFormat>();

function cached(map: Map<string, Intl.NumberFormat>, locale: AmountLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let formatter = map.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    map.set(locale, formatter);
  }
  return formatter;
}

/** "1,234" / "1 234". */
export function formatCount(n: number, locale: AmountLocale): string {
  return cached(counts, locale, { maximumFractionDigits: 0, useGrouping: 'always' }).format(n);
}

/** 0.4567 -> "45.7%" / "45,7%". */
export function formatShare(share: number, locale: AmountLocale): string {
  return cached(shares, locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** Thousandths of a currency: "1,234.50 PLN" / "1 234,50 zł". */
export function formatMoneyIn(thousandths: number, currency: string, locale: AmountLocale): string {
  return formatAmount(thousandths, { locale, currency });
}

/** Rows grouped by currency, currencies in alphabetical order. */
export function byCurrency<T extends { currency: string }>(rows: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.currency, [...(groups.get(row.currency) ?? []), row]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}
