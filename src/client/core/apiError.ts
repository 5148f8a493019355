// The one shape every failed call takes on the client, whatever the server sent. The shapes the server
// sends are the shared ones (src/shared/validation/errors.ts); a body that does not quite follow them is
// read leniently.
import type { FieldError, PropertyErrors } from '../../shared/validation/errors.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly validationErrors?: PropertyErrors[];
  /** The whole answer, for the few errors that carry more than a code (COLLECTION_LIMIT_SOME names the payouts). */
  readonly body?: Readonly<Record<string, unknown>>;
  /** True once a global handler (5xx alert, token expiry) has told the user; forms then stay quiet. */
  handled = false;

  constructor(status: number, init: { code?: string; message?: string; validationErrors?: PropertyErrors[]; body?: Record<string, unknown> } = {}) {
    super(init.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = init.code;
    this.validationErrors = init.validationErrors;
    this.body = init.body;
  }

  /** Has something a form can show next to a field. */
  get isDescribed(): boolean {
    return Boolean(this.code) || Boolean(this.validationErrors?.length);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readValidationErrors(value: unknown): PropertyErrors[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const result: PropertyErrors[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.property !== 'string') continue;
    const errors: FieldError[] = [];
    const raw = Array.isArray(entry.errors) ? entry.errors : [];
    for (const error of raw) {
      // A missing message is blank: the client words errors by code, the message is only a fallback.
      if (isRecord(error) && typeof error.code === 'string') {
        errors.push({ code: error.code, message: typeof error.message === 'string' ? error.message : '' });
      } else if (isRecord(error) && typeof error.message === 'string') {
        errors.push({ code: '', message: error.message });
      }
    }
    result.push({ property: entry.property, errors });
  }
  return result.length ? result : undefined;
}

/** Turns an HTTP status and a parsed body (anything) into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(status);
  return new ApiError(status, {
    code: typeof body.code === 'string' ? body.code : undefined,
    message: typeof body.message === 'string' ? body.message : undefined,
    validationErrors: readValidationErrors(body.validationErrors),
    body,
  });
}

/** Thrown when the user closes the "Authorization" dialog instead of entering a code. */
export class AuthorizationCancelledError extends Error {
  constructor() {
    super('Authorization cancelled');
    this.name = 'AuthorizationCancelledError';
  }
}
