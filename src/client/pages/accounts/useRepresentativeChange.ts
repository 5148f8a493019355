// One change of an account's representatives: PUT /api/account/representative (permission null removes), checked
// first with the precompiled validator of its schema, as the server checks it; what it did or why it failed.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RepresentativeBody } from '../../../shared/accounts.ts';
import { api } from '../../core/api.ts';
import { ApiError, AuthorizationCancelledError } from '../../core/apiError.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { checkAgainstSchema } from '../../core/schemaCheck.ts';
import type { Translate } from '../../core/textStore.ts';

const SCHEMA = 'schemas/forms/account-representative.json';

export function useRepresentativeChange(t: Translate) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  /** Sends one change; true when it was made. */
  const save = async (body: RepresentativeBody, done: string): Promise<boolean> => {
    setBusy(true);
    setFailure(undefined);
    setStatus(undefined);
    try {
      const codes = await checkAgainstSchema(SCHEMA, { ...body });
      if (Object.keys(codes).length) {
        setFailure(Object.values(codes).map((code) => t(`validation:${code}`)).join('\n'));
        return false;
      }
      await api.put('/account/representative', body);
      await queryClient.invalidateQueries({ predicate: (query) => ['record', 'list', 'accounts'].includes(String(query.queryKey[0])) });
      setStatus(done);
      return true;
    } catch (error) {
      if (error instanceof AuthorizationCancelledError) return false;
      if (error instanceof ApiError && error.handled) return false;
      if (error instanceof ApiError && error.status === 403) setFailure(t('access.refused'));
      else if (error instanceof ApiError && error.validationErrors?.length) {
        setFailure(error.validationErrors.flatMap(({ errors }) => errors.map((item) => t(`validation:${item.code}`, { defaultValue: item.message ?? item.code }))).join('\n'));
      } else if (error instanceof ApiError) setFailure(errorMessage(t, error.code, error.message) || t('table:confirm.failed'));
      else setFailure(t('table:confirm.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { status, failure, setFailure, busy, save };
}
