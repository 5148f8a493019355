// Checks an import's rows against their form schema with the server's own body validator (the shared ajv setup,
// the same tidying as a request), and words each problem in the user's language under the column's header as the
// file has it.
import { toValidationErrors } from '../../shared/validation/errors.ts';
import type { FileError } from '../../shared/imports.ts';
import { inFileOrder as inFileOrderOf, type ImportRow } from '../../shared/importTable.ts';
import { validationMessage, type Lang } from '../platform/texts.ts';
import { compileBodyValidator } from '../validation.ts';
import type { LoadedImport } from './table.ts';

export type RowCheck = (row: ImportRow) => FileError[];

const validators = new WeakMap<LoadedImport, ReturnType<typeof compileBodyValidator>>();

/** The check of a row by the import's form schema; it tidies the row's data as a request body is. */
export function rowChecker(spec: LoadedImport, lang: Lang): RowCheck {
  let validate = validators.get(spec);
  if (!validate) validators.set(spec, (validate = compileBodyValidator(spec.form as Record<string, unknown>)));
  const check = validate;
  return (row) => {
    if (check(row.data)) return [];
    return toValidationErrors(check.errors, (code, params) => validationMessage(lang, code, params)).map((entry) => ({
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
export const inFileOrder: (spec: LoadedImport, rows: readonly ImportRow[], errors: FileError[]) => FileError[] = inFileOrderOf;
