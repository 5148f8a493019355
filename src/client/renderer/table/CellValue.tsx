// One value of a row as its column's format shows it.
import { useTranslation } from 'react-i18next';
import type { AmountLocale } from '../../../shared/money.ts';
import { localeOf } from '../../core/language.ts';
import type { Column } from '../descriptors.ts';
import { formatCell, valueAt, type Row } from './format.ts';
import { UsageBar } from './UsageBar.tsx';

const NO_WRAP = new Set(['money', 'date', 'dateTime', 'phone']);

export function useFormatContext() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.resolvedLanguage ?? i18n.language) as AmountLocale;
  return { t, locale };
}

export function CellValue({ column, row }: { column: Column; row: Row }) {
  const context = useFormatContext();
  const text = formatCell(column, row, context);
  if (column.format === 'usage') {
    const max = column.maxField ? valueAt(row, column.maxField) : undefined;
    return <UsageBar value={valueAt(row, column.field)} max={max} label={context.t(column.title)} text={text} />;
  }
  // Dates, amounts and phone numbers read badly when broken over lines.
  return NO_WRAP.has(column.format ?? 'text') ? <span className="cell-nowrap">{text}</span> : <>{text}</>;
}
