// The active filters as chips, worked out from the address alone: the label is the translated title
// of the filter-schema property, the value is formatted like the column showing that field.
import { isRangeFilter, rangeBounds, type FilterValue, type RangeFilter } from '../../../shared/list-query.ts';
import type { Column } from '../descriptors.ts';
import type { JsonSchema } from '../schemas.ts';
import { formatLabel, type Translate } from './format.ts';

export interface FilterChip {
  field: string;
  label: string;
  value: string;
}

function formatOne(value: unknown, column: Column | undefined, t: Translate): string {
  // The chip reads like the column ("Blocked"), falling back to yes/no where no column labels it.
  if (column?.labels && (column.format === 'enum' || column.format === 'boolean')) return formatLabel(value, column.labels, t);
  if (typeof value === 'boolean') return t(value ? 'table:filters.yes' : 'table:filters.no');
  return String(value);
}

function formatRange(range: RangeFilter, t: Translate): string {
  const { from, to } = rangeBounds(range);
  if (from !== undefined && to !== undefined) return t('table:filters.between', { from, to });
  if (from !== undefined) return t('table:filters.from', { from });
  if (to !== undefined) return t('table:filters.to', { to });
  return '';
}

function filterValueText(value: FilterValue, column: Column | undefined, t: Translate): string {
  if (Array.isArray(value)) return value.map((item) => formatOne(item, column, t)).join(', ');
  if (isRangeFilter(value)) return formatRange(value, t);
  return formatOne(value, column, t);
}

function filterLabel(field: string, schema: JsonSchema | undefined, t: Translate): string {
  const title = schema?.properties?.[field]?.title;
  return typeof title === 'string' ? t(title) : field;
}

export function filterChips(options: Record<string, FilterValue>, schema: JsonSchema | undefined, columns: readonly Column[], t: Translate): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const [field, value] of Object.entries(options)) {
    const column = columns.find((c) => c.field === field);
    const text = filterValueText(value, column, t);
    if (!text) continue;
    chips.push({ field, label: filterLabel(field, schema, t), value: text });
  }
  return chips;
}

/** The filters without one field. */
export function withoutFilter(options: Record<string, FilterValue>, field: string): Record<string, FilterValue> {
  const rest = { ...options };
  delete rest[field];
  return rest;
}
