// How a column shows a value, by its `format` (screens.json). Pure functions: the cell components
// and the unit tests call the same code.
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';
import { readWallTime } from '../../../shared/wallClock.ts';
import type { Column } from '../descriptors.ts';

export type Row = Record<string, unknown>;
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FormatContext {
  t: Translate;
  locale: AmountLocale;
  /** The zone dates and times show in: the customer's TIME_ZONE (core/timeZone.ts), never the browser's. */
  timeZone: string;
  /** The screen's record (a statement's account), for columns naming `record.<field>`. */
  record?: Row;
}

const RECORD_PREFIX = 'record.';

/** A row's value of a field a column names beside its own (currencyField, maxField): `record.x` reads the screen's record. */
export function relatedValue(field: string | undefined, row: Row, record: Row | undefined): unknown {
  if (!field) return undefined;
  if (field.startsWith(RECORD_PREFIX)) return record ? valueAt(record, field.slice(RECORD_PREFIX.length)) : undefined;
  return valueAt(row, field);
}

/** `a.b` reaches into nested objects (the column schema allows dotted fields). */
export function valueAt(row: Row, field: string): unknown {
  let value: unknown = row;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Row)[part];
  }
  return value;
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day without a time ("2026-01-05") names no instant: it shows as it is, in any zone. */
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of the instant in the zone. */
export function formatDate(value: unknown, timeZone: string): string {
  if (typeof value === 'string' && PLAIN_DAY.test(value)) return value;
  return formatDateTime(value, timeZone).slice(0, 10);
}

/** `YYYY-MM-DD hh:mm:ss` of the instant in the zone, 24-hour clock. */
export function formatDateTime(value: unknown, timeZone: string): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return readWallTime(date, timeZone);
}

/** As stored; a Polish number in E.164 is grouped for reading: +48 600 000 001. */
export function formatPhone(value: unknown): string {
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  const polish = /^\+48(\d{3})(\d{3})(\d{3})$/.exec(value);
  return polish ? `+48 ${polish[1]} ${polish[2]} ${polish[3]}` : value;
}

/** `labels.value` translated; without labels a boolean reads yes/no and anything else as is. */
export function formatLabel(value: unknown, labels: string | undefined, t: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  // A list of enum values (a key's permissions): each labelled.
  if (Array.isArray(value)) return value.map((item) => formatLabel(item, labels, t)).join(', ');
  if (labels) return t(`${labels}.${String(value)}`, { defaultValue: String(value) });
  if (typeof value === 'boolean') return t(value ? 'table:filters.yes' : 'table:filters.no');
  return String(value);
}

function formatMoney(value: unknown, currency: unknown, locale: AmountLocale): string {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(amount)) return '';
  return formatAmount(amount, { locale, currency: typeof currency === 'string' && currency ? currency : undefined });
}

type UsageLevel = 'ok' | 'warning' | 'danger';

export interface Usage {
  /** Whole percent of the maximum used (may exceed 100). */
  percent: number;
  /** Width of the bar's fill, 0..100. */
  fill: number;
  level: UsageLevel;
}

/** Usage bar: green below 75 %, warning from 75 %, danger from 100 %; fill capped at 100 %; 0 when max is 0. */
export function usageOf(value: unknown, max: unknown): Usage {
  const used = Number(value);
  const limit = Number(max);
  if (!Number.isFinite(used) || !Number.isFinite(limit) || limit <= 0 || used <= 0) return { percent: 0, fill: 0, level: 'ok' };
  const ratio = (used / limit) * 100;
  const level: UsageLevel = ratio >= 100 ? 'danger' : ratio >= 75 ? 'warning' : 'ok';
  return { percent: Math.floor(ratio), fill: Math.min(ratio, 100), level };
}

/** "Main PLN account (#12)": a name with the row's id. */
export function formatNameWithId(value: unknown, row: Row): string {
  if (value === null || value === undefined || value === '') return '';
  const id = valueAt(row, 'id');
  return id === null || id === undefined ? String(value) : `${String(value)} (#${String(id)})`;
}

/** An object (an audit entry's record) as indented JSON; nothing for null. */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** The text a cell shows (the usage bar adds its bar around `usageText`). */
export function formatCell(column: Column, row: Row, context: FormatContext): string {
  const { t, locale, record, timeZone } = context;
  const value = valueAt(row, column.field);
  switch (column.format) {
    case 'money':
      return formatMoney(value, relatedValue(column.currencyField, row, record), locale);
    case 'nameWithId':
      return formatNameWithId(value, row);
    case 'json':
    case 'changes':
      return formatJson(value);
    case 'date':
      return formatDate(value, timeZone);
    case 'dateTime':
      return formatDateTime(value, timeZone);
    case 'enum':
    case 'boolean':
      return formatLabel(value, column.labels, t);
    case 'phone':
      return formatPhone(value);
    case 'usage':
      return usageText(column, row, context);
    default:
      return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** "75% (1 875,00 zł of 2 500,00 zł)": the used share and both amounts. */
export function usageText(column: Column, row: Row, { t, locale, record }: FormatContext): string {
  const value = valueAt(row, column.field);
  const max = column.maxField ? valueAt(row, column.maxField) : undefined;
  const currency = relatedValue(column.currencyField, row, record);
  const { percent } = usageOf(value, max);
  return t('table:usage.text', { percent, value: formatMoney(value ?? 0, currency, locale), max: formatMoney(max ?? 0, currency, locale) });
}
