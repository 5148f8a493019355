// How the dashboard's summaries cut a period into buckets kept in advance and edges read from the payouts
// (src/server/areas/payouts/rollups.ts): Warsaw's periods start an hour or two before a UTC boundary, so each is a
// UTC bucket, plus the stretch before it, less the stretch at its end; the instants below are written out by hand.
import { describe, expect, it } from 'vitest';
import { periodPieces, usedBudgetSince } from '../../src/server/areas/payouts/rollups.ts';

const at = (iso: string) => new Date(iso);
const piece = (grain: 'year' | 'quarter' | 'month' | 'day' | null, from: string | null, to: string | null, sign: 1 | -1) => ({ grain, from: from && at(from), to: to && at(to), sign });
const ALL = ['year', 'month', 'day'] as const;
const RECIPIENTS = ['year', 'quarter', 'month'] as const;

describe('periodPieces', () => {
  it('cuts June 2022 in Warsaw into the UTC month, plus two hours before it, less two hours at its end', () => {
    expect(periodPieces(at('2022-05-31T22:00:00Z'), at('2022-06-30T22:00:00Z'), ALL)).toEqual([
      piece('month', '2022-06-01T00:00:00Z', '2022-07-01T00:00:00Z', 1),
      piece(null, '2022-05-31T22:00:00Z', '2022-06-01T00:00:00Z', 1),
      piece(null, '2022-06-30T22:00:00Z', '2022-07-01T00:00:00Z', -1),
    ]);
  });

  it('cuts the year 2022 in Warsaw into the UTC year and an hour at each end', () => {
    expect(periodPieces(at('2021-12-31T23:00:00Z'), at('2022-12-31T23:00:00Z'), RECIPIENTS)).toEqual([
      piece('year', '2022-01-01T00:00:00Z', '2023-01-01T00:00:00Z', 1),
      piece(null, '2021-12-31T23:00:00Z', '2022-01-01T00:00:00Z', 1),
      piece(null, '2022-12-31T23:00:00Z', '2023-01-01T00:00:00Z', -1),
    ]);
  });

  it('cuts the second quarter of 2022 in Warsaw into the UTC quarter for recipients, into its three months otherwise', () => {
    const from = at('2022-03-31T22:00:00Z');
    const to = at('2022-06-30T22:00:00Z');
    const edges = [piece(null, '2022-03-31T22:00:00Z', '2022-04-01T00:00:00Z', 1), piece(null, '2022-06-30T22:00:00Z', '2022-07-01T00:00:00Z', -1)];
    expect(periodPieces(from, to, RECIPIENTS)).toEqual([piece('quarter', '2022-04-01T00:00:00Z', '2022-07-01T00:00:00Z', 1), ...edges]);
    expect(periodPieces(from, to, ALL)).toEqual([piece('month', '2022-04-01T00:00:00Z', '2022-07-01T00:00:00Z', 1), ...edges]);
    // The fourth quarter ends in CET, an hour before the UTC year.
    expect(periodPieces(at('2022-09-30T22:00:00Z'), at('2022-12-31T23:00:00Z'), RECIPIENTS)).toEqual([
      piece('quarter', '2022-10-01T00:00:00Z', '2023-01-01T00:00:00Z', 1),
      piece(null, '2022-09-30T22:00:00Z', '2022-10-01T00:00:00Z', 1),
      piece(null, '2022-12-31T23:00:00Z', '2023-01-01T00:00:00Z', -1),
    ]);
  });

  it('reads a week in days, and from the payouts alone where no month fits', () => {
    const from = at('2022-06-12T22:00:00Z');
    const to = at('2022-06-19T22:00:00Z');
    expect(periodPieces(from, to, ALL)).toEqual([
      piece('day', '2022-06-13T00:00:00Z', '2022-06-20T00:00:00Z', 1),
      piece(null, '2022-06-12T22:00:00Z', '2022-06-13T00:00:00Z', 1),
      piece(null, '2022-06-19T22:00:00Z', '2022-06-20T00:00:00Z', -1),
    ]);
    expect(periodPieces(from, to, RECIPIENTS)).toEqual([piece(null, '2022-06-12T22:00:00Z', '2022-06-19T22:00:00Z', 1)]);
  });

  it('takes whole years up to an open end, and every bucket with neither end', () => {
    expect(periodPieces(null, at('2022-06-15T12:00:00Z'), ALL)).toEqual([
      piece('year', null, '2022-01-01T00:00:00Z', 1),
      piece('day', '2022-01-01T00:00:00Z', '2022-06-15T00:00:00Z', 1),
      piece(null, '2022-06-15T00:00:00Z', '2022-06-15T12:00:00Z', 1),
    ]);
    expect(periodPieces(at('2022-06-15T12:00:00Z'), null, RECIPIENTS)).toEqual([piece(null, '2022-06-15T12:00:00Z', '2023-01-01T00:00:00Z', 1), piece('year', '2023-01-01T00:00:00Z', null, 1)]);
    expect(periodPieces(null, null, ALL)).toEqual([piece('year', null, null, 1)]);
  });
});

describe('usedBudgetSince', () => {
  it('gives the start of each budget interval running at 2022-06-15 10:00 UTC in Warsaw (CEST, UTC+2)', () => {
    const now = at('2022-06-15T10:00:00Z');
    expect(usedBudgetSince('ONE_TIME', 'Europe/Warsaw', now)).toBeNull();
    expect(usedBudgetSince('DAILY', 'Europe/Warsaw', now)).toEqual(at('2022-06-14T22:00:00Z'));
    expect(usedBudgetSince('WEEKLY', 'Europe/Warsaw', now)).toEqual(at('2022-06-12T22:00:00Z')); // Monday 13 June
    expect(usedBudgetSince('MONTHLY', 'Europe/Warsaw', now)).toEqual(at('2022-05-31T22:00:00Z'));
    expect(usedBudgetSince('QUARTERLY', 'Europe/Warsaw', now)).toEqual(at('2022-03-31T22:00:00Z'));
    expect(usedBudgetSince('YEARLY', 'Europe/Warsaw', now)).toEqual(at('2021-12-31T23:00:00Z')); // CET in January
  });
});
