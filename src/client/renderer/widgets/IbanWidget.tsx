// "iban": accepts A-Z, 0-9 and spaces (letters upper-cased, other characters dropped: src/shared/masks.ts). The
// country prefix stays part of the value. The value is stored without spaces; once it is a valid IBAN (format and
// checksum: src/shared/validation/iban.ts) the field shows it in groups of four.
import type { WidgetProps } from '@rjsf/utils';
import { friendlyFormatIBAN } from 'ibantools';
import { useEffect, useRef, useState } from 'react';
import { maskIban } from '../../../shared/masks.ts';
import { provideBrowserRule } from '../../../shared/validation/browser-rules.ts';
import { isIban, normaliseIban } from '../../../shared/validation/iban.ts';
import { controlAria } from './fieldIds.ts';

// Loaded with the forms that have an IBAN field (registry.ts), it brings their validators the IBAN rule.
provideBrowserRule('iban', isIban);

/** The field's text for a stored value: grouped when valid, as stored otherwise. */
export function ibanDisplay(value: unknown): string {
  if (typeof value !== 'string') return '';
  const iban = normaliseIban(value);
  return iban ? (friendlyFormatIBAN(iban) ?? iban) : value;
}

export default function IbanWidget(props: WidgetProps) {
  const [text, setText] = useState(() => ibanDisplay(props.value));
  const reported = useRef<unknown>(props.value);

  useEffect(() => {
    if (props.value === reported.current) return;
    reported.current = props.value;
    setText(ibanDisplay(props.value));
  }, [props.value]);

  const report = (value: string | undefined) => {
    reported.current = value;
    props.onChange(value);
  };

  return (
    <div className="field-control">
      <input
        {...controlAria(props)}
        name={props.htmlName ?? props.id}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={text}
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        onChange={(event) => {
          const masked = maskIban(event.target.value);
          setText(masked);
          report(masked.replace(/ /g, '') || props.options.emptyValue);
        }}
        onBlur={() => {
          setText(ibanDisplay(text.replace(/ /g, '')));
          props.onBlur(props.id, props.value);
        }}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
    </div>
  );
}
