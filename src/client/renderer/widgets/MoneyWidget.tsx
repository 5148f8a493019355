// "money": an amount stored as an integer in thousandths of the currency unit (1234.56 -> 1234560). The field shows
// a decimal with two places and the separator of the current language, accepts a dot or a comma, and parses on
// every keystroke; on blur and on Enter it rewrites the text in its normal form. The currency is read from the form
// field named by ui:options.currencyField (PLN by default). ui:options: maxDecimals, allowNegative, currency.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formContextOf } from './context.ts';
import { controlAria, uiOption } from './fieldIds.ts';
import { useLocale } from './locale.ts';
import { acceptsMoneyText, decimalSeparatorOf, formatMoneyText, parseMoneyText, type MoneyTextOptions } from './money/moneyText.ts';

export const DEFAULT_CURRENCY = 'PLN';

export default function MoneyWidget(props: WidgetProps) {
  const locale = useLocale();
  const separator = decimalSeparatorOf(locale);
  const options: MoneyTextOptions = { maxDecimals: uiOption<number>(props, 'maxDecimals') ?? 2, allowNegative: uiOption<boolean>(props, 'allowNegative') ?? false };
  const [text, setText] = useState(() => formatMoneyText(props.value, separator));
  const focused = useRef(false);
  const reported = useRef<unknown>(props.value);

  const shownSeparator = useRef(separator);

  // A value set from outside (a loaded record), or a language switch while the field is not being edited; the
  // text being typed (whose value this widget reported itself) is left alone.
  useEffect(() => {
    const relabel = shownSeparator.current !== separator && !focused.current;
    if (props.value === reported.current && !relabel) return;
    shownSeparator.current = separator;
    reported.current = props.value;
    setText(formatMoneyText(props.value, separator));
  }, [props.value, separator]);

  const report = (value: unknown) => {
    reported.current = value;
    props.onChange(value);
  };

  const normalise = () => {
    const parsed = parseMoneyText(text, options);
    if (typeof parsed === 'number') {
      setText(formatMoneyText(parsed, separator));
      if (parsed !== props.value) report(parsed);
    }
  };

  const formData = formContextOf(props.registry).formData;
  const currencyField = uiOption<string>(props, 'currencyField');
  const fromForm = currencyField ? formData[currencyField] : undefined;
  const currency = typeof fromForm === 'string' && fromForm ? fromForm : (uiOption<string>(props, 'currency') ?? DEFAULT_CURRENCY);

  const currencyId = `${props.id}-currency`;

  return (
    <div className="field-control">
      <input
        {...controlAria(props, currencyId)}
        name={props.htmlName ?? props.id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        onChange={(event) => {
          const next = event.target.value;
          if (!acceptsMoneyText(next, options)) return;
          setText(next);
          const parsed = parseMoneyText(next, options);
          // Text that is not an amount yet ("-") stays as text, so validation reports it instead of losing it.
          report(parsed === null ? next : (parsed ?? props.options.emptyValue));
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') normalise();
        }}
        onFocus={() => {
          focused.current = true;
          props.onFocus(props.id, props.value);
        }}
        onBlur={() => {
          focused.current = false;
          normalise();
          props.onBlur(props.id, props.value);
        }}
      />
      <span id={currencyId} className="field-suffix">
        {currency}
      </span>
    </div>
  );
}
