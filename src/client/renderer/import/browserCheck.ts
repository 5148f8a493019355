// The browser's quick check of a spreadsheet before it is sent (run in importWorker.ts): the file's sheet mapped to
// rows by the same reading as the server's (src/shared/importTable.ts, headers known in both languages), each row
// checked by the import's form schema through its precompiled validator, and values of `unique` columns repeated.
// Only for speed: the server checks every row again whatever this says.
import { duplicatesIn, inFileOrder, readRow, tableLayout, type ImportLang, type ImportRow, type ImportSpec, type ImportTexts, type SheetRow } from '../../../shared/importTable.ts';
import { toValidationErrors } from '../../../shared/validation/errors.ts';
import type { PrecompiledValidateFunction } from '../../core/precompiledValidators.ts';
import type { ColumnTitles } from './columnTitles.ts';

/** A problem as the browser found it: a FileError whose messages the page words in its language. */
interface RowProblem {
  row: number;
  /** The column's header as the file writes it; absent for a problem of the whole row or file. */
  property?: string;
  errors: { code: string; params: Record<string, unknown> }[];
}

export interface SheetCheck {
  /** The data rows of the file (0 when its header has a problem). */
  rows: number;
  /** The first MAX_PROBLEMS problems, in file order. */
  problems: RowProblem[];
  numberOfProblems: number;
}

/** The most problems handed back: as many as the server lists. */
export const MAX_PROBLEMS = 1_000;

/** Rows checked between two reports of progress. */
const PROGRESS_EVERY = 500;

/**
 * The reading's texts: column titles from `titles`, and each problem's parameters in place of its message (the page
 * words it, in its language, from the validation catalogue).
 */
export function checkTexts(titles: ColumnTitles): ImportTexts {
  return { title: (lang, key) => titles[lang][key] ?? key, message: (_lang, _code, params) => JSON.stringify(params) };
}

const problemOf = (code: string, message: string) => ({ code, params: JSON.parse(message) as Record<string, unknown> });

/**
 * Checks the sheet's rows; `lang` is the page's language (the missing columns are named in it). `progress` hears
 * how many rows are checked, now and then, and at the end.
 */
export function checkSheet(
  spec: ImportSpec,
  sheet: readonly SheetRow[],
  titles: ColumnTitles,
  lang: ImportLang,
  validate: PrecompiledValidateFunction,
  progress: (done: number, total: number) => void = () => {},
): SheetCheck {
  const texts = checkTexts(titles);
  const placed = tableLayout(spec, sheet, lang, texts);
  if ('errors' in placed) {
    const problems = placed.errors.map((e) => ({ row: e.row, errors: e.errors.map((x) => problemOf(x.code, x.message)) }));
    return { rows: 0, problems, numberOfProblems: problems.length };
  }
  const { data } = placed.layout;
  const found: RowProblem[] = [];
  const rows: ImportRow[] = [];
  for (const [i, line] of data.entries()) {
    const row = readRow(placed.layout, line);
    rows.push(row);
    if (!validate(row.data)) {
      for (const entry of toValidationErrors(validate.errors, (_code, params) => JSON.stringify(params))) {
        found.push({
          row: row.row,
          ...(entry.property ? { property: row.headers[entry.property] ?? entry.property } : {}),
          errors: entry.errors.map((e) => problemOf(e.code, e.message)),
        });
      }
    }
    if (i % PROGRESS_EVERY === PROGRESS_EVERY - 1) progress(i + 1, data.length);
  }
  // A value of a `unique` column twice, told where the cell is otherwise right (as the server tells it).
  const wrong = new Set(found.map((p) => `${p.row}:${p.property}`));
  for (const d of duplicatesIn(spec, rows, (row, field) => wrong.has(`${row.row}:${row.headers[field]}`)))
    found.push({ row: d.row.row, property: d.row.headers[d.field], errors: [{ code: 'DUPLICATE_IN_FILE', params: { row: d.first } }] });
  progress(data.length, data.length);
  return { rows: data.length, problems: inFileOrder(spec, rows, found).slice(0, MAX_PROBLEMS), numberOfProblems: found.length };
}
