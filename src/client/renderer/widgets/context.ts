// What every widget may read besides its own props: the whole form's data (for currencyField and the like),
// the form's mode and the user's permissions. SchemaForm puts it in RJSF's formContext.
import type { Registry } from '@rjsf/utils';
import type { Choice, Chosen } from '../form/choices.ts';

export type FormMode = 'form' | 'filter';

export interface FormContextValue {
  formData: Record<string, unknown>;
  mode: FormMode;
  permissions: readonly string[];
  /** The form's "ui:choices", which option of each is chosen, and how to choose another (form/choices.ts). */
  choices?: readonly Choice[];
  chosen?: Chosen;
  onChoose?: (id: string, index: number) => void;
}

const EMPTY: FormContextValue = { formData: {}, mode: 'form', permissions: [] };

export function formContextOf(registry: Registry): FormContextValue {
  return { ...EMPTY, ...(registry.formContext as Partial<FormContextValue> | undefined) };
}
