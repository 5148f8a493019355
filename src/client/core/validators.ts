// Client-side checks for the hand-written forms, built on the shared rule catalogue so that the
// browser and the server agree. Each returns a validation code or undefined.
import { isStrongPassword } from '../../shared/validation/rules.ts';

import type { ValidationCode } from './validationMessages.ts';

export type { ValidationCode };

export function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.trim() === '';
}

export function required(value: string): ValidationCode | undefined {
  return isBlank(value) ? 'REQUIRED' : undefined;
}

export function strongPassword(value: string): ValidationCode | undefined {
  if (isBlank(value)) return 'REQUIRED';
  return isStrongPassword(value) ? undefined : 'INVALID_USER_PASSWORD';
}

/** A confirmation must itself be a valid password and equal the new one. */
export function confirmation(value: string, expected: string): ValidationCode | undefined {
  const own = strongPassword(value);
  if (own) return own;
  return value === expected ? undefined : 'VALUE_NOT_MATCH';
}

/** Keeps only the fields that failed; an empty result means the form may be sent. */
export function collectErrors<K extends string>(checks: Record<K, ValidationCode | undefined>): Partial<Record<K, ValidationCode>> {
  const result: Partial<Record<K, ValidationCode>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const code = checks[key];
    if (code) result[key] = code;
  }
  return result;
}

