// Data going into and out of a generated form.
import type { JsonSchema } from '../schemas.ts';
import type { FormMode } from '../widgets/context.ts';
import { isEmptyFilter } from '../../../shared/list-query.ts';

/**
 * The part of a loaded record the form edits: the schema's own properties, without nulls (an absent optional
 * value). The record's other fields (createdAt, usedBudget, ...) are not sent back.
 */
export function pickFormData(schema: JsonSchema, record: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties ?? {})) {
    const value = record[name];
    if (value !== null && value !== undefined) result[name] = value;
  }
  return result;
}

/** What a form submits: hidden fields left out; in filter mode, empty filters left out as well. */
export function submittedData(data: Record<string, unknown>, hidden: readonly string[], mode: FormMode): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    if (hidden.includes(name) || value === undefined) continue;
    if (mode === 'filter' && isEmptyFilter(value)) continue;
    result[name] = value;
  }
  return result;
}
