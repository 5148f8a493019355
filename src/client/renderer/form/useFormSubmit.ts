// Saving a form screen: api.submit (POST on create, PUT with the id on update), then the success dialog. Server
// errors land under their fields, a coded refusal above the form; a cancelled SMS step-up changes nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Params } from 'react-router-dom';
import type { PropertyErrors } from '../../../shared/validation/errors.ts';
import { request } from '../../core/api.ts';
import { ApiError, AuthorizationCancelledError } from '../../core/apiError.ts';
import { meQueryKey } from '../../core/sessionPaths.ts';
import { resolveCall, type FormScreen } from '../descriptors.ts';
import { pickFormData } from './formData.ts';
import type { Failure, useFormRecord } from './useFormRecord.ts';

/**
 * `stays`: the form stays open after saving, showing what was saved. A tuple, as useState's, since the names of an
 * object's keys would weigh in the form route's start-up budget.
 */
export function useFormSubmit(screen: FormScreen, params: Readonly<Params>, record: ReturnType<typeof useFormRecord>, stays: boolean, throwToBoundary: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<PropertyErrors[]>();
  const [formError, setFormError] = useState<Failure>();
  const [saved, setSaved] = useState(false);
  const [answerValue, setAnswerValue] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [loaded, setLoaded, , current] = record;

  const submit = async (data: Record<string, unknown>) => {
    if (busy) return;
    setBusy(true);
    setFormError(undefined);
    setServerErrors(undefined);
    try {
      const { method, path } = resolveCall(screen.api.submit, { ...params, ...data });
      const answer = await request<Record<string, unknown> | undefined>(method, path, { body: data });
      const shown = screen.successField && answer?.[screen.successField.field];
      setAnswerValue(typeof shown === 'string' ? shown : null);
      // A form that stays open goes on from what the server now holds.
      if (stays && loaded && answer && typeof answer === 'object') {
        current.current = { ...current.current, ...pickFormData(loaded.schema, answer) };
        setLoaded({ ...loaded, formData: current.current });
      }
      // Lists, records and accounts shown elsewhere may have changed (a top-up changes the balances).
      void queryClient.invalidateQueries({ predicate: (query) => ['list', 'record', 'accounts'].includes(String(query.queryKey[0])) });
      // What the session shows of its customer (colour, logo, time zone) follows a change of its settings at once.
      if (screen.refreshesSession) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      setSaved(true);
    } catch (error) {
      if (error instanceof AuthorizationCancelledError || (error instanceof ApiError && error.handled)) return;
      if (error instanceof ApiError && error.validationErrors?.length) setServerErrors(error.validationErrors);
      else if (error instanceof ApiError && (error.code || error.status === 403)) setFormError({ code: error.code ?? 'FORBIDDEN', message: error.message });
      else throwToBoundary(error);
    } finally {
      setBusy(false);
    }
  };

  const clearErrors = () => {
    setServerErrors(undefined);
    setFormError(undefined);
  };

  return [busy, serverErrors, formError, saved, setSaved, answerValue, submit, clearErrors] as const;
}
