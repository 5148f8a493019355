// The pagination model of every list (spec, business constants): page 1 by default, the limit from
// the address, ceil(records / limit) pages, "from - to of total", and page controls with 3 margin
// pages at each end, a range of 5 pages around the current one and ellipsis gaps in between. A capped total
// (more rows than the server counted, list-query.ts's EXACT_COUNT_LIMIT or TEXT_COUNT_LIMIT) reads "from - to of
// more than total": the pages go on past the counted ones, so next stays on, and the last page, unknown, is neither
// numbered nor offered.
// Pure: the table renders whatever this returns, and unit tests pin the numbers down.
import type { ListQuery } from './list-query.ts';

const MARGIN_PAGES = 3;
const PAGE_RANGE = 5;

/** A numbered page control or an ellipsis standing for the pages left out. */
export type PageItem = { type: 'page'; page: number; current: boolean } | { type: 'gap'; after: number };

export interface PaginationModel {
  /** The current page, kept within 1..pageCount. */
  page: number;
  pageCount: number;
  /** "from - to of total": 1-based positions of the first and last row shown. */
  from: number;
  to: number;
  total: number;
  /** The total is a lower bound: more rows match. */
  capped: boolean;
  canPrevious: boolean;
  canNext: boolean;
  canLast: boolean;
  items: PageItem[];
}

export interface PaginationInput {
  page: number;
  limit: number;
  numberOfRecords: number;
  capped?: boolean;
  marginPages?: number;
  pageRange?: number;
}

export function pageCount(numberOfRecords: number, limit: number): number {
  if (!(numberOfRecords > 0) || !(limit > 0)) return 0;
  return Math.ceil(numberOfRecords / limit);
}

/**
 * The numbered controls: the first and last `marginPages` pages, `pageRange` pages around the
 * current one (shifted inwards at either end so the window stays full), and one gap for each run of
 * left-out pages. A gap that would hide a single page shows that page instead.
 */
function pageItems(current: number, count: number, capped: boolean, marginPages = MARGIN_PAGES, pageRange = PAGE_RANGE): PageItem[] {
  if (count <= 0) return [];
  const page = Math.min(Math.max(1, current), count);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(marginPages, count); p++) shown.add(p);
  if (!capped) for (let p = Math.max(1, count - marginPages + 1); p <= count; p++) shown.add(p);
  const windowSize = Math.min(pageRange, count);
  const start = Math.min(Math.max(1, page - Math.floor((windowSize - 1) / 2)), count - windowSize + 1);
  for (let p = start; p < start + windowSize; p++) shown.add(p);
  shown.add(page);
  // An ellipsis is no shorter than the page number it would replace.
  for (let p = 2; p < count; p++) if (!shown.has(p) && shown.has(p - 1) && shown.has(p + 1)) shown.add(p);

  const items: PageItem[] = [];
  for (let p = 1; p <= count; p++) {
    if (shown.has(p)) items.push({ type: 'page', page: p, current: p === page });
    else if (items.at(-1)?.type !== 'gap') items.push({ type: 'gap', after: p - 1 });
  }
  // Past the counted pages there are more: a gap closes the row.
  if (capped && items.at(-1)?.type !== 'gap') items.push({ type: 'gap', after: count });
  return items;
}

/** Everything the pagination bar shows; null when there is nothing to page through (0 pages). */
export function paginate({ page, limit, numberOfRecords, capped = false, marginPages, pageRange }: PaginationInput): PaginationModel | null {
  const count = pageCount(numberOfRecords, limit);
  if (count === 0) return null;
  const current = Math.min(Math.max(1, Math.floor(page) || 1), count);
  return {
    page: current,
    pageCount: count,
    from: (current - 1) * limit + 1,
    to: Math.min(current * limit, numberOfRecords),
    total: numberOfRecords,
    capped,
    canPrevious: current > 1,
    canNext: capped || current < count,
    canLast: !capped && current < count,
    items: pageItems(current, count, capped, marginPages, pageRange),
  };
}

/** A new page size starts again from the first page. */
export function withLimit<Q extends Pick<ListQuery, 'page' | 'limit'>>(query: Q, limit: number): Q {
  return { ...query, limit, page: 1 };
}

/** Page numbers and gaps as text ("1 2 3 … 48 49 50"), for tests and logs. */
export function describeItems(items: readonly PageItem[]): string {
  return items.map((item) => (item.type === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page))).join(' ');
}
