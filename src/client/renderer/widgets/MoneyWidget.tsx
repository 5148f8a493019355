// "money": an amount stored as an integer in thousandths of the currency unit (1234.56 -> 1234560). The field keeps
// every keystroke and reads the text by the rule of the current language (money/moneyText.ts): an amount is reported
// as thousandths and, on blur and on Enter, rewritten in its normal form ("1,000.5" -> "1000.50"); text that is not an
// amount stays as typed, is reported as that text (so the form cannot be sent) and its reason shows under the field.
// The currency is read from the form field named by ui:options.currencyField (PLN by default) and shown the way
// amounts are formatted everywhere (src/shared/money.ts: "zł", "€"); with ui:options.accountField it is the currency of
// the account whose id that form field holds. ui:options: maxDecimals, allowNegative, currency. Under the field a
// hint (form:moneyHint) says how the language's separators are read, so nobody has to guess what "1,234" becomes.
import type { ErrorSchema, WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../../shared/money.ts';
import { encodeMessage } from '../form/messages.ts';
import { useAccounts } from '../accounts/accounts.ts';
import { formContextOf } from './context.ts';
import { controlAria, uiOption } from './fieldIds.ts';
import { useLocale } from './locale.ts';
import { amountLocaleOf, decimalSeparatorOf, formatMoneyText, readMoneyText, type MoneyReading, type MoneyTextOptions } from './money/moneyText.ts';

const DEFAULT_CURRENCY = 'PLN';

function textOptions(options: Record<string, unknown>): MoneyTextOptions {
  return {
    maxDecimals: typeof options.maxDecimals === 'number' ? options.maxDecimals : 2,
    allowNegative: options.allowNegative === true,
  };
}

/** The error descriptor (form/messages.ts) for text that is not an amount. */
function problemMessage(reading: MoneyReading): string | undefined {
  return reading.kind === 'invalid' ? encodeMessage({ code: reading.code, params: reading.params }) : undefined;
}

export default function MoneyWidget(props: WidgetProps) {
  return uiOption<string>(props, 'accountField') ? <AccountMoneyInput {...props} /> : <MoneyInput {...props} />;
}

/** The amount of a form whose currency is that of an account chosen in another field (ui:options.accountField). */
function AccountMoneyInput(props: WidgetProps) {
  const accountField = uiOption<string>(props, 'accountField')!;
  const chosen = formContextOf(props.registry).formData[accountField];
  const account = useAccounts().data?.find((candidate) => candidate.id === chosen);
  return <MoneyInput {...props} accountCurrency={account?.currency} />;
}

function MoneyInput({ accountCurrency, ...props }: WidgetProps & { accountCurrency?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const separator = decimalSeparatorOf(locale);
  const options = textOptions(props.options as Record<string, unknown>);
  const [text, setText] = useState(() => formatMoneyText(props.value, separator));
  const focused = useRef(false);
  const reported = useRef<unknown>(props.value);

  const shownSeparator = useRef(separator);

  // A value set from outside (a loaded record), or a language switch while the field is not being edited; the
  // text being typed (whose value this widget reported itself) is left alone, and so is text that is not an amount.
  useEffect(() => {
    const relabel = shownSeparator.current !== separator && !focused.current && typeof props.value === 'number';
    if (props.value === reported.current && !relabel) return;
    shownSeparator.current = separator;
    reported.current = props.value;
    setText(formatMoneyText(props.value, separator));
  }, [props.value, separator]);

  const report = (value: unknown, errors?: ErrorSchema) => {
    reported.current = value;
    props.onChange(value, errors);
  };

  // On blur and Enter: an amount is written in its normal form; other text stays and its reason is shown at once
  // (RJSF keeps an error a widget reports with its change until the field changes again).
  const settle = () => {
    const reading = readMoneyText(text, locale, options);
    if (reading.kind === 'amount') {
      setText(formatMoneyText(reading.value, separator));
      if (reading.value !== props.value) report(reading.value);
    } else if (reading.kind === 'invalid') {
      report(text, { __errors: [problemMessage(reading)!] } as ErrorSchema);
    }
  };

  const formData = formContextOf(props.registry).formData;
  const currencyField = uiOption<string>(props, 'currencyField');
  const fromForm = accountCurrency ?? (currencyField ? formData[currencyField] : undefined);
  const currency = typeof fromForm === 'string' && fromForm ? fromForm : (uiOption<string>(props, 'currency') ?? DEFAULT_CURRENCY);

  const currencyId = `${props.id}-currency`;
  const hintId = `${props.id}-hint`;
  const editable = !props.disabled && !props.readonly;

  return (
    <>
      <div className="field-control">
        <input
          {...controlAria(props, editable ? `${currencyId} ${hintId}` : currencyId)}
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
            setText(next);
            // Text that is not an amount is reported as the text itself: the schema wants a number, so the form is not
            // sent, and the field is not empty, so it is not "required" either.
            const reading = readMoneyText(next, locale, options);
            report(reading.kind === 'amount' ? reading.value : reading.kind === 'empty' ? props.options.emptyValue : next);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') settle();
          }}
          onFocus={() => {
            focused.current = true;
            props.onFocus(props.id, props.value);
          }}
          onBlur={() => {
            focused.current = false;
            settle();
            props.onBlur(props.id, props.value);
          }}
        />
        <span id={currencyId} className="field-suffix">
          {currencySymbol(currency, amountLocaleOf(locale))}
        </span>
      </div>
      {editable && (
        <div id={hintId} className="field-info">
          {t('form:moneyHint')}
        </div>
      )}
    </>
  );
}

/**
 * What is wrong with text the field holds instead of an amount, as an error descriptor, for the form to show in
 * place of the schema's "not a number". Undefined when the value is not such text.
 */
MoneyWidget.heldTextError = (value: unknown, uiOptions: Record<string, unknown>, locale: string): string | undefined =>
  typeof value === 'string' ? problemMessage(readMoneyText(value, locale, textOptions(uiOptions))) : undefined;
