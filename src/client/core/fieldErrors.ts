// Maps a server error onto the form fields it belongs to, in the user's language.
import { ApiError } from './apiError.ts';

export type FieldErrors = Record<string, string>;
export type Translate = (key: string, options?: { defaultValue?: string }) => string;

/** Text for a single-error code: errors namespace first, the server's English message as a fallback. */
export function errorMessage(t: Translate, code: string | undefined, fallback?: string): string {
  if (!code) return fallback ?? '';
  return t(`errors:${code}`, { defaultValue: fallback ?? code });
}

/** Text for a validation code (validation namespace), falling back to the server's message, then to the code. */
export function validationMessage(t: Translate, code: string, fallback?: string): string {
  if (!code) return fallback ?? '';
  return t(`validation:${code}`, { defaultValue: fallback || code });
}

export interface FieldMapping {
  /** Which field shows a given single-error code. */
  codeFields?: Record<string, string>;
  /** Where any other single-error code goes; without it such errors are not mappable. */
  defaultField?: string;
}

/**
 * Field errors for a failed call, or null when the error says nothing a form can show
 * (such errors go to the error boundary).
 */
export function fieldErrorsFrom(error: unknown, t: Translate, mapping: FieldMapping = {}): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  if (error.validationErrors?.length) {
    const result: FieldErrors = {};
    for (const { property, errors } of error.validationErrors) {
      const lines = errors.map((item) => validationMessage(t, item.code, item.message)).filter(Boolean);
      if (!lines.length) continue;
      result[property] = result[property] ? `${result[property]}\n${lines.join('\n')}` : lines.join('\n');
    }
    return result;
  }
  if (error.code) {
    const field = mapping.codeFields?.[error.code] ?? mapping.defaultField;
    if (!field) return null;
    return { [field]: errorMessage(t, error.code, error.message) };
  }
  return null;
}

/**
 * Errors for properties the form does not show are moved to a field that is shown, so that no
 * message is lost silently.
 */
export function foldIntoVisibleFields(errors: FieldErrors, visible: readonly string[], fallbackField: string): FieldErrors {
  const result: FieldErrors = {};
  // A field's own messages come first, moved ones after them.
  const entries = Object.entries(errors).sort(([a], [b]) => Number(!visible.includes(a)) - Number(!visible.includes(b)));
  for (const [property, message] of entries) {
    const target = visible.includes(property) ? property : fallbackField;
    result[target] = result[target] ? `${result[target]}\n${message}` : message;
  }
  return result;
}
