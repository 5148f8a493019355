// "smsText": a text area with a live SMS counter ("Remaining: N", src/shared/sms.ts): 560 characters in the GSM 7-bit
// set, 280 once any other character makes the text UCS-2. Past the limit the field says "Message is too long"
// at once, before the form is sent. ui:options.variables lists the message's variables (PROGRAM_NAME, ...): each is a
// button that inserts `{NAME}` where the cursor is.
import type { WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { countSms } from '../../../shared/sms.ts';
import { errorCodes } from '../form/messages.ts';
import { controlAria, uiOption } from './fieldIds.ts';
import { DEFAULT_ROWS } from './TextareaWidget.tsx';

const TOO_LONG_CODE = 'INVALID_SMS_CONTENT_LENGTH';

export default function SmsTextWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const text = typeof props.value === 'string' ? props.value : '';
  const count = countSms(text);
  const counterId = `${props.id}-counter`;
  // The same message from validation is already shown under the field.
  const flagged = count.tooLong && !errorCodes(props.rawErrors).includes(TOO_LONG_CODE);
  const aria = controlAria(props, counterId);
  const area = useRef<HTMLTextAreaElement>(null);
  const variables = uiOption<string[]>(props, 'variables') ?? [];
  const insert = (name: string) => {
    const element = area.current;
    const token = `{${name}}`;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    props.onChange(text.slice(0, start) + token + text.slice(end));
    // The cursor after the inserted variable, once React has written the new value.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <>
      {variables.length > 0 && !props.disabled && !props.readonly && (
        <div className="sms-variables" role="group" aria-label={t('form:smsVariables')}>
          {variables.map((name) => (
            <button key={name} type="button" className="sms-variable" onClick={() => insert(name)} aria-label={t('form:insertVariable', { name })}>
              {`{${name}}`}
            </button>
          ))}
        </div>
      )}
      <div className="field-control">
        <textarea
          ref={area}
          {...aria}
          aria-invalid={aria['aria-invalid'] ?? (count.tooLong || undefined)}
          name={props.htmlName ?? props.id}
          rows={uiOption<number>(props, 'rows') ?? DEFAULT_ROWS}
          value={text}
          disabled={props.disabled}
          readOnly={props.readonly}
          required={props.required}
          onChange={(event) => props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value)}
          onBlur={() => props.onBlur(props.id, props.value)}
          onFocus={() => props.onFocus(props.id, props.value)}
        />
      </div>
      <div id={counterId} className={count.tooLong ? 'field-counter is-over' : 'field-counter'} aria-live="polite">
        <span>{t('form:remaining', { counter: count.remaining })}</span>
        {flagged && <span className="field-error-line">{t(`validation:${TOO_LONG_CODE}`)}</span>}
      </div>
    </>
  );
}
