// The active filters as chips, worked out from the address alone: the label is the translated title
// of the filter-schema property, the value is formatted like the column showing that field (money in the language's
// format, with the currency when the list is filtered to one; enums and booleans by their labels). Dates and times
// are wall clocks of the customer's zone: as typed (the server reads them in that zone), or, for an instant in the
// address, its time in the zone. A date preset reads as its name ("Last 7 days"), a text of the dashboard's period
// (that namespace loads at idle on every screen, not with the list's; the chip shows once it is in).
import { isRangeFilter, rangeBounds, type FilterValue, type RangeFilter } from '../../../shared/list-query.ts';
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';
import type { Column } from '../descriptors.ts';
import type { JsonSchema } from '../schemas.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/defaultTimeZone.ts';
import { formatDateTime, formatLabel, type Translate } from './format.ts';

// The card's hints and the chips' names come in this module's chunk too: neither is needed before a filter is set or
// the card opens.
export { chipsToName, filterHints, withNames } from './filterHints.ts';

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
  timeZone: string;
}

/** A typed wall clock ("2026-01-05 12:00:00"), which a date filter holds as it is. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

function formatOne(value: unknown, column: Column | undefined, { t, locale, currency, timeZone }: ChipContext): string {
  if (column?.format === 'money' && typeof value === 'number') return formatAmount(value, { locale, currency });
  if ((column?.format === 'dateTime' || column?.format === 'date') && typeof value === 'string' && !WALL_TIME.test(value)) return formatDateTime(value, timeZone);
  // The chip reads like the column ("Blocked"), falling back to yes/no where no column labels it.
  if (column?.labels && (column.format === 'enum' || column.format === 'boolean')) return formatLabel(value, column.labels, t);
  if (typeof value === 'boolean') return t(value ? 'table:filters.yes' : 'table:filters.no');
  return String(value);
}

function formatRange(range: RangeFilter, column: Column | undefined, context: ChipContext): string {
  if (range.preset) return context.t(`dashboard:period.presets.${range.preset}`);
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
  timeZone = DEFAULT_TIME_ZONE,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const [field, value] of Object.entries(options)) {
    const column = columns.find((c) => c.field === field);
    const text = filterValueText(value, column, { t, locale, currency: filteredCurrency(options, column), timeZone });
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
