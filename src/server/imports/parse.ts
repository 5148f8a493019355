// Reads an uploaded spreadsheet in a worker thread (parseWorker.mjs), so a large or crafted file never blocks the
// server's event loop or takes its memory: the worker has a heap limit and a time limit, and only plain values come
// back. A file that is not a workbook, or that the worker cannot read within its limits, is refused as
// FILE_FORMAT_INVALID.
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_ROWS } from '../../shared/imports.ts';
import type { SheetRow } from '../../shared/importTable.ts';
import { looksLikeXlsx } from '../../shared/workbookRows.mjs';

/** How long one file may take to read, and how much memory its reading may use. */
const PARSE_TIME_LIMIT_MS = 30_000;
const PARSE_MEMORY_LIMIT_MB = 512;
/** The most characters of text a file's rows may hold (a real 2 MB import holds a few million). */
const PARSE_TEXT_LIMIT = 20_000_000;

export type { SheetRow } from '../../shared/importTable.ts';

export class UnreadableFile extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableFile';
  }
}

/** The first sheet's non-empty rows that holds one of `headers` (compared by headerKey), or the first sheet's. */
export function parseSpreadsheet(bytes: Uint8Array, headers: readonly string[], maxRows = IMPORT_MAX_ROWS): Promise<SheetRow[]> {
  if (!looksLikeXlsx(bytes)) return Promise.reject(new UnreadableFile('not an xlsx file'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parseWorker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: PARSE_MEMORY_LIMIT_MB, maxYoungGenerationSizeMb: 64 },
      // The server's loader flags are for TypeScript; the worker is plain JavaScript.
      execArgv: [],
    });
    let settled = false;
    const finish = (work: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      work();
    };
    const timer = setTimeout(() => finish(() => reject(new UnreadableFile('took too long'))), PARSE_TIME_LIMIT_MS);
    const rows: SheetRow[] = [];
    worker.on('message', (answer: { ok: true; rows: SheetRow[]; last: boolean } | { ok: false; message: string }) => {
      if (!answer.ok) return finish(() => reject(new UnreadableFile(answer.message)));
      for (const row of answer.rows) rows.push(row);
      if (answer.last) finish(() => resolve(rows));
      // The next part once the event loop has turned (see parseWorker.mjs).
      else setImmediate(() => !settled && worker.postMessage('next'));
    });
    worker.on('error', (error: Error) => finish(() => reject(new UnreadableFile(error.message))));
    worker.on('exit', () => finish(() => reject(new UnreadableFile('the reader stopped'))));
    // A copy of exactly the file's bytes (a Buffer may be a view into a larger shared pool), handed over whole.
    const copy = new Uint8Array(bytes).buffer;
    worker.postMessage({ bytes: copy, maxRows, maxText: PARSE_TEXT_LIMIT, headers }, [copy]);
  });
}
