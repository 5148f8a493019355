// Checks an import's rows against their form schema with the server's own body validator (the shared ajv setup,
// the same tidying as a request), and words each problem in the user's language under the column's header as the
// file has it.
import { toValidationErrors } from '../../shared/validation/errors.ts';
import type { FileError } from '../../shared/imports.ts';
import { validationMessage, type Lang } from '../modules/texts.ts';
import { compileBodyValidator } from '../validation.ts';
import type { ImportRow, LoadedImport } from './table.ts';

export type RowCheck = (row: ImportRow) => FileError[];

/** The check of a row by the import's form schema; it tidies the row's data as a request body is. */
export function rowChecker(spec: LoadedImport, lang: Lang): RowCheck {
  const validate = compileBodyValidator(spec.form as Record<string, unknown>);
  return (row) => {
    if (validate(row.data)) return [];
    return toValidationErrors(validate.errors, (code, params) => validationMessage(lang, code, params)).map((entry) => ({
      row: row.row,
      ...(entry.property ? { property: row.headers[entry.property] ?? entry.property } : {}),
      errors: entry.errors,
    }));
  };
}

/** A row problem of one column. */
export function cellProblem(lang: Lang, row: ImportRow, field: string, code: string, params: Record<string, unknown> = {}): FileError {
  return { row: row.row, property: row.headers[field] ?? field, errors: [{ code, message: validationMessage(lang, code, params) }] };
}

/** Problems in the file's order: by row, then by the import's column order (a row's own problems first). */
export function inFileOrder(spec: LoadedImport, rows: readonly ImportRow[], errors: FileError[]): FileError[] {
  const fieldOf = new Map(Object.entries(rows[0]?.headers ?? {}).map(([field, header]) => [header, field]));
  const order = new Map(spec.descriptor.columns.map((column, index) => [column.field, index]));
  const rank = (error: FileError) => (error.property === undefined ? -1 : (order.get(fieldOf.get(error.property) ?? error.property) ?? order.size));
  return [...errors].sort((a, b) => a.row - b.row || rank(a) - rank(b));
}
