// The filter semantics of src/shared/list-query.ts, which the panel's filter form and chips and the
// server's list query all use: what an empty filter is, how a range's ends are read, what each filter asks.
import { describe, expect, it } from 'vitest';
import { compactOptions, encodeOptions, filterOperation, isEmptyFilter, rangeBounds, rangeFilter, toListQueryString } from '../../src/shared/list-query.ts';

describe('an empty filter', () => {
  it.each([undefined, null, '', [], {}, { between: [null, null] }, { between: ['', null] }, { gte: '' }, { between: [] }])('%j filters nothing', (value) => {
    expect(isEmptyFilter(value)).toBe(true);
  });

  it.each([false, 0, 'a', ['A'], { between: ['2024-01-01', null] }, { lte: 5 }, { gte: 0 }])('%j filters', (value) => {
    expect(isEmptyFilter(value)).toBe(false);
  });

  it('is left out of the options sent', () => {
    expect(compactOptions({ a: '', b: false, c: [], d: { between: [null, null] }, e: { gte: 1 } })).toEqual({ b: false, e: { gte: 1 } });
    expect(encodeOptions({ a: '' })).toBeUndefined();
    expect(toListQueryString({ page: 2, options: { blocked: true } })).toEqual({ page: 2, options: '{"blocked":true}' });
  });
});

describe('a range', () => {
  it('reads gte / lte before the ends of between, and leaves an unset end undefined', () => {
    expect(rangeBounds({ between: ['a', 'b'] })).toEqual({ from: 'a', to: 'b' });
    expect(rangeBounds({ between: ['a', 'b'], gte: 'c' })).toEqual({ from: 'c', to: 'b' });
    expect(rangeBounds({ between: [null, ''], lte: 3 })).toEqual({ from: undefined, to: 3 });
    expect(rangeBounds({ gte: '' })).toEqual({ from: undefined, to: undefined });
  });

  it('is built from two ends, or not at all', () => {
    expect(rangeFilter('a', '')).toEqual({ between: ['a', null] });
    expect(rangeFilter(null, undefined)).toBeUndefined();
  });
});

describe('what a filter asks', () => {
  it('by its value and the filter schema', () => {
    expect(filterOperation('search', 'ann')).toEqual({ kind: 'search', text: 'ann' });
    expect(filterOperation('lastName', 'ann')).toEqual({ kind: 'contains', text: 'ann' });
    expect(filterOperation('currency', 'PLN', { enum: ['PLN', 'EUR'] })).toEqual({ kind: 'equals', value: 'PLN' });
    expect(filterOperation('blocked', false)).toEqual({ kind: 'equals', value: false });
    expect(filterOperation('type', ['USER'])).toEqual({ kind: 'oneOf', values: ['USER'] });
    expect(filterOperation('createdAt', { between: [null, 'b'] })).toEqual({ kind: 'range', from: undefined, to: 'b' });
    expect(filterOperation('createdAt', { between: [null, null] })).toBeNull();
    expect(filterOperation('type', [])).toBeNull();
  });
});
