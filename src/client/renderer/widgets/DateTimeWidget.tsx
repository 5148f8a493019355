// "dateTime": "YYYY-MM-DD hh:mm:ss" on a 24-hour clock. Typed digits get their separators; a date without a time
// gets 12:00:00 when the field is left. A calendar (weeks start on Monday) picks the day. ui:options: minDate,
// maxDate ("YYYY-MM-DD" or "today"), clearable (true by default).
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../ui/icons.tsx';
import { controlAria, uiOption } from './fieldIds.ts';
import { Calendar } from './dateTime/Calendar.tsx';
import { completeDateTime, isCompleteDateTime, maskDateTimeText, resolveDayLimit, today, withDay, withinLimits } from './dateTime/dateTimeText.ts';

function CalendarIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

export interface DateTimeInputProps {
  id: string;
  value: unknown;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  clearable?: boolean;
  minDate?: unknown;
  maxDate?: unknown;
  ariaLabel?: string;
  ariaInvalid?: boolean;
  ariaDescribedBy?: string;
}

/** The date-time input on its own, also used by the from / to pair of list filters. */
export function DateTimeInput(props: DateTimeInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(typeof props.value === 'string' ? props.value : '');
  const [open, setOpen] = useState(false);
  const reported = useRef<unknown>(props.value);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const min = resolveDayLimit(props.minDate);
  const max = resolveDayLimit(props.maxDate);
  const locked = Boolean(props.disabled || props.readOnly);

  useEffect(() => {
    if (props.value === reported.current) return;
    reported.current = props.value;
    setText(typeof props.value === 'string' ? props.value : '');
  }, [props.value]);

  const report = (value: string | undefined) => {
    reported.current = value;
    props.onChange(value);
  };
  const update = (next: string) => {
    setText(next);
    report(next === '' ? undefined : next);
  };

  const selectedDay = isCompleteDateTime(text) ? text.slice(0, 10) : undefined;
  const startDay = selectedDay ?? (min && today() < min ? min : max && today() > max ? max : today());

  return (
    <div className="datetime">
      <div className="field-control">
        <input
          id={props.id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('form:dateTime.placeholder')}
          aria-label={props.ariaLabel}
          aria-invalid={props.ariaInvalid || undefined}
          aria-describedby={props.ariaDescribedBy}
          aria-required={props.required || undefined}
          value={text}
          disabled={props.disabled}
          readOnly={props.readOnly}
          onChange={(event) => update(maskDateTimeText(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && event.altKey) {
              event.preventDefault();
              setOpen(true);
            }
          }}
          onFocus={props.onFocus}
          onBlur={() => {
            const completed = completeDateTime(text);
            if (completed !== text) update(completed);
            props.onBlur?.();
          }}
        />
        {props.clearable !== false && text !== '' && !locked && (
          <button type="button" className="field-addon" aria-label={t('form:dateTime.clear')} onClick={() => update('')}>
            <CloseIcon />
          </button>
        )}
        <button
          ref={buttonRef}
          type="button"
          className="field-addon"
          aria-label={t('form:dateTime.openCalendar')}
          aria-expanded={open}
          disabled={locked}
          onClick={() => setOpen((shown) => !shown)}
        >
          <CalendarIcon />
        </button>
      </div>
      {open && (
        <Calendar
          id={`${props.id}-calendar`}
          initialDay={startDay}
          selectedDay={selectedDay}
          min={min}
          max={max}
          onPick={(day) => {
            if (!withinLimits(day, min, max)) return;
            update(withDay(text, day));
            setOpen(false);
            buttonRef.current?.focus();
          }}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

export default function DateTimeWidget(props: WidgetProps) {
  const aria = controlAria(props);
  return (
    <DateTimeInput
      id={props.id}
      value={props.value}
      onChange={(value) => props.onChange(value ?? props.options.emptyValue)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      disabled={props.disabled}
      readOnly={props.readonly}
      required={props.required}
      clearable={uiOption<boolean>(props, 'clearable')}
      minDate={uiOption<string>(props, 'minDate')}
      maxDate={uiOption<string>(props, 'maxDate')}
      ariaInvalid={Boolean(aria['aria-invalid'])}
      ariaDescribedBy={aria['aria-describedby']}
    />
  );
}
