// "select": a choice among the schema's enum values (or the items' enum for a multiple choice).
// ui:options: labels (i18n prefix of the option labels), sort (false keeps the schema's order), preferred (values
// listed first), clearable (true by default), searchable (true by default), placeholder.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { controlAria, labelId, uiOption } from './fieldIds.ts';
import { Combobox } from './select/Combobox.tsx';
import { enumLabel, type SelectOption } from './select/options.ts';

export default function SelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const labels = uiOption<string>(props, 'labels');
  const enumOptions = props.options.enumOptions;
  const options = useMemo<SelectOption[]>(
    () => (enumOptions ?? []).map((o) => ({ value: o.value, label: enumLabel(t, labels, o.value, o.label === String(o.value) ? undefined : o.label) })),
    [enumOptions, labels, t],
  );
  const aria = controlAria(props);
  return (
    <Combobox
      id={props.id}
      options={options}
      value={props.value}
      multiple={Boolean(props.multiple)}
      onChange={(value) => props.onChange(value)}
      emptyValue={props.options.emptyValue}
      clearable={uiOption<boolean>(props, 'clearable') ?? true}
      searchable={uiOption<boolean>(props, 'searchable') ?? true}
      sort={uiOption<boolean>(props, 'sort') ?? true}
      preferred={uiOption<unknown[]>(props, 'preferred')}
      placeholder={props.placeholder || undefined}
      disabled={props.disabled}
      readOnly={props.readonly}
      labelledBy={labelId(props.id)}
      ariaInvalid={Boolean(aria['aria-invalid'])}
      ariaDescribedBy={aria['aria-describedby']}
      ariaRequired={props.required}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}
