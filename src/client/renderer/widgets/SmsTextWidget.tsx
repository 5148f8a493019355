// "smsText": a text area with a live SMS counter ("Remaining: N", src/shared/sms.ts): 560 characters in the GSM 7-bit
// set, 280 once any other character makes the text UCS-2. Past the limit the field says "Message is too long"
// at once, before the form is sent.
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from '../../core/useTranslation.ts';
import { countSms } from '../../../shared/sms.ts';
import { errorCodes } from '../form/messages.ts';
import { controlAria, uiOption } from './fieldIds.ts';
import { DEFAULT_ROWS } from './TextareaWidget.tsx';

export const TOO_LONG_CODE = 'INVALID_SMS_CONTENT_LENGTH';

export default function SmsTextWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const text = typeof props.value === 'string' ? props.value : '';
  const count = countSms(text);
  const counterId = `${props.id}-counter`;
  // The same message from validation is already shown under the field.
  const flagged = count.tooLong && !errorCodes(props.rawErrors).includes(TOO_LONG_CODE);
  const aria = controlAria(props, counterId);
  return (
    <>
      <div className="field-control">
        <textarea
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
