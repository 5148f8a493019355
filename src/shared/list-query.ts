// The list contract of every table, defined once for the client and the server: the parameters
// (page, limit, ordering, the `options` JSON of filters), the answer `{ items, numberOfRecords }`,
// and what each filter means. The client keeps the parameters in the address and sends them; the
// server's list query (src/server/toolkit/list.ts) reads the same names and applies the same
// filter semantics (filterOperation below).
import type { RelativePreset } from './datePresets.ts';

export const LIMIT_OPTIONS = [10, 20, 50] as const;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export type Order = 'ASC' | 'DESC';

/** The filter name of the free-text search over an area's text columns. */
export const SEARCH_FILTER = 'search';

/** One end of a range. */
export type Bound = string | number;

/**
 * A range filter; `between` bounds may be null for an open end. `gte` / `lte` win over `between`. A date range may
 * hold a `preset` instead (src/shared/datePresets.ts), which the server turns into the days it names when the
 * request arrives.
 */
export interface RangeFilter {
  between?: [Bound | null, Bound | null];
  gte?: Bound;
  lte?: Bound;
  preset?: RelativePreset;
}

export type FilterValue = string | number | boolean | (string | number)[] | RangeFilter;

/** The parameters of one list request. */
export interface ListParams {
  page?: number;
  limit?: number;
  orderBy?: string;
  order?: Order;
  /** Filters as operator objects, e.g. { amount: { gte: 1000 }, status: ['TO_COLLECT'] }. */
  options?: Record<string, FilterValue>;
  /** The customer a SUPER_ADMIN asks about (others always get their own). */
  customerId?: number;
}

/** The same parameters as they travel in the query string: the filters as JSON. */
export type ListQueryString = Omit<ListParams, 'options'> & { options?: string };

/** The list parameters as the client reads them from the address (defaults filled in). */
export interface ListQuery {
  page: number;
  limit: number;
  orderBy?: string;
  order?: Order;
  options: Record<string, FilterValue>;
}

/**
 * The exact total is counted up to this many matching rows (or to the end of the page asked for, if further); past
 * it the answer says "more than numberOfRecords" (`numberOfRecordsCapped`), as counting millions costs seconds.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The same limit for a request that matches text (a search or a "contains" filter): each candidate row is compared by
 * ILIKE, so counting to 10,001 reads up to ten times more rows than counting to 1,001 (docs/decisions.md, *Totals of
 * long lists*). The lower of the two applies.
 */
export const TEXT_COUNT_LIMIT = 1_000;

/** How far a list counts its total: `exact` rows, or `text` when the request matches text (the lower applies). */
export interface CountLimits {
  exact: number;
  text: number;
}

/** The answer of every list. */
export interface ListResult<T> {
  items: T[];
  /** The number of matching rows; with `numberOfRecordsCapped`, a lower bound: there are more. */
  numberOfRecords: number;
  /** Present (true) only when more rows match than were counted. */
  numberOfRecordsCapped?: true;
}

// ---------------------------------------------------------------- filter semantics

/** A bound is set unless it is null, undefined or blank text. */
function isBoundSet(value: unknown): value is Bound {
  return value !== null && value !== undefined && value !== '';
}

/** A range filter is the one kind of filter written as an object. */
export function isRangeFilter(value: unknown): value is RangeFilter {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The two ends of a range: `gte` / `lte` where set, else the ends of `between`; an unset end is undefined. */
export function rangeBounds(range: RangeFilter): { from?: Bound; to?: Bound } {
  const [betweenFrom, betweenTo] = Array.isArray(range.between) ? range.between : [];
  const from = isBoundSet(range.gte) ? range.gte : betweenFrom;
  const to = isBoundSet(range.lte) ? range.lte : betweenTo;
  return { from: isBoundSet(from) ? from : undefined, to: isBoundSet(to) ? to : undefined };
}

/** The range filter over two ends (either may be unset); undefined when neither is set. */
export function rangeFilter<B extends Bound>(from: B | null | undefined, to: B | null | undefined): { between: [B | null, B | null] } | undefined {
  const a = isBoundSet(from) ? from : null;
  const b = isBoundSet(to) ? to : null;
  return a === null && b === null ? undefined : { between: [a, b] };
}

/** An empty filter filters nothing: no value, blank text, an empty list, or a range with neither end nor preset set. */
export function isEmptyFilter(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRangeFilter(value)) {
    const { from, to } = rangeBounds(value);
    return from === undefined && to === undefined && !value.preset;
  }
  return false;
}

/** What one filter asks of its field. */
export type FilterOperation =
  | { kind: 'search'; text: string }
  | { kind: 'contains'; text: string }
  | { kind: 'oneOf'; values: unknown[] }
  | { kind: 'range'; from?: Bound; to?: Bound }
  | { kind: 'equals'; value: unknown };

/** At most this many words of a search are used (the search text is at most 100 characters anyway). */
const MAX_SEARCH_WORDS = 8;

/** The words of a free-text search: each must appear in one of the searched fields. */
export function searchWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/**
 * The meaning of a filter, by its value and the filter schema's property: `search` is the free-text
 * search; a list is "one of"; an object is a range (both ends inclusive); text is a case-insensitive
 * "contains" unless the property is an enum; anything else (a boolean, a number, an enum value) must
 * be equal. Null for an empty filter, which filters nothing.
 */
export function filterOperation(name: string, value: unknown, property?: { enum?: unknown[] }): FilterOperation | null {
  if (isEmptyFilter(value)) return null;
  if (name === SEARCH_FILTER) return { kind: 'search', text: String(value) };
  if (Array.isArray(value)) return { kind: 'oneOf', values: value };
  if (isRangeFilter(value)) return { kind: 'range', ...rangeBounds(value) };
  if (typeof value === 'string' && !property?.enum) return { kind: 'contains', text: value };
  return { kind: 'equals', value };
}

// ---------------------------------------------------------------- parameters in the address and the query string

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
    if (!isEmptyFilter(value)) out[key] = value as FilterValue;
  }
  return out;
}

/** The filters as the `options` parameter: JSON of the non-empty ones, or undefined when none is left. */
export function encodeOptions(options: Record<string, unknown> | undefined): string | undefined {
  const present = compactOptions(options ?? {});
  return Object.keys(present).length ? JSON.stringify(present) : undefined;
}

/** List parameters for the query string of a list request. */
export function toListQueryString({ options, ...rest }: ListParams): ListQueryString {
  return { ...rest, options: encodeOptions(options) };
}

export function writeListQuery(query: Partial<ListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.limit && query.limit !== DEFAULT_LIMIT) params.set('limit', String(query.limit));
  if (query.orderBy) params.set('orderBy', query.orderBy);
  if (query.orderBy && query.order) params.set('order', query.order);
  const options = encodeOptions(query.options);
  if (options) params.set('options', options);
  return params;
}
