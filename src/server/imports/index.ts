// Spreadsheet imports on the server: the upload (upload.ts), its reading in a worker (parse.ts, parseWorker.mjs), the
// rows as form bodies (table.ts), their checks (rows.ts), the template of an import (template.ts) and its progress
// (progress.ts). An area builds its import route from these and writes the rows itself (areas/recipients/import.ts).
import type { FastifyInstance } from 'fastify';
import { headerKey, PROGRESS_ID_PATTERN, type FileError } from '../../shared/imports.ts';
import { duplicatesIn } from '../../shared/importTable.ts';
import { AppError, ValidationFailure } from '../errors.ts';
import type { Lang } from '../platform/texts.ts';
import { loadSchema, serverMessage } from '../validation.ts';
import { fileResponse } from '../toolkit/response.ts';
import { Pacer } from '../platform/eventLoop.ts';
import { parseSpreadsheet, UnreadableFile, type SheetRow } from './parse.ts';
import { progressFor, type ProgressReport } from './progress.ts';
import { fileHash, recentFile } from './recentFiles.ts';
import { cellProblem, rowChecker } from './rows.ts';
import { knownHeaders, readTable, type ImportRow, type LoadedImport } from './table.ts';

export { readUpload } from './upload.ts';
export { importTemplate } from './template.ts';
export { loadImport, type ImportRow, type LoadedImport } from './table.ts';
export { progressOf, type ProgressReport } from './progress.ts';

/** The answer of an import request: a dry run's preview, or what was created (ImportAnswer). */
export const importAnswer = loadSchema('responses/import-answer');

/** The answer of an import's template route: the xlsx workbook (template.ts). */
export const importTemplateResponse = { 200: fileResponse('The import\'s template: an xlsx workbook with its columns\' headers and an example row.') };

/** A file ready for an import's checks against the database: its rows, those its form accepts, the problems. */
export interface PreparedFile {
  /** Every data row, as a form body. */
  rows: ImportRow[];
  /** The rows the import's form schema accepts (tidied as a request body is) and that repeat no unique value. */
  valid: ImportRow[];
  /** The problems of its header, or of its rows by the form schema. */
  errors: FileError[];
}

/**
 * The file read (in the worker), mapped to rows and checked by the import's form schema and its `unique` columns,
 * the event loop turning as it goes; a file that is no readable workbook is a 400. Kept for the file's next request (recentFiles.ts).
 */
export function prepareImportFile(spec: LoadedImport, bytes: Uint8Array, lang: Lang, report: ProgressReport = () => {}): Promise<PreparedFile> {
  return recentFile(`${spec.descriptor.form}:${lang}:${fileHash(bytes)}`, async () => {
    let sheet: SheetRow[];
    try {
      report('reading', 0, 1);
      sheet = await parseSpreadsheet(bytes, [...knownHeaders(spec).keys()].map(headerKey));
      report('reading', 1, 1);
    } catch (error) {
      if (error instanceof UnreadableFile) throw new ValidationFailure([{ property: 'file', errors: [{ code: 'FILE_FORMAT_INVALID', message: serverMessage('FILE_FORMAT_INVALID', {}) }] }]);
      throw error;
    }
    const table = await readTable(spec, sheet, lang);
    if (table.errors.length) return { rows: [], valid: [], errors: table.errors };
    const check = rowChecker(spec, lang);
    const valid: ImportRow[] = [];
    const errors: FileError[] = [];
    const pace = new Pacer();
    for (const [i, row] of table.rows.entries()) {
      const problems = check(row);
      if (problems.length) for (const problem of problems) errors.push(problem);
      else valid.push(row);
      if (pace.due()) {
        report('checking', i, table.rows.length);
        await pace.turn();
      }
    }
    // A value of a `unique` column twice in the file, told on every row whose cell is otherwise right.
    const wrong = new Set(errors.map((e) => `${e.row}:${e.property}`));
    const duplicates = duplicatesIn(spec, table.rows, (row, field) => wrong.has(`${row.row}:${row.headers[field]}`));
    if (duplicates.length === 0) return { rows: table.rows, valid, errors };
    for (const d of duplicates) errors.push(cellProblem(lang, d.row, d.field, 'DUPLICATE_IN_FILE', { row: d.first }));
    const repeated = new Set(duplicates.map((d) => d.row));
    return { rows: table.rows, valid: valid.filter((row) => !repeated.has(row)), errors };
  });
}

/** GET {prefix}/fromFile/progress/:progressId: how far the running import of that id is (404 otherwise); see progress.ts. */
export function progressRoute(app: FastifyInstance): void {
  app.get<{ Params: { progressId: string } }>(
    '/fromFile/progress/:progressId',
    {
      config: { public: true },
      schema: {
        params: { type: 'object', required: ['progressId'], properties: { progressId: { type: 'string', pattern: PROGRESS_ID_PATTERN.source } } },
        response: { 200: loadSchema('responses/import-progress') },
      },
    },
    async (request) => {
      const progress = progressFor(request.params.progressId);
      if (!progress) throw new AppError(404, 'NOT_FOUND');
      return progress;
    },
  );
}
