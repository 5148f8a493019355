// "textarea": several lines, 5 rows unless ui:options.rows says otherwise. With ui:options.counter and a maxLength
// in the schema it shows "Remaining: {counter}" characters.
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { controlAria, uiOption } from './fieldIds.ts';

export const DEFAULT_ROWS = 5;

export default function TextareaWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { value, schema } = props;
  const text = typeof value === 'string' ? value : '';
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const counter = uiOption<boolean>(props, 'counter') === true && maxLength !== undefined;
  const counterId = `${props.id}-counter`;
  return (
    <>
      <div className="field-control">
        <textarea
          {...controlAria(props, counter ? counterId : undefined)}
          name={props.htmlName ?? props.id}
          rows={uiOption<number>(props, 'rows') ?? DEFAULT_ROWS}
          value={text}
          maxLength={maxLength}
          placeholder={props.placeholder || undefined}
          disabled={props.disabled}
          readOnly={props.readonly}
          autoFocus={props.autofocus}
          required={props.required}
          onChange={(event) => props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value)}
          onBlur={() => props.onBlur(props.id, value)}
          onFocus={() => props.onFocus(props.id, value)}
        />
      </div>
      {counter && (
        <div id={counterId} className="field-counter" aria-live="polite">
          {t('form:remaining', { counter: maxLength - Array.from(text).length })}
        </div>
      )}
    </>
  );
}
