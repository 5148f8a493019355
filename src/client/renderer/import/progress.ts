// One progress bar over an import's steps: the browser's own check of the file, then the server's reading,
// checking and creating (GET <submit path>/progress/:progressId, ImportProgress in src/shared/imports.ts). Each
// step has its share of the bar; a preview does not create, so its steps share the whole bar.
import { PROGRESS_ID_PATTERN, type ImportPhase, type ImportProgress } from '../../../shared/imports.ts';
import { request } from '../../core/api.ts';

export type ProgressStep = 'browser' | 'sending' | ImportPhase;

/** Where each step starts and ends on the bar, in percent. */
const SHARES: Record<'import' | 'preview', Record<ProgressStep, [number, number]>> = {
  import: { browser: [0, 25], sending: [25, 30], reading: [30, 45], checking: [45, 60], creating: [60, 100] },
  preview: { browser: [0, 40], sending: [40, 50], reading: [50, 70], checking: [70, 100], creating: [100, 100] },
};

export interface BarState {
  step: ProgressStep;
  /** 0 to 100. */
  percent: number;
}

/** The bar's position at `done` of `total` within a step; it never moves back. */
export function barAt(previous: BarState | null, step: ProgressStep, done: number, total: number, preview: boolean): BarState {
  const [from, to] = SHARES[preview ? 'preview' : 'import'][step];
  const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const percent = Math.round(from + (to - from) * fraction);
  return previous && previous.percent > percent ? { step, percent: previous.percent } : { step, percent };
}

/** A fresh id naming a request's progress: 24 characters of 64 kinds, 144 random bits. */
export function newProgressId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const id = Array.from(bytes, (b) => alphabet[b & 63]).join('');
  if (!PROGRESS_ID_PATTERN.test(id)) throw new Error('progress id out of pattern');
  return id;
}

const PHASES: readonly string[] = ['reading', 'checking', 'creating'] satisfies ImportPhase[];

/** An answer of the progress route as the contract has it; anything else is not shown. */
function isProgress(value: unknown): value is ImportProgress {
  const p = value as Partial<ImportProgress> | null;
  return typeof p === 'object' && p !== null && PHASES.includes(String(p.phase)) && Number.isFinite(p.done) && Number.isFinite(p.total);
}

/**
 * Asks the server how far it is with the request named `progressId` every `everyMs` until stopped, one question at a
 * time; answers are passed on, failures (404 before it starts or after it answers, a lost connection) ignored.
 */
export function followProgress(submitPath: string, progressId: string, onProgress: (progress: ImportProgress) => void, everyMs = 400): () => void {
  const stopped = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    try {
      const progress = await request<unknown>('GET', `${submitPath}/progress/${progressId}`, { quiet: true, signal: stopped.signal });
      if (!stopped.signal.aborted && isProgress(progress)) onProgress(progress);
    } catch {
      /* not running there (yet or any more): the bar stays */
    }
    if (!stopped.signal.aborted) timer = setTimeout(ask, everyMs);
  };
  timer = setTimeout(ask, everyMs);
  return () => {
    clearTimeout(timer);
    stopped.abort();
  };
}
