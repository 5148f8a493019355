// What every select-like widget passes from RJSF's widget props to the Combobox, in one place.
import type { WidgetProps } from '@rjsf/utils';
import { controlAria, labelId, uiOption } from '../fieldIds.ts';

export function comboboxProps(props: WidgetProps) {
  const aria = controlAria(props);
  return {
    id: props.id,
    value: props.value,
    multiple: Boolean(props.multiple),
    onChange: (value: unknown) => props.onChange(value),
    emptyValue: props.options.emptyValue,
    clearable: uiOption<boolean>(props, 'clearable') ?? true,
    searchable: uiOption<boolean>(props, 'searchable') ?? true,
    sort: uiOption<boolean>(props, 'sort') ?? true,
    preferred: uiOption<unknown[]>(props, 'preferred'),
    disabled: props.disabled,
    readOnly: props.readonly,
    labelledBy: labelId(props.id),
    ariaInvalid: Boolean(aria['aria-invalid']),
    ariaDescribedBy: aria['aria-describedby'],
    ariaRequired: props.required,
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
  };
}
