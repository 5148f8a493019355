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

export function useListData(listCall: string, query: ListQuery, order: EffectiveOrder) {
  const queryClient = useQueryClient();
  const { path } = resolveCall(listCall, {});
  const params = { page: query.page, limit: query.limit, orderBy: order.orderBy, order: order.order, options: query.options };
  const result = useQuery({
    queryKey: [...listQueryKey(listCall), params],
    queryFn: ({ signal }) => api.list<Row>(path, params, { signal }) as Promise<ListResult<Row>>,
    placeholderData: keepPreviousData,
  });
  const refetchAll = useCallback(() => queryClient.invalidateQueries({ queryKey: listQueryKey(listCall) }), [queryClient, listCall]);
  return { ...result, refetchAll };
}
