// The active filters as chips, worked out from the address alone: the label is the translated title
// of the filter-schema property, the value is formatted like the column showing that field (money in the language's
// format, with the currency when the list is filtered to one; enums and booleans by their labels). Dates and times
// are the wall-clock values the filter holds, as typed.
import { isRangeFilter, rangeBounds, type FilterValue, type RangeFilter } from '../../../shared/list-query.ts';
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';
import type { Column } from '../descriptors.ts';
import type { JsonSchema } from '../schemas.ts';
import { formatLabel, type Translate } from './format.ts';

export interface FilterChip {
  field: string;
  label: string;
  value: string;
}

interface ChipContext {
  t: Translate;
  locale: AmountLocale;
  /** The one currency the list is filtered to, if it is (for money filters). */
  currency: string | undefined;
}

function formatOne(value: unknown, column: Column | undefined, { t, locale, currency }: ChipContext): string {
  if (column?.format === 'money' && typeof value === 'number') return formatAmount(value, { locale, currency });
  // The chip reads like the column ("Blocked"), falling back to yes/no where no column labels it.
  if (column?.labels && (column.format === 'enum' || column.format === 'boolean')) return formatLabel(value, column.labels, t);
  if (typeof value === 'boolean') return t(value ? 'table:filters.yes' : 'table:filters.no');
  return String(value);
}

function formatRange(range: RangeFilter, column: Column | undefined, context: ChipContext): string {
  const bounds = rangeBounds(range);
  const from = bounds.from === undefined ? undefined : formatOne(bounds.from, column, context);
  const to = bounds.to === undefined ? undefined : formatOne(bounds.to, column, context);
  const { t } = context;
  if (from !== undefined && to !== undefined) return t('table:filters.between', { from, to });
  if (from !== undefined) return t('table:filters.from', { from });
  if (to !== undefined) return t('table:filters.to', { to });
  return '';
}

function filterValueText(value: FilterValue, column: Column | undefined, context: ChipContext): string {
  if (Array.isArray(value)) return value.map((item) => formatOne(item, column, context)).join(', ');
  if (isRangeFilter(value)) return formatRange(value, column, context);
  return formatOne(value, column, context);
}

/** The currency a money column's rows are in when the filters hold one value for its currency field. */
function filteredCurrency(options: Record<string, FilterValue>, column: Column | undefined): string | undefined {
  const value = column?.currencyField ? options[column.currencyField] : undefined;
  const one = Array.isArray(value) && value.length === 1 ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

function filterLabel(field: string, schema: JsonSchema | undefined, t: Translate): string {
  const title = schema?.properties?.[field]?.title;
  return typeof title === 'string' ? t(title) : field;
}

export function filterChips(
  options: Record<string, FilterValue>,
  schema: JsonSchema | undefined,
  columns: readonly Column[],
  t: Translate,
  locale: AmountLocale,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const [field, value] of Object.entries(options)) {
    const column = columns.find((c) => c.field === field);
    const text = filterValueText(value, column, { t, locale, currency: filteredCurrency(options, column) });
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
