// The Web Worker of the import screen: reads the chosen spreadsheet with the `xlsx` package (which carries
// advisories for crafted files, so never on the page's thread; this worker is ended after one file or when it takes
// too long) and checks its rows (workerCheck.ts), telling the page how far it is. Only plain data crosses.
import * as XLSX from 'xlsx';
import type { XlsxReader } from '../../../shared/workbookRows.mjs';
import { loadValidators } from '../../core/precompiledValidators.ts';
import { checkWorkbook, type WorkerAnswer, type WorkerRequest } from './workerCheck.ts';

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null; postMessage(answer: WorkerAnswer): void };

scope.onmessage = async ({ data: request }) => {
  try {
    const check = await checkWorkbook(XLSX as unknown as XlsxReader, request, async (form) => (await loadValidators(form)).root, (done, total) =>
      scope.postMessage({ kind: 'progress', done, total }),
    );
    scope.postMessage({ kind: 'done', check });
  } catch {
    scope.postMessage({ kind: 'failed' });
  }
};
