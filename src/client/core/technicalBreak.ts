import type { StatusAnswer } from './types.ts';

/** Spec: the app opens only when the status answer has the success flag and no technical break. */
export function isServiceOpen(status: unknown): boolean {
  if (typeof status !== 'object' || status === null) return false;
  const answer = status as StatusAnswer;
  return answer.success === true && answer.isTechnicalBreak !== true;
}
