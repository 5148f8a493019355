// What the import screen's Web Worker does with a file (importWorker.ts only wires it to its messages, so this runs
// in Node's tests too): the workbook read into plain rows as the server's worker reads it (src/shared/workbookRows.mjs,
// the same headers choosing the sheet), the rows checked (browserCheck.ts) by the form's precompiled validator.
import { IMPORT_MAX_ROWS } from '../../../shared/imports.ts';
import { knownHeaders, type ImportLang, type ImportSpec } from '../../../shared/importTable.ts';
import { provideBrowserPhoneRule } from '../../../shared/validation/browser-phone-rule.ts';
import { isPhone } from '../../../shared/validation/phone-max.ts';
import { looksLikeXlsx, workbookRows, type XlsxReader } from '../../../shared/workbookRows.mjs';
import type { PrecompiledValidateFunction } from '../../core/precompiledValidators.ts';
import { checkSheet, checkTexts, type SheetCheck } from './browserCheck.ts';
import type { ColumnTitles } from './columnTitles.ts';

/** What the page sends the worker: the file's bytes and what the check needs, all plain data. */
export interface WorkerRequest {
  bytes: ArrayBuffer;
  spec: ImportSpec;
  titles: ColumnTitles;
  /** The page's language: the missing columns are named in it. */
  lang: ImportLang;
  /** The most characters of text the file's rows may hold (as the server's reader). */
  maxText: number;
}

/** What the worker answers: progress now and then, then the check, or that it could not tell. */
export type WorkerAnswer = { kind: 'progress'; done: number; total: number } | { kind: 'done'; check: SheetCheck } | { kind: 'failed' };

/**
 * Checks a workbook; throws when the file is none, or holds too much text. The phone format is judged by the
 * server's rule (complete metadata, which the shared reading carries anyway to write numbers in international
 * form): the page's lighter rule loads with the phone input only.
 */
export async function checkWorkbook(
  XLSX: XlsxReader,
  request: WorkerRequest,
  validatorOf: (form: string) => Promise<PrecompiledValidateFunction>,
  progress: (done: number, total: number) => void = () => {},
): Promise<SheetCheck> {
  const bytes = new Uint8Array(request.bytes);
  // Anything else the server refuses unread, and so does this.
  if (!looksLikeXlsx(bytes)) throw new Error('not an xlsx file');
  provideBrowserPhoneRule(isPhone);
  const headers = [...knownHeaders(request.spec, checkTexts(request.titles)).keys()];
  const sheet = workbookRows(XLSX, bytes, { maxRows: IMPORT_MAX_ROWS, maxText: request.maxText, headers });
  const validate = await validatorOf(request.spec.descriptor.form);
  return checkSheet(request.spec, sheet, request.titles, request.lang, validate, progress);
}
