// "account": a choice among the user's accounts, each shown as "name (#id) – available funds" (accounts/accounts.ts).
// ui:options: sameCurrencyAs (the form field holding another account: only accounts of its customer and currency, not
// it, are offered: the other end of a transfer); the other select options apply too.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { accountOptionLabel, counterpartAccounts, useAccounts } from '../accounts/accounts.ts';
import { formContextOf } from './context.ts';
import { uiOption } from './fieldIds.ts';
import { useLocale } from './locale.ts';
import { Combobox } from './select/Combobox.tsx';
import { comboboxProps } from './select/widgetProps.ts';
import type { SelectOption } from './select/options.ts';

export default function AccountSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const accounts = useAccounts();
  const sameAs = uiOption<string>(props, 'sameCurrencyAs');
  const other = sameAs ? formContextOf(props.registry).formData[sameAs] : undefined;
  const options = useMemo<SelectOption[]>(() => {
    const all = accounts.data ?? [];
    const offered = sameAs ? counterpartAccounts(all, all.find((account) => account.id === other)) : all;
    return offered.map((account) => ({ value: account.id, label: accountOptionLabel(account, locale) }));
  }, [accounts.data, sameAs, other, locale]);
  return <Combobox {...comboboxProps(props)} options={options} placeholder={accounts.data ? undefined : t('common.loading')} />;
}
