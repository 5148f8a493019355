// The user's accounts for the account picker and the account fields of forms (payouts use them too): every account
// GET /api/account lists for the user, read once and shared by every part that needs them (react-query), and
// read again after a money movement (FormScreen invalidates the query).
import { useQuery } from '@tanstack/react-query';
import { accountLabel, type Account } from '../../../shared/accounts.ts';
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';
import { listAll } from '../listAll.ts';

const ACCOUNTS_QUERY_KEY = ['accounts', 'all'] as const;

export function useAccounts(enabled = true) {
  return useQuery({
    queryKey: ACCOUNTS_QUERY_KEY,
    queryFn: () => listAll<Account>('/api/account', { orderBy: 'name', order: 'ASC' }),
    staleTime: 10_000,
    enabled,
  });
}

/** Whether money may be taken from the account: the user manages it and it holds available funds. */
export function isPickable(account: Pick<Account, 'canManage' | 'balance'>): boolean {
  return account.canManage && account.balance > 0;
}

/** Why an account cannot be picked, as a text key of the form namespace; undefined when it can. */
export function unpickableReason(account: Pick<Account, 'canManage' | 'balance'>): 'accountPicker.notManaged' | 'accountPicker.noFunds' | undefined {
  if (!account.canManage) return 'accountPicker.notManaged';
  return account.balance > 0 ? undefined : 'accountPicker.noFunds';
}

/** "Main PLN account (#1) – 1 000,00 zł": the account with its available funds. */
export function accountOptionLabel(account: Account, locale: string): string {
  return `${accountLabel(account)} – ${formatFunds(account, locale)}`;
}

/** The account's available funds in its currency, as amounts are shown everywhere. */
export function formatFunds(account: Pick<Account, 'balance' | 'currency'>, locale: string): string {
  return formatAmount(account.balance, { locale: locale as AmountLocale, currency: account.currency });
}

/** The accounts a transfer from `from` may go to: the same customer and currency, not `from` itself. */
export function counterpartAccounts(accounts: readonly Account[], from: Account | undefined): Account[] {
  if (!from) return [];
  return accounts.filter((a) => a.id !== from.id && a.currency === from.currency && a.customerId === from.customerId);
}
