// How far the server is with an import, for the panel's progress bar (ImportProgress, src/shared/imports.ts): the
// request names its progress with a random id the browser chose, and GET <import>/progress/:progressId answers it
// while the request runs. The id is the key: the route reads no session, because the embedded database is held by
// the import's own transaction while it creates the rows (a session look-up would wait for the end), and what it
// tells (a phase and two counts) is worth less than guessing 132 random bits. Kept in this process's memory: it is a
// courtesy of a few seconds, so an instance that did not take the request answers 404 and the bar stays put.
import { PROGRESS_ID_PATTERN, type ImportPhase, type ImportProgress } from '../../shared/imports.ts';

export type ProgressReport = (phase: ImportPhase, done: number, total: number) => void;

/** The most imports followed at once; beyond it the oldest is forgotten. */
const MAX_ENTRIES = 1_000;
const board = new Map<string, ImportProgress>();

/** Reports of a request that named its progress (form field `progressId`); a no-op when it named none. */
export function progressOf(progressId: string | undefined): { report: ProgressReport; end: () => void } {
  if (!progressId || !PROGRESS_ID_PATTERN.test(progressId)) return { report: () => {}, end: () => {} };
  const key = progressId;
  return {
    report: (phase, done, total) => {
      if (!board.has(key) && board.size >= MAX_ENTRIES) board.delete(board.keys().next().value!);
      board.set(key, { phase, done: Math.min(done, total), total });
    },
    end: () => void board.delete(key),
  };
}

/** The progress of the import named `progressId`, if it is running here. */
export function progressFor(progressId: string): ImportProgress | undefined {
  return board.get(progressId);
}
