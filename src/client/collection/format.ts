// How the page writes payouts and accounts.
import type { BankAccount, CollectablePayout } from '../../shared/collection.ts';
import { formatAmount } from '../../shared/money.ts';
import { amountLocale } from './texts.ts';

/** The sum of payouts of one currency, as the visitor's language writes it. */
export function totalOf(payouts: readonly CollectablePayout[], language: string): string {
  if (!payouts.length) return '';
  const sum = payouts.reduce((total, payout) => total + payout.amount, 0);
  return formatAmount(sum, { locale: amountLocale(language), currency: payouts[0].currency });
}

/** The last characters of an account's number, enough to recognise it. */
export function accountTail(account: BankAccount): string {
  const number = account.iban ?? account.accountNumber ?? '';
  return `•••• ${number.slice(-4)}`;
}
