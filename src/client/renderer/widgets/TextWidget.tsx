// "text": a one-line input. Strings are trimmed on blur (ui:options.trim: false keeps spaces) and may carry a mask
// (ui:options.mask, a regular expression the whole value must match; other changes are ignored). Numbers and
// integers take digits only (a leading minus when the schema allows negatives) and are stored as numbers.
// ui:options.inputType picks the input type (email, url, tel, search).
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { controlAria, uiOption } from './fieldIds.ts';

function isNumeric(props: WidgetProps): boolean {
  return props.schema.type === 'integer' || props.schema.type === 'number';
}

/** Digits (and one minus sign in front where negatives are allowed); anything else is refused. */
function acceptsNumberText(text: string, allowNegative: boolean): boolean {
  return (allowNegative ? /^-?[0-9]*$/ : /^[0-9]*$/).test(text);
}

/** Whole number from typed digits: '' -> undefined, '-' -> undefined, '007' -> 7. */
function parseWholeNumber(text: string): number | undefined {
  if (!/^-?[0-9]+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export default function TextWidget(props: WidgetProps) {
  const { value, disabled, readonly, autofocus, placeholder, schema } = props;
  const numeric = isNumeric(props);
  const maskSource = uiOption<string>(props, 'mask');
  const mask = useMemo(() => (maskSource ? new RegExp(maskSource, 'u') : undefined), [maskSource]);
  const trim = uiOption<boolean>(props, 'trim') ?? true;
  const empty = props.options.emptyValue;
  const allowNegative = typeof schema.minimum === 'number' ? schema.minimum < 0 : false;

  const onChange = (text: string) => {
    if (numeric) {
      if (!acceptsNumberText(text, allowNegative)) return;
      props.onChange(text === '' ? empty : (parseWholeNumber(text) ?? text));
      return;
    }
    if (mask && text !== '' && !mask.test(text)) return;
    props.onChange(text === '' ? empty : text);
  };

  const onBlur = () => {
    if (!numeric && trim && typeof value === 'string' && value !== value.trim()) {
      const trimmed = value.trim();
      props.onChange(trimmed === '' ? empty : trimmed);
    }
    props.onBlur(props.id, value);
  };

  return (
    <div className="field-control">
      <input
        {...controlAria(props)}
        name={props.htmlName ?? props.id}
        type={numeric ? 'text' : (uiOption<string>(props, 'inputType') ?? 'text')}
        inputMode={numeric ? 'numeric' : undefined}
        value={value === undefined || value === null ? '' : String(value)}
        placeholder={placeholder || undefined}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        required={props.required}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        autoComplete={uiOption<string>(props, 'autocomplete')}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        onFocus={() => props.onFocus(props.id, value)}
      />
    </div>
  );
}
