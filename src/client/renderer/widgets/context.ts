// What every widget may read besides its own props: the whole form's data (for currencyField and the like),
// the form's mode and the user's permissions. SchemaForm puts it in RJSF's formContext.
import type { Registry } from '@rjsf/utils';

export type FormMode = 'form' | 'filter';

export interface FormContextValue {
  formData: Record<string, unknown>;
  mode: FormMode;
  permissions: readonly string[];
}

const EMPTY: FormContextValue = { formData: {}, mode: 'form', permissions: [] };

export function formContextOf(registry: Registry): FormContextValue {
  return { ...EMPTY, ...(registry.formContext as Partial<FormContextValue> | undefined) };
}
