// Runs the browser's check of a file (importWorker.ts) for the import screen: one worker per file, ended when it
// answers, fails, takes longer than the limit or the screen no longer wants it; null means the browser could not
// tell, and the server will.
import type { ImportLang, ImportSpec } from '../../../shared/importTable.ts';
import type { SheetCheck } from './browserCheck.ts';
import type { ColumnTitles } from './columnTitles.ts';
import type { WorkerAnswer, WorkerRequest } from './workerCheck.ts';

/** How long the browser's check may take before the file goes to the server unchecked. */
const BROWSER_CHECK_TIME_LIMIT_MS = 20_000;
/** As the server's reader: far more text than a real import holds is not the browser's to copy. */
const MAX_TEXT = 20_000_000;

export interface BrowserCheckInput {
  spec: ImportSpec;
  titles: ColumnTitles;
  lang: ImportLang;
}

export async function checkInBrowser(file: File, input: BrowserCheckInput, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<SheetCheck | null> {
  let bytes: ArrayBuffer;
  let worker: Worker;
  try {
    bytes = await file.arrayBuffer();
    if (signal?.aborted) return null;
    worker = new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  return new Promise<SheetCheck | null>((resolve) => {
    const finish = (check: SheetCheck | null) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      worker.terminate();
      resolve(check);
    };
    const abort = () => finish(null);
    const timer = setTimeout(abort, BROWSER_CHECK_TIME_LIMIT_MS);
    signal?.addEventListener('abort', abort);
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.kind === 'progress') onProgress(data.done, data.total);
      else finish(data.kind === 'done' ? data.check : null);
    };
    // The worker's script could not load or it failed: the server checks the file alone.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(null);
    };
    worker.onmessageerror = abort;
    const message: WorkerRequest = { bytes, ...input, maxText: MAX_TEXT };
    worker.postMessage(message, [bytes]);
  });
}
