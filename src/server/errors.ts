// Single-message errors of the API: `{ code, message }` with the English text of locales/en/errors.json.
// The client shows its own translation by code.
import messages from '../../locales/en/errors.json' with { type: 'json' };
import { serverMessage } from './validation.ts';
import type { ErrorBody, PropertyErrors, ValidationErrorsBody } from '../shared/validation/errors.ts';

export type ErrorCode = keyof typeof messages;

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(messages[code]);
  }

  toJSON(): ErrorBody & Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');

/** A 400 with `validationErrors`, for rules that need the database or the request's context. */
export class ValidationFailure extends Error {
  constructor(public readonly validationErrors: PropertyErrors[]) {
    super('Validation failed');
  }

  toJSON(): ValidationErrorsBody {
    return { validationErrors: this.validationErrors };
  }
}

/** A 400 naming one field with one code of the validation catalogue. */
export function fieldFailure(property: string, code: string): ValidationFailure {
  return new ValidationFailure([{ property, errors: [{ code, message: serverMessage(code, {}) }] }]);
}
