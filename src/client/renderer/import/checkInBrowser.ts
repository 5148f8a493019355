// Runs the browser's check of a file (importWorker.ts) for the import screen: one worker per file, ended when it
// answers, fails or takes longer than the limit; null means the browser could not tell and the server will.
import type { ImportSpec } from '../../../shared/importTable.ts';
import type { SheetCheck } from './browserCheck.ts';
import type { WorkerAnswer, WorkerRequest } from './importWorker.ts';

/** How long the browser's check may take before the file goes to the server unchecked. */
export const BROWSER_CHECK_TIME_LIMIT_MS = 20_000;
/** As the server's reader: far more text than a real import holds is not the browser's to copy. */
const MAX_TEXT = 20_000_000;

export async function checkInBrowser(file: File, spec: ImportSpec, titles: Record<string, string>, onProgress: (done: number, total: number) => void): Promise<SheetCheck | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const bytes = await file.arrayBuffer();
  return new Promise<SheetCheck | null>((resolve) => {
    const finish = (check: SheetCheck | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(check);
    };
    const timer = setTimeout(() => finish(null), BROWSER_CHECK_TIME_LIMIT_MS);
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.kind === 'progress') onProgress(data.done, data.total);
      else finish(data.kind === 'done' ? data.check : null);
    };
    worker.onerror = () => finish(null);
    const message: WorkerRequest = { bytes, spec, titles, maxText: MAX_TEXT };
    worker.postMessage(message, [bytes]);
  });
}
