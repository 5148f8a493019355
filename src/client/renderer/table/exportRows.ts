// The rows an "Export to xlsx" writes, as a pure function of the table's columns and rows: amounts as numbers with
// two decimals (the thousandths rounded as everywhere, src/shared/money.ts), dates and date-times as dates showing
// the wall clock of the customer's zone (as the table does, whatever the zone of the computer opening the file), and
// every other column as the text its cell shows (labels in the user's language). The sheet itself is made in exportXlsx.ts.
import { toInputString } from '../../../shared/money.ts';
import type { Column } from '../descriptors.ts';
import { formatCell, formatDate, formatDateTime, relatedValue, valueAt, type FormatContext, type Row } from './format.ts';

type SheetCell = string | number | Date | null;

export interface SheetData {
  /** The column titles; an amount's title names its currency when the whole column has one (a statement's). */
  header: string[];
  rows: SheetCell[][];
  /** The number format of each column's cells: "0.00" for amounts, a date pattern for dates, none for text. */
  formats: (string | undefined)[];
}

export const MONEY_FORMAT = '0.00';
const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Thousandths as a number with two decimals: 1234560 -> 1234.56; null for what is not an amount. */
export function amountNumber(value: unknown): number | null {
  const thousandths = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(thousandths) ? Number(toInputString(thousandths)) : null;
}

const WALL_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/**
 * A date or date-time value as a Date whose UTC fields are the zone's wall clock (the sheet is written with the
 * library's UTC option, so a cell holds those fields as they are); null when it is not one.
 */
function wallClockDate(value: unknown, timeZone: string, dayOnly = false): Date | null {
  const text = dayOnly ? formatDate(value, timeZone) : formatDateTime(value, timeZone);
  if (!WALL_TIME.test(text)) return null;
  return new Date(`${text.slice(0, 10)}T${text.slice(11) || '00:00:00'}Z`);
}

function cell(column: Column, row: Row, format: FormatContext): SheetCell {
  const value = valueAt(row, column.field);
  switch (column.format) {
    case 'money':
      return amountNumber(value);
    case 'date':
    case 'dateTime':
      return wallClockDate(value, format.timeZone, column.format === 'date');
    default: {
      const text = formatCell(column, row, format);
      return text === '' ? null : text;
    }
  }
}

function formatOf(column: Column): string | undefined {
  if (column.format === 'money') return MONEY_FORMAT;
  if (column.format === 'date') return DATE_FORMAT;
  if (column.format === 'dateTime') return DATE_TIME_FORMAT;
  return undefined;
}

function headerOf(column: Column, format: FormatContext): string {
  const title = format.t(column.title);
  // A currency of the screen's record is that of every row: say it once, in the title.
  if (column.format === 'money' && column.currencyField?.startsWith('record.')) {
    const currency = relatedValue(column.currencyField, {}, format.record);
    if (typeof currency === 'string' && currency) return `${title} (${currency})`;
  }
  return title;
}

export function sheetData(columns: readonly Column[], rows: readonly Row[], format: FormatContext): SheetData {
  return {
    header: columns.map((column) => headerOf(column, format)),
    rows: rows.map((row) => columns.map((column) => cell(column, row, format))),
    formats: columns.map(formatOf),
  };
}

/** The file name of an export: `:name` from the values (route parameters, the period's from and to), safe characters only. */
export function exportFileName(template: string, values: Record<string, string | undefined>): string {
  const filled = template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => values[name] ?? '');
  return `${filled.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'export'}.xlsx`;
}
