// From a sheet's rows to form bodies: finds the header row (the first row holding a column of the import, in either
// language), maps the file's columns to the import's fields by their headers, reads each cell by its column's kind
// (src/shared/imports.ts) and reports what is missing, in the spreadsheet's own row numbers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { headerKey, readAmountCell, readWallTimeCell, readPhoneCell, cellText, IMPORT_MAX_ROWS, type FileError, type ImportColumn, type ImportDescriptor, type RawCell } from '../../shared/imports.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../shared/validation/phone.ts';
import { normalisePhone } from '../../shared/validation/rules.ts';
import { LANGUAGES, textIn, validationMessage, type Lang } from '../modules/texts.ts';
import type { SheetRow } from './parse.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface LoadedImport {
  descriptor: ImportDescriptor;
  form: { required?: string[]; properties: Record<string, { title?: string }> };
}

/** schemas/imports/<name>.json with its form schema. */
export function loadImport(name: string): LoadedImport {
  const descriptor = JSON.parse(readFileSync(path.join(ROOT, 'schemas/imports', `${name}.json`), 'utf8')) as ImportDescriptor;
  const form = JSON.parse(readFileSync(path.join(ROOT, descriptor.form), 'utf8')) as LoadedImport['form'];
  return { descriptor, form };
}

/** A column's title key: its own, else its form field's. */
export function columnTitle(spec: LoadedImport, column: ImportColumn): string {
  return column.title ?? spec.form.properties[column.field]?.title ?? column.field;
}

export function isRequired(spec: LoadedImport, column: ImportColumn): boolean {
  return (spec.form.required ?? []).includes(column.field);
}

/** Every header a column is known by (its title in each language), as compared. */
export function knownHeaders(spec: LoadedImport): Map<string, ImportColumn> {
  const known = new Map<string, ImportColumn>();
  for (const column of spec.descriptor.columns) {
    for (const lang of LANGUAGES) known.set(headerKey(textIn(lang, columnTitle(spec, column))), column);
    known.set(headerKey(column.field), column);
  }
  return known;
}

export interface ImportRow {
  row: number;
  /** The form body the row makes. */
  data: Record<string, unknown>;
  /** The header each field's column has in the file. */
  headers: Record<string, string>;
}

export interface ReadTable {
  rows: ImportRow[];
  errors: FileError[];
}

function problem(lang: Lang, row: number, code: string, params: Record<string, unknown> = {}, property?: string): FileError {
  return { row, ...(property ? { property } : {}), errors: [{ code, message: validationMessage(lang, code, params) }] };
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

/** The rows of a sheet as form bodies, or the problems of its header. Empty cells leave their field out. */
export function readTable(spec: LoadedImport, sheet: SheetRow[], lang: Lang): ReadTable {
  const known = knownHeaders(spec);
  const headerIndex = sheet.findIndex((r) => r.cells.some((cell) => typeof cell === 'string' && known.has(headerKey(cell))));
  if (headerIndex < 0) {
    const first = sheet[0]?.row ?? 1;
    const missing = spec.descriptor.columns.filter((c) => isRequired(spec, c)).map((c) => textIn(lang, columnTitle(spec, c)));
    return { rows: [], errors: [problem(lang, first, 'MISSING_COLUMNS', { columns: missing.join(', ') })] };
  }
  const header = sheet[headerIndex];
  const positions = new Map<ImportColumn, { index: number; header: string }>();
  header.cells.forEach((cell, index) => {
    if (typeof cell !== 'string') return;
    const column = known.get(headerKey(cell));
    if (column && !positions.has(column)) positions.set(column, { index, header: cell.trim() });
  });
  const missing = spec.descriptor.columns.filter((c) => isRequired(spec, c) && !positions.has(c)).map((c) => textIn(lang, columnTitle(spec, c)));
  if (missing.length) return { rows: [], errors: [problem(lang, header.row, 'MISSING_COLUMNS', { columns: missing.join(', ') })] };
  const data = sheet.slice(headerIndex + 1);
  if (data.length === 0) return { rows: [], errors: [problem(lang, header.row + 1, 'EMPTY_FILE')] };
  if (data.length > IMPORT_MAX_ROWS) return { rows: [], errors: [problem(lang, data[IMPORT_MAX_ROWS].row, 'TOO_MANY_ROWS', { limit: IMPORT_MAX_ROWS })] };
  const rows = data.map((line) => {
    const body: Record<string, unknown> = {};
    const headers: Record<string, string> = {};
    for (const [column, at] of positions) {
      headers[column.field] = at.header;
      const value = readCell(column, line.cells[at.index] ?? null);
      if (value !== undefined && value !== '') body[column.field] = value;
    }
    return { row: line.row, data: body, headers };
  });
  return { rows, errors: [] };
}
