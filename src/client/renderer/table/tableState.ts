// The table's state as TanStack Table holds it, read from and written back to the list's address: the order as
// `sorting`, the page as `pagination` (0-based), and the rules of the open details rows and of the selection.
import type { ExpandedState, ExpandedStateList, PaginationState, RowSelectionState, SortingState } from '@tanstack/react-table';
import type { ListQuery } from '../../../shared/list-query.ts';
import { withLimit } from '../../../shared/pagination.ts';
import type { EffectiveOrder } from './listRequest.ts';

export function sortingOf(order: EffectiveOrder): SortingState {
  return order.orderBy ? [{ id: order.orderBy, desc: order.order === 'DESC' }] : [];
}

/** The address's order for a sorting state; the server sorts by one column at a time. */
export function orderOf(sorting: SortingState): Pick<ListQuery, 'orderBy' | 'order'> {
  const first = sorting[0];
  return first ? { orderBy: first.id, order: first.desc ? 'DESC' : 'ASC' } : { orderBy: undefined, order: undefined };
}

export function paginationOf(query: Pick<ListQuery, 'page' | 'limit'>): PaginationState {
  return { pageIndex: query.page - 1, pageSize: query.limit };
}

/** The address's page for a pagination change: a new page size starts again from the first page. */
export function pageOf(current: PaginationState, next: PaginationState): Pick<ListQuery, 'page' | 'limit'> {
  if (next.pageSize !== current.pageSize) return withLimit({ page: current.pageIndex + 1, limit: current.pageSize }, next.pageSize);
  return { page: next.pageIndex + 1, limit: next.pageSize };
}

/** The chosen rows' ids. */
export function selectedIds(selection: RowSelectionState): string[] {
  return Object.keys(selection).filter((id) => selection[id]);
}

/**
 * The details rows left open after a change: one at a time (the row just opened closes the one before) unless the
 * descriptor allows several.
 */
export function openRows(previous: ExpandedStateList, next: ExpandedState, multiple: boolean): ExpandedStateList {
  // "Every row open" is never asked for: the table offers no such control.
  if (next === true) return previous;
  const open: ExpandedStateList = {};
  for (const id of Object.keys(next)) if (next[id]) open[id] = true;
  if (multiple) return open;
  const opened = Object.keys(open).filter((id) => !previous[id]);
  return opened.length > 0 ? { [opened[opened.length - 1]]: true } : open;
}
