// From a sheet's rows to form bodies, the one place for it on both sides (the server's authoritative check and the
// browser's quick one): finds the header row (the first row holding a column of the import, in either language),
// maps the file's columns to the import's fields by their headers, reads each cell by its column's kind
// (imports.ts) and reports what is missing, in the spreadsheet's own row numbers. The texts come from the caller.
import { DEFAULT_PHONE_COUNTRY } from './validation/phone.ts';
import { normalisePhone } from './validation/rules.ts';
import { cellText, headerKey, IMPORT_MAX_ROWS, readAmountCell, readPhoneCell, readWallTimeCell, type FileError, type ImportColumn, type ImportDescriptor, type RawCell } from './imports.ts';

export const IMPORT_LANGUAGES = ['en', 'pl'] as const;
export type ImportLang = (typeof IMPORT_LANGUAGES)[number];

/** An import's descriptor with its form schema. */
export interface ImportSpec {
  descriptor: ImportDescriptor;
  form: { required?: string[]; properties: Record<string, { title?: string }> };
}

/** The words an import's reading needs, in the caller's catalogue: a text key's text, a problem's message. */
export interface ImportTexts {
  title(lang: ImportLang, key: string): string;
  message(lang: ImportLang, code: string, params: Record<string, unknown>): string;
}

/** A row of the sheet as read from the file: its spreadsheet row number (1 = the first) and its cells. */
export interface SheetRow {
  row: number;
  cells: RawCell[];
}

export interface ImportRow {
  row: number;
  /** The form body the row makes. */
  data: Record<string, unknown>;
  /** The header each field's column has in the file (one object shared by all rows of a file). */
  headers: Record<string, string>;
}

/** Where the file keeps each column: its header row and, per column of the import, the cell's index and header. */
export interface TableLayout {
  headerRow: number;
  /** The data rows: the sheet's rows below the header. */
  data: SheetRow[];
  positions: [ImportColumn, number][];
  headers: Record<string, string>;
}

/** A column's title key: its own, else its form field's. */
export function columnTitle(spec: ImportSpec, column: ImportColumn): string {
  return column.title ?? spec.form.properties[column.field]?.title ?? column.field;
}

export function isRequired(spec: ImportSpec, column: ImportColumn): boolean {
  return (spec.form.required ?? []).includes(column.field);
}

/** Every header a column is known by (its title in each language, its field's name), as compared. */
export function knownHeaders(spec: ImportSpec, texts: ImportTexts): Map<string, ImportColumn> {
  const known = new Map<string, ImportColumn>();
  for (const column of spec.descriptor.columns) {
    for (const lang of IMPORT_LANGUAGES) known.set(headerKey(texts.title(lang, columnTitle(spec, column))), column);
    known.set(headerKey(column.field), column);
  }
  return known;
}

function problem(texts: ImportTexts, lang: ImportLang, row: number, code: string, params: Record<string, unknown> = {}): FileError {
  return { row, errors: [{ code, message: texts.message(lang, code, params) }] };
}

/** How far down the header is looked for (the worker chooses the sheet by its first 20 rows too). */
const HEADER_SEARCH_ROWS = 20;

/** The file's layout, or the problem of its header (no known column, a required one missing, no rows, too many). */
export function tableLayout(spec: ImportSpec, sheet: readonly SheetRow[], lang: ImportLang, texts: ImportTexts): { layout: TableLayout } | { errors: FileError[] } {
  const known = knownHeaders(spec, texts);
  // The header is the row naming most columns among the first rows: above it stand titles, or the upper row of a
  // header of two rows (its merged cells repeated on both, workbookRows.mjs).
  const knownIn = (r: SheetRow) => r.cells.filter((cell) => typeof cell === 'string' && known.has(headerKey(cell))).length;
  let headerIndex = -1;
  sheet.slice(0, HEADER_SEARCH_ROWS).forEach((r, i) => {
    if (knownIn(r) > (headerIndex < 0 ? 0 : knownIn(sheet[headerIndex]))) headerIndex = i;
  });
  const missingOf = (present: (c: ImportColumn) => boolean) =>
    spec.descriptor.columns
      .filter((c) => isRequired(spec, c) && !present(c))
      .map((c) => texts.title(lang, columnTitle(spec, c)))
      .join(', ');
  if (headerIndex < 0) return { errors: [problem(texts, lang, sheet[0]?.row ?? 1, 'MISSING_COLUMNS', { columns: missingOf(() => false) })] };
  const header = sheet[headerIndex];
  const found = new Map<ImportColumn, number>();
  const headers: Record<string, string> = {};
  header.cells.forEach((cell, index) => {
    if (typeof cell !== 'string') return;
    const column = known.get(headerKey(cell));
    if (column && !found.has(column)) {
      found.set(column, index);
      headers[column.field] = cell.trim();
    }
  });
  const missing = missingOf((c) => found.has(c));
  if (missing) return { errors: [problem(texts, lang, header.row, 'MISSING_COLUMNS', { columns: missing })] };
  const data = sheet.slice(headerIndex + 1);
  if (data.length === 0) return { errors: [problem(texts, lang, header.row + 1, 'EMPTY_FILE')] };
  if (data.length > IMPORT_MAX_ROWS) return { errors: [problem(texts, lang, data[IMPORT_MAX_ROWS].row, 'TOO_MANY_ROWS', { limit: IMPORT_MAX_ROWS })] };
  return { layout: { headerRow: header.row, data, positions: [...found], headers } };
}

function readCell(column: ImportColumn, value: RawCell): unknown {
  switch (column.kind) {
    case 'phone': {
      // As the phone input gives it: in international form, a number without a country code read as Polish.
      const text = readPhoneCell(value);
      return normalisePhone(text, DEFAULT_PHONE_COUNTRY) ?? text;
    }
    case 'amount':
      // An unreadable amount stays text: the form's check names it.
      return value === null || cellText(value) === '' ? undefined : (readAmountCell(value) ?? cellText(value));
    case 'date':
    case 'endDate':
      // As the form writes it, a wall-clock time of the customer's zone; unreadable text stays for the form's check.
      return value === null || cellText(value) === '' ? undefined : (readWallTimeCell(value, column.kind === 'endDate') ?? cellText(value));
    case 'currency':
      return cellText(value).toUpperCase();
    default:
      return cellText(value);
  }
}

/** One data row as a form body: empty cells leave their field out. */
export function readRow(layout: TableLayout, line: SheetRow): ImportRow {
  const data: Record<string, unknown> = {};
  for (const [column, index] of layout.positions) {
    const value = readCell(column, line.cells[index] ?? null);
    if (value !== undefined && value !== '') data[column.field] = value;
  }
  return { row: line.row, data, headers: layout.headers };
}

/** A value of a `unique` column seen before in the file: the row, the field and the row that had it first. */
export interface Duplicate {
  row: ImportRow;
  field: string;
  first: number;
}

/**
 * The repeated values of the import's `unique` columns, in file order; `skip` leaves out a cell whose value is wrong
 * anyway (the form's problem is told for it instead).
 */
export function duplicatesIn(spec: ImportSpec, rows: readonly ImportRow[], skip: (row: ImportRow, field: string) => boolean = () => false): Duplicate[] {
  const found: Duplicate[] = [];
  for (const column of spec.descriptor.columns) {
    if (!column.unique) continue;
    const firstRowOf = new Map<unknown, number>();
    for (const row of rows) {
      const value = row.data[column.field];
      if (value === undefined || skip(row, column.field)) continue;
      const first = firstRowOf.get(value);
      if (first === undefined) firstRowOf.set(value, row.row);
      else found.push({ row, field: column.field, first });
    }
  }
  return found.sort((a, b) => a.row.row - b.row.row);
}

/** Problems in the file's order: by row, then by the import's column order (a row's own problems first). */
export function inFileOrder<E extends Pick<FileError, 'row' | 'property'>>(spec: ImportSpec, rows: readonly ImportRow[], errors: E[]): E[] {
  const fieldOf = new Map(Object.entries(rows[0]?.headers ?? {}).map(([field, header]) => [header, field]));
  const order = new Map(spec.descriptor.columns.map((column, index) => [column.field, index]));
  const rank = (error: E) => (error.property === undefined ? -1 : (order.get(fieldOf.get(error.property) ?? error.property) ?? order.size));
  return [...errors].sort((a, b) => a.row - b.row || rank(a) - rank(b));
}
