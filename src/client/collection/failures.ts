// How a failed call reads on the page: field errors under their fields (by the shared validation codes), anything
// else as one message by its server code. A server failure (5xx, no answer) has been told by the page's alert already.
import { ApiError } from '../core/apiError.ts';
import type { Translate } from '../core/textStore.ts';
import { errorText } from './texts.ts';

export interface Failure {
  fields: Record<string, string>;
  message: string | null;
}

export function failureOf(error: unknown, t: Translate, fields: readonly string[] = []): Failure {
  if (!(error instanceof ApiError)) return { fields: {}, message: t('failed', { email: '' }) };
  if (error.handled) return { fields: {}, message: null };
  const known: Record<string, string> = {};
  for (const entry of error.validationErrors ?? []) {
    const first = entry.errors[0];
    if (first && fields.includes(entry.property)) known[entry.property] = t(`validation:${first.code}`, { defaultValue: first.message });
  }
  if (Object.keys(known).length) return { fields: known, message: null };
  return { fields: {}, message: errorText(t, error.code, error.message) };
}
