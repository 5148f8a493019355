// "color": the browser's colour picker beside a text field for the hex code (#rrggbb). Both edit the same value.
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { controlAria } from './fieldIds.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** What the text field keeps: a "#" followed by up to six hex digits. */
function acceptsHexText(text: string): boolean {
  return /^#?[0-9a-fA-F]{0,6}$/.test(text);
}

export default function ColorWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const value = typeof props.value === 'string' ? props.value : '';
  const locked = Boolean(props.disabled || props.readonly);
  return (
    <div className="field-control color-control">
      <input
        type="color"
        className="color-swatch"
        aria-label={t('form:color.picker')}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        disabled={locked}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <input
        {...controlAria(props)}
        name={props.htmlName ?? props.id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder="#000000"
        maxLength={7}
        value={value}
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        onChange={(event) => {
          const text = event.target.value.trim();
          if (!acceptsHexText(text)) return;
          props.onChange(text === '' ? props.options.emptyValue : text.startsWith('#') ? text : `#${text}`);
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
    </div>
  );
}
