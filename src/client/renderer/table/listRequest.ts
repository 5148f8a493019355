// The request behind one list view, free of React so that start-up code can send it before React is in: the order
// a list is shown in, and its query (key, fetch, freshness) as the screen asks it and as a route match starts it.
import type { ListQuery, Order } from '../../../shared/list-query.ts';
import { api } from '../../core/api.ts';
import { resolveCall } from '../descriptors.ts';
import type { Row } from './format.ts';

export interface EffectiveOrder {
  orderBy?: string;
  order?: Order;
}

/** The order the list is shown in: the address's, else the screen's default. */
export function effectiveOrder(query: ListQuery, defaultOrder?: { field: string; order: Order }): EffectiveOrder {
  if (query.orderBy) return { orderBy: query.orderBy, order: query.order ?? 'ASC' };
  if (defaultOrder) return { orderBy: defaultOrder.field, order: defaultOrder.order };
  return {};
}

export function listQueryKey(listCall: string) {
  return ['list', listCall] as const;
}

/** The query of one list view: the same for the screen and for a request started when its route matches. */
export function listQueryOptions(listCall: string, query: ListQuery, order: EffectiveOrder) {
  const { path } = resolveCall(listCall, {});
  const params = { page: query.page, limit: query.limit, orderBy: order.orderBy, order: order.order, options: query.options };
  return {
    queryKey: [...listQueryKey(listCall), params] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => api.list<Row>(path, params, { signal }),
    // Rows fetched when the route matched are not asked for again when the screen mounts a moment later;
    // every change the screen makes invalidates the list explicitly.
    staleTime: 5_000,
  };
}
