// Small client-side checks of the hand-written login forms ("Field required"). Forms whose rules
// go further are checked against their schema (schemaCheck.ts). Each returns a validation code or undefined.

import type { ValidationCode } from './validationMessages.ts';

export type { ValidationCode };

function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.trim() === '';
}

export function required(value: string): ValidationCode | undefined {
  return isBlank(value) ? 'REQUIRED' : undefined;
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

