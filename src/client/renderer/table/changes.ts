// What a `changes` column shows (screens.json, e.g. the audit log's details): the fields of the record before and
// after a change as a person reads them — each field by its label, the old value and the new one; a created record
// (nothing before) or a removed one (nothing after) as its fields. Nested records (a transfer's `from` and `to`)
// show as "From › Available funds". Secrets are never shown, whatever the record holds. Pure: the list component
// (ChangesList.tsx) and the unit tests call the same code.
import { HIDDEN_VALUE, SECRET_FIELD } from '../../../shared/audit.ts';
import { formatAmount } from '../../../shared/money.ts';
import type { Column } from '../descriptors.ts';
import { formatDateTime, formatLabel, valueAt, type FormatContext, type Row } from './format.ts';

/** One line of the list: the field's label and its value, or its old and new values when they differ. */
export interface ChangeLine {
  label: string;
  /** The value, or the new one. */
  value: string;
  /** The old value, when the field changed. */
  before?: string;
}

type Options = NonNullable<Column['changes']>;
type Fields = Map<string, { path: string[]; value: unknown }>;

/** Arrays longer than this show their first items and how many more. */
const LISTED_ITEMS = 10;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A record's fields, nested records flattened to paths. */
function flatten(record: unknown, path: string[] = [], into: Fields = new Map()): Fields {
  if (!isRecord(record)) return into;
  for (const [key, value] of Object.entries(record)) {
    const at = [...path, key];
    if (isRecord(value)) flatten(value, at, into);
    else into.set(at.join('.'), { path: at, value });
  }
  return into;
}

/** `{name}` in a key prefix is the row's field `name`. */
const filled = (prefix: string, row: Row) => prefix.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => String(valueAt(row, name) ?? ''));

/** The first text among the prefixes for the key (as it is, or camelCased: the database's columns are snake_case). */
function firstText(prefixes: readonly string[], key: string, row: Row, { t }: FormatContext): string | undefined {
  for (const prefix of prefixes) {
    for (const candidate of new Set([key, camelCase(key)])) {
      const text = t(`${filled(prefix, row)}.${candidate}`, { defaultValue: '' });
      if (text) return text;
    }
  }
  return undefined;
}

function currencyOf(before: unknown, after: unknown): string | undefined {
  const currency = (isRecord(after) ? after.currency : undefined) ?? (isRecord(before) ? before.currency : undefined);
  return typeof currency === 'string' ? currency : undefined;
}

/** Lists what changed between the row's `changes.before` record and the column's field. */
export function listChanges(column: Column, row: Row, format: FormatContext): ChangeLine[] {
  const options: Options = column.changes ?? { before: 'before' };
  const beforeRecord = valueAt(row, options.before);
  const afterRecord = valueAt(row, column.field);
  const before = flatten(beforeRecord);
  const after = flatten(afterRecord);
  const currency = currencyOf(beforeRecord, afterRecord);
  // `money` and `valueLabels` name fields as the API does (camelCase); the database's snake_case columns match too.
  const money = new Set(options.money ?? []);

  const label = (path: string[]) => path.map((key) => firstText(options.fieldLabels ?? [], key, row, format) ?? key).join(' › ');

  function text(key: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return '—';
    if (Array.isArray(value)) {
      const shown = value.slice(0, LISTED_ITEMS).map((item) => (isRecord(item) ? JSON.stringify(item) : text(key, item)));
      const more = value.length - shown.length;
      return more > 0 ? `${shown.join(', ')} ${format.t('pages:auditChanges.moreItems', { count: more })}` : shown.join(', ');
    }
    // bigint columns arrive as digit strings
    if ((money.has(key) || money.has(camelCase(key))) && (typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value)))) return formatAmount(Number(value), { locale: format.locale, currency });
    const labels = options.valueLabels?.[key] ?? options.valueLabels?.[camelCase(key)];
    if (labels && (typeof value === 'string' || typeof value === 'number')) return firstText(labels, String(value), row, format) ?? String(value);
    if (typeof value === 'boolean') return formatLabel(value, undefined, format.t);
    if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value, format.timeZone);
    return String(value);
  }

  const lines: ChangeLine[] = [];
  for (const [name, { path }] of new Map([...before, ...after])) {
    const key = path[path.length - 1];
    const old = before.get(name);
    const now = after.get(name);
    if (SECRET_FIELD.test(key) || old?.value === HIDDEN_VALUE || now?.value === HIDDEN_VALUE) {
      // Named, never shown: a secret set or changed.
      lines.push({ label: label(path), value: format.t('pages:auditChanges.secretChanged') });
      continue;
    }
    const shown = text(key, (now ?? old)?.value);
    const changed = old && now && JSON.stringify(old.value) !== JSON.stringify(now.value);
    lines.push(changed ? { label: label(path), value: shown, before: text(key, old.value) } : { label: label(path), value: shown });
  }
  return lines;
}
