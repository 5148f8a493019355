// "checkbox": toggles a boolean. It carries its own label (after the box); a disabled checkbox ignores clicks.
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { controlAria } from './fieldIds.ts';

export default function CheckboxWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const locked = Boolean(props.disabled || props.readonly);
  return (
    <label className={['checkbox', locked ? 'is-disabled' : ''].filter(Boolean).join(' ')} htmlFor={props.id}>
      <input
        {...controlAria(props)}
        type="checkbox"
        name={props.htmlName ?? props.id}
        checked={props.value === true}
        disabled={props.disabled}
        aria-readonly={props.readonly || undefined}
        autoFocus={props.autofocus}
        onChange={(event) => {
          if (locked) return;
          props.onChange(event.target.checked);
        }}
        onClick={(event) => {
          // A read-only checkbox is focusable but must not change.
          if (locked) event.preventDefault();
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      <span className="checkbox-label">
        {t(props.label)}
        {props.required && (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </span>
    </label>
  );
}
