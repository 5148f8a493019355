// "password": a password input with a show / hide toggle (a pressed button keeps one name).
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../../ui/icons.tsx';
import { controlAria, uiOption } from './fieldIds.ts';

export default function PasswordWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field-control">
      <input
        {...controlAria(props)}
        name={props.htmlName ?? props.id}
        type={visible ? 'text' : 'password'}
        value={typeof props.value === 'string' ? props.value : ''}
        autoComplete={uiOption<string>(props, 'autocomplete') ?? 'new-password'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        onChange={(event) => props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      <button type="button" className="field-addon" aria-label={t('field.showPassword')} aria-pressed={visible} title={t('field.showPassword')} onClick={() => setVisible((shown) => !shown)}>
        <EyeIcon crossed={visible} />
      </button>
    </div>
  );
}
