// The rows of a table screen, fetched for exactly what the address says. While the next page loads
// the previous rows stay on screen (no flash of an empty table). `enabled` false sends nothing (a period too long).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListQuery } from '../../../shared/list-query.ts';
import { listQueryKey, listQueryOptions, type EffectiveOrder, type ListScope } from './listRequest.ts';

export function useListData(listCall: string, query: ListQuery, order: EffectiveOrder, scope?: ListScope, enabled = true) {
  const queryClient = useQueryClient();
  const result = useQuery({ ...listQueryOptions(listCall, query, order, scope), placeholderData: keepPreviousData, enabled });
  const refetchAll = useCallback(() => queryClient.invalidateQueries({ queryKey: listQueryKey(listCall) }), [queryClient, listCall]);
  return { ...result, refetchAll };
}
