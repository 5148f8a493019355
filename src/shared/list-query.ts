// The list parameters of every table: page, limit, ordering and filters (the `options` JSON of
// operator objects). The client keeps them in the address; the server reads the same names.
export const LIMIT_OPTIONS = [10, 20, 50] as const;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export type Order = 'ASC' | 'DESC';

/** A range filter; `between` bounds may be null for an open end. */
export interface RangeFilter {
  between?: [string | number | null, string | number | null];
  gte?: string | number;
  lte?: string | number;
}

export type FilterValue = string | number | boolean | (string | number)[] | RangeFilter;

export interface ListQuery {
  page: number;
  limit: number;
  orderBy?: string;
  order?: Order;
  options: Record<string, FilterValue>;
}

export interface ListResult<T> {
  items: T[];
  numberOfRecords: number;
}

function positiveInt(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** Reads list parameters leniently (an address typed by hand falls back to defaults). */
export function readListQuery(params: URLSearchParams): ListQuery {
  let options: Record<string, FilterValue> = {};
  const raw = params.get('options');
  if (raw) {
    try {
      const parsed = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) options = parsed;
    } catch {
      /* ignore a damaged address */
    }
  }
  const order = params.get('order');
  return {
    page: positiveInt(params.get('page'), 1),
    limit: Math.min(positiveInt(params.get('limit'), DEFAULT_LIMIT), MAX_LIMIT),
    orderBy: params.get('orderBy') || undefined,
    order: order === 'ASC' || order === 'DESC' ? order : undefined,
    options,
  };
}

/** Drops empty filter values so they neither reach the server nor the address. */
export function compactOptions(options: Record<string, unknown>): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      const range = value as RangeFilter;
      const between = range.between?.some((b) => b !== null && b !== '' && b !== undefined);
      if (!between && range.gte === undefined && range.lte === undefined) continue;
    }
    out[key] = value as FilterValue;
  }
  return out;
}

export function writeListQuery(query: Partial<ListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.limit && query.limit !== DEFAULT_LIMIT) params.set('limit', String(query.limit));
  if (query.orderBy) params.set('orderBy', query.orderBy);
  if (query.orderBy && query.order) params.set('order', query.order);
  const options = compactOptions(query.options ?? {});
  if (Object.keys(options).length) params.set('options', JSON.stringify(options));
  return params;
}
