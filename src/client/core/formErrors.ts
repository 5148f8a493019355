// One place that decides what a form does with a failed call.
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, AuthorizationCancelledError } from './apiError.ts';
import { fieldErrorsFrom, type FieldErrors, type FieldMapping } from './fieldErrors.ts';
import { useThrowToBoundary } from './throwToBoundary.ts';

/**
 * Returns a handler giving the field errors to show. Errors already reported by a global handler
 * (5xx alert, session expiry) or cancelled by the user give none; errors without a code or
 * validation list are sent to the error boundary.
 */
export function useServerErrors(mapping: FieldMapping): (error: unknown) => FieldErrors {
  const { t } = useTranslation();
  const throwToBoundary = useThrowToBoundary();
  const mappingRef = useRef(mapping);
  mappingRef.current = mapping;
  return useCallback(
    (error: unknown) => {
      if (error instanceof AuthorizationCancelledError) return {};
      if (error instanceof ApiError && error.handled) return {};
      const mapped = fieldErrorsFrom(error, t, mappingRef.current);
      if (mapped) return mapped;
      throwToBoundary(error);
      return {};
    },
    [t, throwToBoundary],
  );
}
