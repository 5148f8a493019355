// The date and date-time formats written out in isoDates.ts give ajv-formats' (full mode) answers, validity and order,
// on the edges (leap years, month lengths, leap seconds, zones) and on generated strings.
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { compareIsoDate, compareIsoDateTime, isIsoDate, isIsoDateTime } from '../../src/shared/validation/isoDates.ts';

type Format = { validate: (s: string) => boolean; compare: (a: string, b: string) => number | undefined };
const date = fullFormats.date as Format;
const dateTime = fullFormats['date-time'] as Format;

const DATES = ['2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '2026-04-31', '2026-12-31', '2026-13-01', '2026-00-10', '2026-01-00', '26-01-01', '2026-1-01', '', 'x'];
const TIMES = ['23:59:60Z', '23:59:60+00:00', '00:59:60+01:00', '12:00:00', '12:00:00z', '12:00:00.123+02:00', '24:00:00Z', '12:60:00Z', '12:00:00+24:00', '12:00:00-00:60', '12:00:00+0130', '12:00Z'];
const STRINGS = [...DATES, ...DATES.flatMap((d) => TIMES.flatMap((t) => [`${d}T${t}`, `${d} ${t}`, `${d}t${t}`])), '2026-11-26T10:00:00ZT', '2026-11-26  10:00:00Z'];

// Strings close to the formats' shapes, so that generation reaches the rules rather than the first regex.
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const near = fc.tuple(digits(4), digits(2), digits(2), fc.constantFrom('T', 't', ' ', 'x'), digits(2), digits(2), digits(2), fc.constantFrom('', 'Z', '+01:00', '-23:59', '+24:00', '.5Z', '+0130'))
  .map(([y, mo, d, sep, h, mi, s, tz]) => `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${tz}`);

describe('ISO dates as ajv-formats checks them', () => {
  it('agrees on the edges', () => {
    for (const s of STRINGS) {
      expect(isIsoDate(s), s).toBe(date.validate(s));
      expect(isIsoDateTime(s), s).toBe(dateTime.validate(s));
    }
  });

  it('agrees on generated strings, and orders them alike', () => {
    fc.assert(
      fc.property(near, near, fc.string(), (a, b, any) => {
        expect(isIsoDateTime(a)).toBe(dateTime.validate(a));
        expect(isIsoDateTime(any)).toBe(dateTime.validate(any));
        expect(isIsoDate(a.slice(0, 10))).toBe(date.validate(a.slice(0, 10)));
        expect(compareIsoDateTime(a, b)).toBe(dateTime.compare(a, b));
        expect(compareIsoDate(a.slice(0, 10), b.slice(0, 10))).toBe(date.compare(a.slice(0, 10), b.slice(0, 10)));
      }),
      { numRuns: 3000 },
    );
  });
});
