// The order and the page as the table holds them (TanStack Table's sorting and pagination), read from the address;
// the table's changes go back to it. An address past the last page (an old link, the last row deleted) moves to the
// last page.
import { useCallback, useEffect, useMemo } from 'react';
import { functionalUpdate, type PaginationState, type SortingState, type Updater } from '@tanstack/react-table';
import type { ListQuery } from '../../../shared/list-query.ts';
import { pageCount } from '../../../shared/pagination.ts';
import type { EffectiveOrder } from './listRequest.ts';
import { orderOf, pageOf, paginationOf, sortingOf } from './tableState.ts';
import type { useListAddress } from './useListAddress.ts';
import type { useListData } from './useListData.ts';

export function useTablePaging(
  query: ListQuery,
  order: EffectiveOrder,
  update: ReturnType<typeof useListAddress>['update'],
  { data, isPlaceholderData }: ReturnType<typeof useListData>,
) {
  const sorting = useMemo(() => sortingOf(order), [order.orderBy, order.order]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => update({ ...orderOf(functionalUpdate(updater, sorting)), page: 1 }),
    [sorting, update],
  );
  const pagination = useMemo(() => paginationOf(query), [query.page, query.limit]);
  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => update(pageOf(pagination, functionalUpdate(updater, pagination))),
    [pagination, update],
  );
  useEffect(() => {
    if (!data || isPlaceholderData || data.items.length > 0 || query.page === 1) return;
    const last = pageCount(data.numberOfRecords, query.limit);
    if (last > 0 && query.page > last) update({ page: last }, { replace: true });
  }, [data, isPlaceholderData, query.page, query.limit, update]);
  return { sorting, onSortingChange, pagination, onPaginationChange, rowsCapped: data?.numberOfRecordsCapped };
}
