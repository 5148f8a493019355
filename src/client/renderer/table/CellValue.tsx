// One value of a row as its column's format shows it. A cell holds no hooks: the table reads the
// translation function, locale and time zone once (useFormatContext) and hands them to every cell, because a
// hook per cell (hundreds on a page of 50 rows) was most of the cost of showing the rows.
import { useMemo, type ReactNode } from 'react';
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AmountLocale } from '../../../shared/money.ts';
import { localeOf } from '../../core/language.ts';
import { usePanelTimeZone } from '../../core/timeZone.ts';
import type { Column } from '../descriptors.ts';
import { formatCell, valueAt, type FormatContext, type Row } from './format.ts';
import { changesCell } from './changesCell.tsx';
import { UsageBar } from './UsageBar.tsx';

const NO_WRAP = new Set(['money', 'date', 'dateTime', 'phone']);

/**
 * For the table, once: a context that stays the same object while the texts the table shows stay the same, so rows
 * do not re-render when another namespace of the language arrives (the rest loads in the background after the first
 * screen); it changes only with the language or when one of `namespaces` comes in. Its `t` is the instance's own,
 * which reads the current texts whenever it is called: the hook's `t` copies its options on every call, and a page of
 * 50 rows makes hundreds of calls.
 */
export function useFormatContext(namespaces: readonly string[], record?: Row): FormatContext {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const locale = localeOf(language) as AmountLocale;
  const loaded = namespaces.map((ns) => (i18n.hasResourceBundle(language, ns) ? 1 : 0)).join('');
  const timeZone = usePanelTimeZone();
  const t = useMemo<FormatContext['t']>(() => (key, values) => i18n.t(key, values as TOptions) as string, [i18n]);
  // `language` and `loaded` are what make the texts change: they renew the context.
  return useMemo(() => ({ t, locale, timeZone, record }), [t, language, locale, loaded, timeZone, record]);
}

/** The namespaces i18n keys name (`ns:key`), and the default one for keys without a prefix. */
export function namespacesOf(keys: readonly (string | undefined)[], defaultNamespace = 'common'): string[] {
  const found = new Set<string>([defaultNamespace]);
  for (const key of keys) {
    const colon = key?.indexOf(':') ?? -1;
    if (key && colon > 0) found.add(key.slice(0, colon));
  }
  return [...found].sort();
}

/** The class of the cell holding a column's values: dates, amounts and phone numbers read badly when broken over lines. */
export function cellClass(column: Column): string | undefined {
  return NO_WRAP.has(column.format ?? 'text') ? 'cell-nowrap' : undefined;
}

/**
 * A value as its column shows it, for the cell (with cellClass) to hold. A plain function rather than a component:
 * a page of 50 rows has hundreds of cells, and each component is one more thing React makes and keeps.
 */
export function cellValue(column: Column, row: Row, format: FormatContext): ReactNode {
  if (column.format === 'changes') return changesCell(column, row, format);
  const text = formatCell(column, row, format);
  if (column.format === 'json') return text ? <pre className="cell-json">{text}</pre> : text;
  if (column.format === 'usage') {
    const max = column.maxField ? valueAt(row, column.maxField) : undefined;
    return <UsageBar value={valueAt(row, column.field)} max={max} label={format.t(column.title)} text={text} />;
  }
  const tone = column.tones?.[String(valueAt(row, column.field))];
  return tone ? <span className={`tone tone-${tone}`}>{text}</span> : text;
}
