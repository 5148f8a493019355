// The Web Worker of the import screen: reads the chosen spreadsheet with the `xlsx` package (which carries
// advisories for crafted files, so never on the page's thread; this worker is ended after one file or when it takes
// too long) into plain rows (src/shared/workbookRows.mjs, as the server's worker does) and checks them
// (browserCheck.ts), telling the page how far it is.
import * as XLSX from 'xlsx';
import { IMPORT_MAX_ROWS } from '../../../shared/imports.ts';
import { knownHeaders, type ImportSpec } from '../../../shared/importTable.ts';
import { workbookRows, type XlsxReader } from '../../../shared/workbookRows.mjs';
import { loadValidators } from '../../core/precompiledValidators.ts';
import { checkSheet, type SheetCheck } from './browserCheck.ts';

export interface WorkerRequest {
  bytes: ArrayBuffer;
  spec: ImportSpec;
  /** Column title key -> its text in the page's language. */
  titles: Record<string, string>;
  maxText: number;
}

export type WorkerAnswer = { kind: 'progress'; done: number; total: number } | { kind: 'done'; check: SheetCheck } | { kind: 'failed' };

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null; postMessage(answer: WorkerAnswer): void };

scope.onmessage = async ({ data: request }) => {
  try {
    const title = (key: string) => request.titles[key] ?? key;
    const headers = [...knownHeaders(request.spec, { title: (_lang, key) => title(key), message: (_lang, code) => code }).keys()];
    const sheet = workbookRows(XLSX as unknown as XlsxReader, new Uint8Array(request.bytes), { maxRows: IMPORT_MAX_ROWS, maxText: request.maxText, headers });
    const { root } = await loadValidators(request.spec.descriptor.form);
    const check = checkSheet(request.spec, sheet, title, root, (done, total) => scope.postMessage({ kind: 'progress', done, total }));
    scope.postMessage({ kind: 'done', check });
  } catch {
    scope.postMessage({ kind: 'failed' });
  }
};
