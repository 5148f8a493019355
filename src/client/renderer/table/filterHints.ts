// The filter card's ui hints and what they say about the chips: the hints the columns imply (the labels of enum
// values) and the filter schema implies (the choice of presets of a date range that declares them, which the range
// field shows: form/RangePreset.tsx) under those of the screen's filterUiSchema file; a filter whose remote select
// names an `item` call shows the name of the chosen row on its chip ("Recipient: Jan Kowalski"), not its id. Pure
// functions (and the presets' component), loaded with the chips' code (filterChips.ts) once a filter is set or the
// card opens: useTableFilters.ts reads the rows.
import type { FilterValue } from '../../../shared/list-query.ts';
import { resolveCall, type Column } from '../descriptors.ts';
import type { FilterChip } from './filterChips.ts';
import type { JsonSchema } from '../schemas.ts';
import { RangePreset } from '../form/RangePreset.tsx';

export type Hints = Record<string, Record<string, unknown>>;
type Options = Record<string, unknown>;

export function filterHints(columns: readonly Column[], file?: Record<string, unknown>, schema?: JsonSchema): Hints {
  const hints: Hints = {};
  for (const column of columns) if (column.labels) hints[column.field] = { 'ui:options': { labels: column.labels } };
  for (const [field, property] of Object.entries(schema?.properties ?? {})) {
    if (property.properties?.preset) hints[field] = { 'ui:options': { ...(hints[field]?.['ui:options'] as Options | undefined), presets: RangePreset } };
  }
  for (const [field, hint] of Object.entries(file ?? {})) {
    if (typeof hint !== 'object' || hint === null) continue;
    const own = hint as Record<string, unknown>;
    const base = hints[field] ?? {};
    hints[field] = { ...base, ...own, 'ui:options': { ...(base['ui:options'] as Options | undefined), ...(own['ui:options'] as Options | undefined) } };
  }
  return hints;
}

/** A chip whose value is a row's id: where to read the row, and which of its fields name it. */
export interface NamedChip {
  field: string;
  path: string;
  labelFields: string[];
}

/** The chips that name a row by its id, with the call that reads the row. */
export function chipsToName(chips: FilterChip[], options: Record<string, FilterValue>, hints: Hints): NamedChip[] {
  const named: NamedChip[] = [];
  for (const chip of chips) {
    const hint = hints[chip.field]?.['ui:options'] as Options | undefined;
    const value = options[chip.field];
    if (typeof hint?.item !== 'string' || (typeof value !== 'number' && typeof value !== 'string')) continue;
    const labelFields = Array.isArray(hint.labelFields) ? (hint.labelFields as string[]) : [typeof hint.labelField === 'string' ? hint.labelField : 'name'];
    named.push({ field: chip.field, path: resolveCall(hint.item, { id: value }).path, labelFields });
  }
  return named;
}

/** The chips with the names of the rows their ids stand for, where read (`rows`, in the order of `named`); else the ids. */
export function withNames(chips: FilterChip[], named: NamedChip[], rows: (Record<string, unknown> | undefined)[]): FilterChip[] {
  if (!named.length) return chips;
  return chips.map((chip) => {
    const index = named.findIndex((n) => n.field === chip.field);
    const row = index >= 0 ? rows[index] : undefined;
    if (!row) return chip;
    const name = named[index].labelFields.map((field) => row[field]).filter((v) => v !== null && v !== undefined && v !== '').join(' ');
    return name ? { ...chip, value: name } : chip;
  });
}
