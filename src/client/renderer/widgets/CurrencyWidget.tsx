// "currency": a choice among the currencies the deployment offers (the global setting AVAILABLE_CURRENCIES, read from
// GET /api/settings once and shared). The select options apply (clearable, searchable, preferred, ...).
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../core/api.ts';
import { Combobox } from './select/Combobox.tsx';
import { comboboxProps } from './select/widgetProps.ts';
import type { SelectOption } from './select/options.ts';

/** The currency codes of the settings answer; none when it has no list. */
export function availableCurrencies(settings: unknown): string[] {
  const list = (settings as { AVAILABLE_CURRENCIES?: unknown } | undefined)?.AVAILABLE_CURRENCIES;
  return Array.isArray(list) ? list.filter((code): code is string => typeof code === 'string') : [];
}

export default function CurrencyWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => api.get<unknown>('/settings'), staleTime: 60_000 });
  const options = useMemo<SelectOption[]>(() => availableCurrencies(settings.data).map((code) => ({ value: code, label: code })), [settings.data]);
  return <Combobox {...comboboxProps(props)} options={options} sort={false} placeholder={settings.data ? undefined : t('common.loading')} />;
}
