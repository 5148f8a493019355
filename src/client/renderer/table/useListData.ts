// The rows of a table screen, fetched for exactly what the address says. While the next page loads
// the previous rows stay on screen (no flash of an empty table).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListQuery, ListResult } from '../../../shared/list-query.ts';
import { api } from '../../core/api.ts';
import { resolveCall } from '../descriptors.ts';
import type { Row } from './format.ts';
import type { EffectiveOrder } from './useListAddress.ts';

export function listQueryKey(listCall: string) {
  return ['list', listCall] as const;
}

/** The query of one list view: the same for the screen and for a request started when its route matches. */
export function listQueryOptions(listCall: string, query: ListQuery, order: EffectiveOrder) {
  const { path } = resolveCall(listCall, {});
  const params = { page: query.page, limit: query.limit, orderBy: order.orderBy, order: order.order, options: query.options };
  return {
    queryKey: [...listQueryKey(listCall), params] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => api.list<Row>(path, params, { signal }) as Promise<ListResult<Row>>,
    // Rows fetched when the route matched are not asked for again when the screen mounts a moment later;
    // every change the screen makes invalidates the list explicitly.
    staleTime: 5_000,
  };
}

export function useListData(listCall: string, query: ListQuery, order: EffectiveOrder) {
  const queryClient = useQueryClient();
  const result = useQuery({ ...listQueryOptions(listCall, query, order), placeholderData: keepPreviousData });
  const refetchAll = useCallback(() => queryClient.invalidateQueries({ queryKey: listQueryKey(listCall) }), [queryClient, listCall]);
  return { ...result, refetchAll };
}
