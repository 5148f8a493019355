// "phone": a country dial-code picker (Poland first, then every country by name in the current language) and a
// number field taking digits only. The value is stored as "+<dial code><number>", at most 15 digits.
// Typing or pasting a number that starts with "+" (or "00") picks the country from its dial code.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from './locale.ts';
import { controlAria } from './fieldIds.ts';
import { Combobox } from './select/Combobox.tsx';
import type { SelectOption } from './select/options.ts';
import { DEFAULT_COUNTRY, PREFERRED_COUNTRIES, dialCodeOf, joinPhone, maxNationalDigits, phoneCountries, readPhoneInput, splitPhone, type CountryCode } from './phone/countries.ts';

export default function PhoneWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const initial = splitPhone(props.value);
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const [text, setText] = useState(initial.national);
  // The last value this widget reported: a different incoming value was set from outside (a loaded record).
  const reported = useRef<unknown>(props.value);

  useEffect(() => {
    if (props.value === reported.current) return;
    reported.current = props.value;
    const parts = splitPhone(props.value, country);
    setCountry(parts.country);
    setText(parts.national);
  }, [props.value, country]);

  const options = useMemo<SelectOption[]>(
    () => phoneCountries(locale).map((c) => ({ value: c.iso2, label: `${c.name} (+${c.dialCode})` })),
    [locale],
  );

  const report = (value: string | undefined) => {
    reported.current = value;
    props.onChange(value);
  };

  const apply = (nextText: string, final: boolean) => {
    const next = readPhoneInput(nextText, country, final);
    setCountry(next.country);
    if (next.pending !== undefined) {
      setText(next.pending);
      report(next.pending.length > 1 ? next.pending : undefined);
      return;
    }
    setText(next.national);
    report(joinPhone(next.country, next.national));
  };

  const aria = controlAria(props);
  return (
    <div className="phone-control">
      <Combobox
        id={`${props.id}-country`}
        className="phone-country"
        options={options}
        value={country}
        preferred={PREFERRED_COUNTRIES}
        clearable={false}
        ariaLabel={t('form:phone.country')}
        disabled={props.disabled}
        readOnly={props.readonly}
        onChange={(value) => {
          const next = (value as CountryCode | undefined) ?? DEFAULT_COUNTRY;
          setCountry(next);
          const national = text.startsWith('+') ? '' : text.slice(0, maxNationalDigits(next));
          setText(national);
          report(joinPhone(next, national));
        }}
      />
      <div className="field-control phone-number">
        <span className="field-prefix" aria-hidden="true">
          +{dialCodeOf(country)}
        </span>
        <input
          {...aria}
          name={props.htmlName ?? props.id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={text}
          disabled={props.disabled}
          readOnly={props.readonly}
          required={props.required}
          onChange={(event) => apply(event.target.value, false)}
          onBlur={() => {
            if (text.startsWith('+')) apply(text, true);
            props.onBlur(props.id, props.value);
          }}
          onFocus={() => props.onFocus(props.id, props.value)}
        />
      </div>
    </div>
  );
}
