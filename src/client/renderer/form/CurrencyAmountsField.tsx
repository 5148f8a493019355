// "ui:field": "currencyAmounts": an object of amounts by currency code (`{ "PLN": 10000000, "EUR": 2500000 }`, each in
// thousandths), edited as one money input per currency: those of the form's list of currencies (ui:options
// currenciesField, AVAILABLE_CURRENCIES by default, as typed so far) and those the value already has. Each input is
// the money widget in its currency, laid out by RJSF's own object field, so labels, errors and their paths are those
// of any other field.
import type { FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { formContextOf } from '../widgets/context.ts';

const CURRENCY = /^[A-Z]{3}$/;

export default function CurrencyAmountsField(props: FieldProps) {
  const { registry, schema, uiSchema, formData } = props;
  const listField = (uiSchema?.['ui:options']?.currenciesField as string | undefined) ?? 'AVAILABLE_CURRENCIES';
  const listed = formContextOf(registry).formData[listField];
  const value = formData && typeof formData === 'object' ? (formData as Record<string, unknown>) : {};
  const currencies = [...new Set([...(Array.isArray(listed) ? listed : []), ...Object.keys(value)])].filter((code): code is string => typeof code === 'string' && CURRENCY.test(code));
  const amount = (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : { type: 'integer' }) as RJSFSchema;
  // The same object with a property per currency and nothing "additional" for RJSF to offer to add.
  const { additionalProperties: _more, propertyNames: _names, ...rest } = schema;
  const perCurrency: RJSFSchema = { ...rest, properties: Object.fromEntries(currencies.map((code) => [code, { ...amount, title: code }])) };
  const { 'ui:field': _field, ...ownHints } = uiSchema ?? {};
  const hints: UiSchema = { ...ownHints, ...Object.fromEntries(currencies.map((code) => [code, { 'ui:widget': 'money', 'ui:options': { currency: code } }])) };
  const { ObjectField } = registry.fields;
  return <ObjectField {...props} schema={perCurrency} uiSchema={hints} />;
}
