// The browser's quick check of a spreadsheet before it is sent (run in importWorker.ts): the file's sheet mapped to
// rows by the same reading as the server's (src/shared/importTable.ts) and each row checked by the import's form
// schema through its precompiled validator. Only for speed: a file whose headers it cannot place (another
// language's, say) is left to the server, and the server checks every row again whatever this says.
import { duplicatesIn, inFileOrder, readRow, tableLayout, type ImportRow, type ImportSpec, type ImportTexts, type SheetRow } from '../../../shared/importTable.ts';
import { toValidationErrors } from '../../../shared/validation/errors.ts';
import type { PrecompiledValidateFunction } from '../../core/precompiledValidators.ts';

/** A row's problem as the browser found it (a FileError whose messages the page words, in its language). */
export interface RowProblem {
  row: number;
  /** The column's header as the file writes it; absent for a problem of the whole row. */
  property?: string;
  errors: { code: string; params: Record<string, unknown> }[];
}

export type SheetCheck = { mapped: false } | { mapped: true; rows: number; problems: RowProblem[]; numberOfProblems: number };

/** The most problems handed back: as many as the server lists. */
export const MAX_PROBLEMS = 1_000;

/**
 * Checks the sheet's rows; `titles` gives a column title key's text in the page's language (headers of the other
 * language are the server's to place). `progress` hears how many rows are checked, now and then.
 */
export function checkSheet(spec: ImportSpec, sheet: readonly SheetRow[], titles: (key: string) => string, validate: PrecompiledValidateFunction, progress: (done: number, total: number) => void = () => {}): SheetCheck {
  const texts: ImportTexts = { title: (_lang, key) => titles(key), message: (_lang, code) => code };
  const placed = tableLayout(spec, sheet, 'en', texts);
  if ('errors' in placed) return { mapped: false };
  const { data } = placed.layout;
  const found: RowProblem[] = [];
  const rows: ImportRow[] = [];
  for (const [i, line] of data.entries()) {
    const row = readRow(placed.layout, line);
    rows.push(row);
    if (!validate(row.data)) {
      // The message callback carries each problem's parameters out; the page words it.
      for (const entry of toValidationErrors(validate.errors, (_code, params) => JSON.stringify(params))) {
        found.push({
          row: row.row,
          ...(entry.property ? { property: row.headers[entry.property] ?? entry.property } : {}),
          errors: entry.errors.map((e) => ({ code: e.code, params: JSON.parse(e.message) as Record<string, unknown> })),
        });
      }
    }
    if (i % 1_000 === 999) progress(i + 1, data.length);
  }
  // A value of a `unique` column twice, told where the cell is otherwise right (as the server tells it).
  const wrong = new Set(found.map((p) => `${p.row}:${p.property}`));
  for (const d of duplicatesIn(spec, rows, (row, field) => wrong.has(`${row.row}:${row.headers[field]}`)))
    found.push({ row: d.row.row, property: d.row.headers[d.field], errors: [{ code: 'DUPLICATE_IN_FILE', params: { row: d.first } }] });
  progress(data.length, data.length);
  const problems = inFileOrder(spec, rows, found).slice(0, MAX_PROBLEMS);
  const numberOfProblems = found.length;
  return { mapped: true, rows: data.length, problems, numberOfProblems };
}
