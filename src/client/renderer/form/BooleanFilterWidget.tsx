// A boolean in a list filter: any / yes / no. The yes and no labels come from the entity's labels of that field
// ("Blocked" / "Not blocked") where they exist, else "Yes" / "No"; "any" sends no filter at all.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { controlAria, labelId, uiOption } from '../widgets/fieldIds.ts';
import { Combobox } from '../widgets/select/Combobox.tsx';
import type { SelectOption } from '../widgets/select/options.ts';

// A value of its own, so that "any" shows as chosen rather than as an empty select.
const ANY = 'any';

export default function BooleanFilterWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const labels = uiOption<string>(props, 'labels') ?? 'form:boolean';
  const options = useMemo<SelectOption[]>(
    () => [
      { value: ANY, label: t('form:filter.any') },
      { value: true, label: t(`${labels}.true`) },
      { value: false, label: t(`${labels}.false`) },
    ],
    [labels, t],
  );
  const aria = controlAria(props);
  return (
    <Combobox
      id={props.id}
      options={options}
      value={typeof props.value === 'boolean' ? props.value : ANY}
      onChange={(value) => props.onChange(typeof value === 'boolean' ? value : undefined)}
      clearable={false}
      searchable={false}
      sort={false}
      disabled={props.disabled}
      readOnly={props.readonly}
      labelledBy={labelId(props.id)}
      ariaInvalid={Boolean(aria['aria-invalid'])}
      ariaDescribedBy={aria['aria-describedby']}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}
