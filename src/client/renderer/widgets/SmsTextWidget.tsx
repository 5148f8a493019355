// "smsText": a text area with a live SMS counter ("Remaining: N", src/shared/sms.ts): 560 characters in the GSM 7-bit
// set, 280 once any other character makes the text UCS-2. Past the limit the field says "Message is too long"
// at once, before the form is sent. ui:options.variables lists the message's variables (PROGRAM_NAME, ...): each is a
// button that inserts `{NAME}` where the cursor is. ui:options.defaultText names the message's default text
// (`messages:KEY`, locales/<language>/messages.json), in the language of the form's field ui:options.languageField
// (else the panel's): it is the empty field's placeholder, and a text left at the default of one language becomes the
// other's when that field changes, as the server then sends it.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countSms } from '../../../shared/sms.ts';
import { i18n } from '../../core/i18n.ts';
import { errorCodes } from '../form/messages.ts';
import { formContextOf } from './context.ts';
import { controlAria, uiOption } from './fieldIds.ts';
import { DEFAULT_ROWS } from './TextareaWidget.tsx';

const TOO_LONG_CODE = 'INVALID_SMS_CONTENT_LENGTH';
// The messages' default texts: read here only, so they are neither in the panel's text files nor in its start-up code.
const defaultTexts = import.meta.glob<Record<string, unknown>>('../../../../locales/*/messages.json', { import: 'default' });
const loadedDefaults = new Map<string, Record<string, unknown>>();

/** The text of `key` (`messages:KEY`) in a language, once that language's default texts are in (they load on demand). */
function useDefaultText(key: string | undefined, language: string): string | undefined {
  const [, setArrived] = useState(0);
  const texts = loadedDefaults.get(language);
  useEffect(() => {
    const load = defaultTexts[`../../../../locales/${language}/messages.json`];
    if (key === undefined || texts || !load) return;
    let alive = true;
    load().then(
      (loaded) => {
        loadedDefaults.set(language, loaded);
        if (alive) setArrived((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [key, language, texts]);
  const text = key !== undefined ? texts?.[key.replace(/^messages:/, '')] : undefined;
  return typeof text === 'string' ? text : undefined;
}

export default function SmsTextWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const text = typeof props.value === 'string' ? props.value : '';
  const languageField = uiOption<string>(props, 'languageField');
  const chosen = languageField === undefined ? undefined : formContextOf(props.registry).formData[languageField];
  const defaultText = useDefaultText(uiOption<string>(props, 'defaultText'), typeof chosen === 'string' ? chosen : i18n.language);
  const shownDefault = useRef(defaultText);
  useEffect(() => {
    if (defaultText === undefined) return;
    const before = shownDefault.current;
    shownDefault.current = defaultText;
    if (before !== undefined && before !== defaultText && text === before) props.onChange(defaultText);
    // Only a change of the default moves the text; typing never does.
  }, [defaultText]);
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
          placeholder={defaultText}
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
