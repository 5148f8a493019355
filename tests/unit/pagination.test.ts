import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from '../../src/shared/list-query.ts';
import { describeItems, pageCount, paginate, withLimit } from '../../src/shared/pagination.ts';

describe('pagination model', () => {
  it.each([
    // records, limit, page -> controls, text parts
    { name: '1 page', records: 7, limit: 10, page: 1, items: '[1]', from: 1, to: 7, pages: 1 },
    { name: 'exactly one full page', records: 10, limit: 10, page: 1, items: '[1]', from: 1, to: 10, pages: 1 },
    { name: '7 pages, first', records: 64, limit: 10, page: 1, items: '[1] 2 3 4 5 6 7', from: 1, to: 10, pages: 7 },
    { name: '7 pages, last (partial)', records: 64, limit: 10, page: 7, items: '1 2 3 4 5 6 [7]', from: 61, to: 64, pages: 7 },
    { name: '50 pages, start', records: 500, limit: 10, page: 1, items: '[1] 2 3 4 5 … 48 49 50', from: 1, to: 10, pages: 50 },
    { name: '50 pages, page 3', records: 500, limit: 10, page: 3, items: '1 2 [3] 4 5 … 48 49 50', from: 21, to: 30, pages: 50 },
    { name: '50 pages, page 7', records: 500, limit: 10, page: 7, items: '1 2 3 4 5 6 [7] 8 9 … 48 49 50', from: 61, to: 70, pages: 50 },
    { name: '50 pages, middle', records: 500, limit: 10, page: 25, items: '1 2 3 … 23 24 [25] 26 27 … 48 49 50', from: 241, to: 250, pages: 50 },
    { name: '50 pages, end', records: 500, limit: 10, page: 50, items: '1 2 3 … 46 47 48 49 [50]', from: 491, to: 500, pages: 50 },
    { name: '50 pages, second to last', records: 495, limit: 10, page: 49, items: '1 2 3 … 46 47 48 [49] 50', from: 481, to: 490, pages: 50 },
    { name: '4 pages of 20', records: 64, limit: 20, page: 2, items: '1 [2] 3 4', from: 21, to: 40, pages: 4 },
  ])('$name', ({ records, limit, page, items, from, to, pages }) => {
    const model = paginate({ page, limit, numberOfRecords: records });
    expect(model).not.toBeNull();
    expect(model!.pageCount).toBe(pages);
    expect(describeItems(model!.items)).toBe(items);
    expect([model!.from, model!.to, model!.total]).toEqual([from, to, records]);
  });

  it('shows nothing for 0 records', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(paginate({ page: 1, limit: 10, numberOfRecords: 0 })).toBeNull();
  });

  it('counts pages as the ceiling of records / limit', () => {
    expect(pageCount(64, 10)).toBe(7);
    expect(pageCount(60, 10)).toBe(6);
    expect(pageCount(61, 50)).toBe(2);
    expect(pageCount(1, 50)).toBe(1);
  });

  it('allows first/previous only after page 1 and next/last only before the last page', () => {
    expect(paginate({ page: 1, limit: 10, numberOfRecords: 64 })).toMatchObject({ canPrevious: false, canNext: true });
    expect(paginate({ page: 4, limit: 10, numberOfRecords: 64 })).toMatchObject({ canPrevious: true, canNext: true });
    expect(paginate({ page: 7, limit: 10, numberOfRecords: 64 })).toMatchObject({ canPrevious: true, canNext: false });
    expect(paginate({ page: 1, limit: 10, numberOfRecords: 3 })).toMatchObject({ canPrevious: false, canNext: false });
  });

  it('keeps a page beyond the end (an old link) within the pages that exist', () => {
    const model = paginate({ page: 9, limit: 10, numberOfRecords: 64 })!;
    expect(model.page).toBe(7);
    expect([model.from, model.to]).toEqual([61, 64]);
  });

  it('marks exactly one page as current', () => {
    for (let page = 1; page <= 50; page++) {
      const items = paginate({ page, limit: 10, numberOfRecords: 500 })!.items;
      expect(items.filter((item) => item.type === 'page' && item.current)).toEqual([{ type: 'page', page, current: true }]);
      // Never two gaps in a row, never a gap at either end.
      expect(items[0]).toMatchObject({ type: 'page', page: 1 });
      expect(items.at(-1)).toMatchObject({ type: 'page', page: 50 });
      items.forEach((item, i) => item.type === 'gap' && expect(items[i + 1]?.type).toBe('page'));
    }
  });
});

describe('a capped total ("more than")', () => {
  it('pages on past the counted rows, and neither numbers nor offers the unknown last page', () => {
    // 10,000 counted of more, 10 a page: pages 1 to 1000 are known to exist, and more after them.
    const first = paginate({ page: 1, limit: 10, numberOfRecords: 10000, capped: true })!;
    expect([first.from, first.to, first.total, first.capped]).toEqual([1, 10, 10000, true]);
    expect(describeItems(first.items)).toBe('[1] 2 3 4 5 …');
    expect(first).toMatchObject({ canPrevious: false, canNext: true, canLast: false });

    const middle = paginate({ page: 40, limit: 10, numberOfRecords: 10000, capped: true })!;
    expect(describeItems(middle.items)).toBe('1 2 3 … 38 39 [40] 41 42 …');
    expect(middle).toMatchObject({ from: 391, to: 400, canPrevious: true, canNext: true, canLast: false });

    // The last counted page (the server counts at least to the end of the page asked for): next is still on.
    const edge = paginate({ page: 1001, limit: 10, numberOfRecords: 10010, capped: true })!;
    expect(describeItems(edge.items)).toBe('1 2 3 … 997 998 999 1000 [1001] …');
    expect(edge).toMatchObject({ from: 10001, to: 10010, canNext: true, canLast: false });
  });

  it('an exact total keeps its last page', () => {
    expect(paginate({ page: 1, limit: 10, numberOfRecords: 10000 })).toMatchObject({ capped: false, canNext: true, canLast: true });
    expect(paginate({ page: 1000, limit: 10, numberOfRecords: 10000 })).toMatchObject({ canNext: false, canLast: false });
  });
});

describe('page and limit in the address', () => {
  it('defaults to page 1 and limit 10', () => {
    expect(readListQuery(new URLSearchParams(''))).toMatchObject({ page: 1, limit: 10 });
  });

  it('reads the limit from the search parameters', () => {
    expect(readListQuery(new URLSearchParams('page=3&limit=20'))).toMatchObject({ page: 3, limit: 20 });
  });

  it('goes back to page 1 when a new limit is chosen', () => {
    const query = readListQuery(new URLSearchParams('page=4&limit=10&orderBy=lastName&order=ASC'));
    const next = withLimit(query, 50);
    expect(next).toMatchObject({ page: 1, limit: 50, orderBy: 'lastName', order: 'ASC' });
    expect(writeListQuery(next).toString()).toBe('limit=50&orderBy=lastName&order=ASC');
  });
});
