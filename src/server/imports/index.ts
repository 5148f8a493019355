// Spreadsheet imports on the server: the upload (upload.ts), its reading in a worker (parse.ts, parseWorker.mjs), the
// rows as form bodies (table.ts), their checks (rows.ts), and the template of an import (template.ts). An area
// builds its import route from these and writes the rows itself (areas/recipients/import.ts).
import { headerKey } from '../../shared/imports.ts';
import { ValidationFailure } from '../errors.ts';
import type { Lang } from '../modules/texts.ts';
import { serverMessage } from '../validation.ts';
import { parseSpreadsheet, UnreadableFile } from './parse.ts';
import { knownHeaders, readTable, type LoadedImport, type ReadTable } from './table.ts';

export { readUpload, type Upload } from './upload.ts';
export { importTemplate } from './template.ts';
export { loadImport, type ImportRow, type LoadedImport } from './table.ts';

/** The file's rows as form bodies, or its header's problems; a file that is no readable workbook is a 400. */
export async function readImportFile(spec: LoadedImport, bytes: Uint8Array, lang: Lang): Promise<ReadTable> {
  try {
    const sheet = await parseSpreadsheet(bytes, [...knownHeaders(spec).keys()].map(headerKey));
    return readTable(spec, sheet, lang);
  } catch (error) {
    if (error instanceof UnreadableFile) throw new ValidationFailure([{ property: 'file', errors: [{ code: 'FILE_FORMAT_INVALID', message: serverMessage('FILE_FORMAT_INVALID', {}) }] }]);
    throw error;
  }
}
