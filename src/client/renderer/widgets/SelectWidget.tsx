// "select": a choice among the schema's enum values (or the items' enum for a multiple choice).
// ui:options: labels (i18n prefix of the option labels), sort (false keeps the schema's order), preferred (values
// listed first), clearable (true by default), searchable (true by default), placeholder.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { uiOption } from './fieldIds.ts';
import { Combobox } from './select/Combobox.tsx';
import { comboboxProps } from './select/widgetProps.ts';
import { enumLabel, type SelectOption } from './select/options.ts';

export default function SelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const labels = uiOption<string>(props, 'labels');
  const enumOptions = props.options.enumOptions;
  const options = useMemo<SelectOption[]>(
    () => (enumOptions ?? []).map((o) => ({ value: o.value, label: enumLabel(t, labels, o.value, o.label === String(o.value) ? undefined : o.label) })),
    [enumOptions, labels, t],
  );
  return (
    <Combobox {...comboboxProps(props)} options={options} placeholder={props.placeholder || undefined} />
  );
}
