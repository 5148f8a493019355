// The request behind one list view, free of React so that start-up code can send it before React is in: the order
// a list is shown in, and its query (key, fetch, freshness) as the screen asks it and as a route match starts it.
import type { FilterValue, ListQuery, Order } from '../../../shared/list-query.ts';
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

/** Where a list view belongs beside its address: the route's parameters (`GET /api/account/:id/...`) and scope filters. */
export interface ListScope {
  /** The route's parameters, filling `:name` in the list call. */
  params?: Record<string, string | undefined>;
  /** Filters sent as query parameters of their own rather than in `options` (a SUPER_ADMIN's customerId). */
  scopeFilters?: readonly string[];
}

/** The request a list view sends: its path, the list parameters and the scope filters as query parameters. */
export function listRequestOf(listCall: string, query: ListQuery, order: EffectiveOrder, scope: ListScope = {}) {
  const { path } = resolveCall(listCall, scope.params ?? {});
  const options: Record<string, FilterValue> = { ...query.options };
  const scoped: Record<string, string | number | boolean> = {};
  for (const name of scope.scopeFilters ?? []) {
    const value = options[name];
    delete options[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') scoped[name] = value;
  }
  const params = { page: query.page, limit: query.limit, orderBy: order.orderBy, order: order.order, options };
  return { path, params, scoped };
}

/** The query of one list view: the same for the screen and for a request started when its route matches. */
export function listQueryOptions(listCall: string, query: ListQuery, order: EffectiveOrder, scope?: ListScope) {
  const { path, params, scoped } = listRequestOf(listCall, query, order, scope);
  return {
    queryKey: [...listQueryKey(listCall), { ...params, path, scoped }] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => api.list<Row>(path, params, { signal, query: scoped }),
    // Rows fetched when the route matched are not asked for again when the screen mounts a moment later;
    // every change the screen makes invalidates the list explicitly.
    staleTime: 5_000,
  };
}
