// "customLink": a program's custom link, normalised on blur to lower-case words joined by hyphens
// ("Letnia Promocja Łódź!" -> "letnia-promocja-lodz") with toCustomLink, the server's own rule.
import type { WidgetProps } from '@rjsf/utils';
import { toCustomLink } from '../../../shared/validation/rules.ts';
import { controlAria } from './fieldIds.ts';

export default function CustomLinkWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <div className="field-control">
      <input
        {...controlAria(props)}
        name={props.htmlName ?? props.id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        onChange={(event) => props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value)}
        onBlur={() => {
          const normalised = toCustomLink(value);
          if (normalised !== value) props.onChange(normalised === '' ? props.options.emptyValue : normalised);
          props.onBlur(props.id, normalised);
        }}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
    </div>
  );
}
