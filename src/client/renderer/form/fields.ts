// The fields a ui hint may name in "ui:field" (whole-object editors). Keep fieldNames.json equal to the keys:
// `npm run validate` reads it to check every ui hint file.
import type { Field } from '@rjsf/utils';
import CurrencyAmountsField from './CurrencyAmountsField.tsx';
import type names from './fieldNames.json';

export const formFields: Record<(typeof names)[number], Field> = {
  currencyAmounts: CurrencyAmountsField,
};
