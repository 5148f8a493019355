// Checks a hand-written form against the same JSON Schema the server validates it with, through
// the precompiled validator of that schema: the rules are written once, in schemas/forms.
import { loadValidators } from './precompiledValidators.ts';
import { toValidationErrors } from '../../shared/validation/errors.ts';

/** The first validation code of each failing field; an empty object means the data may be sent. */
export async function checkAgainstSchema(schemaPath: string, data: Record<string, unknown>): Promise<Record<string, string>> {
  const { root } = await loadValidators(schemaPath);
  if (root(data)) return {};
  const list = toValidationErrors(root.errors, (code) => code);
  return Object.fromEntries(list.map((e) => [e.property, e.errors[0]?.code ?? 'VALIDATION_ERROR']));
}
