import { describe, expect, it } from 'vitest';
import { currencySymbol, formatAmount, fromThousandths, MIN_AMOUNT_THOUSANDTHS, toInputString, toThousandths } from '../../src/shared/money.ts';

// Intl separates groups with a narrow or plain no-break space depending on the locale data; compare with plain spaces.
const spaces = (s: string) => s.replace(/[\u00A0\u202F]/g, ' ');

describe('toThousandths', () => {
  it.each<[string | number, number]>([
    ['0', 0],
    ['0,1', 100],
    ['0.1', 100],
    ['0.01', 10],
    ['12,5', 12500],
    ['12.34', 12340],
    ['1500', 1500000],
    ['1.10', 1100],
    // values where value * 1000 in binary floating point drifts (2.01 * 1000 = 2009.9999999999998, 4.03 * 1000 = 4030.0000000000005)
    ['2.01', 2010],
    ['4,02', 4020],
    ['4.03', 4030],
    ['8.03', 8030],
    // large values stay exact
    ['9007199254740.99', 9007199254740990],
    ['123456789012.34', 123456789012340],
    [0.1, 100],
    [12.34, 12340],
    [2.01, 2010],
    [8.03, 8030],
    [1500, 1500000],
  ])('%j -> %d', (input, expected) => expect(toThousandths(input)).toBe(expected));

  it.each<string | number>([
    '12.345',
    '00.5',
    '012',
    '.5',
    '12.',
    '',
    ' 12',
    '12 ',
    '1 000',
    '1,000.50',
    '1e3',
    '0x10',
    'abc',
    '12.3.4',
    '-5',
    '+5',
    '9007199254741',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    12.345,
    0.1 + 0.2,
  ])('refuses %j', (input) => expect(toThousandths(input)).toBeNull());

  it('accepts a minus only where negatives are enabled', () => {
    expect(toThousandths('-5,25', { allowNegative: true })).toBe(-5250);
    expect(toThousandths('-0', { allowNegative: true })).toBe(0);
    expect(Object.is(toThousandths('-0', { allowNegative: true }), -0)).toBe(false);
  });

  it('honours a configured number of decimals', () => {
    expect(toThousandths('1.5', { maxDecimals: 0 })).toBeNull();
    expect(toThousandths('15', { maxDecimals: 0 })).toBe(15000);
    expect(toThousandths('1.234', { maxDecimals: 3 })).toBe(1234);
    // beyond three decimals the thousandths are rounded half up
    expect(toThousandths('1.2345', { maxDecimals: 4 })).toBe(1235);
    expect(toThousandths('1.2344', { maxDecimals: 4 })).toBe(1234);
  });

  it('refuses input that is not a string or number', () => {
    expect(toThousandths(null as unknown as string)).toBeNull();
  });

  it('knows the minimum payout amount is 0.01', () => {
    expect(MIN_AMOUNT_THOUSANDTHS).toBe(toThousandths('0.01'));
  });
});

describe('toInputString', () => {
  it.each([
    [12500, '12.50'],
    [0, '0.00'],
    [10, '0.01'],
    [1, '0.00'],
    [5, '0.01'],
    [12345, '12.35'],
    [12344, '12.34'],
    [-12500, '-12.50'],
    [-5, '-0.01'],
    [-4, '0.00'],
    [9007199254740990, '9007199254740.99'],
  ])('%d -> %s', (value, expected) => expect(toInputString(value)).toBe(expected));

  it('round-trips every typed amount', () => {
    for (const typed of ['0.01', '2.01', '4.03', '1.10', '99.99', '123456789.05']) {
      expect(toInputString(toThousandths(typed)!)).toBe(typed);
    }
  });

  it('is empty for a non-number', () => expect(toInputString(Number.NaN)).toBe(''));
});

describe('formatAmount', () => {
  it('uses the Polish locale: comma decimals, space groups, złoty after the amount', () => {
    expect(spaces(formatAmount(1234500, { locale: 'pl-PL' }))).toBe('1 234,50');
    expect(spaces(formatAmount(12345678900, { locale: 'pl-PL', currency: 'PLN' }))).toBe('12 345 678,90 zł');
  });

  it('groups four-digit Polish amounts like longer ones (Intl alone starts at five digits)', () => {
    expect(spaces(formatAmount(5000000, { locale: 'pl-PL', currency: 'EUR' }))).toBe('5 000,00 €');
    expect(spaces(formatAmount(1000, { locale: 'pl-PL', currency: 'PLN' }))).toBe('1,00 zł');
    expect(spaces(formatAmount(12345670, { locale: 'pl-PL', currency: 'PLN' }))).toBe('12 345,67 zł');
    expect(formatAmount(5000000, { locale: 'en-GB', currency: 'EUR' })).toBe('€5,000.00');
  });

  it('uses the British locale: dot decimals, comma groups, currency symbol first', () => {
    expect(formatAmount(1234500, { locale: 'en-GB' })).toBe('1,234.50');
    expect(formatAmount(1234500, { locale: 'en-GB', currency: 'GBP' })).toBe('£1,234.50');
    expect(formatAmount(10, { locale: 'en-GB', currency: 'EUR' })).toBe('€0.01');
  });

  it('always shows two decimals and rounds a third half away from zero', () => {
    expect(formatAmount(0, { locale: 'en-GB' })).toBe('0.00');
    expect(formatAmount(12345, { locale: 'en-GB' })).toBe('12.35');
    expect(formatAmount(-12345, { locale: 'en-GB' })).toBe('-12.35');
    expect(formatAmount(1005, { locale: 'en-GB' })).toBe('1.01');
  });

  it('formats the largest amounts exactly', () => {
    expect(formatAmount(9007199254740990, { locale: 'en-GB' })).toBe('9,007,199,254,740.99');
  });

  it('shows nothing for a non-number', () => expect(formatAmount(Number.NaN, { locale: 'en-GB' })).toBe(''));
});

describe('currencySymbol', () => {
  it('writes the currency as formatAmount does in the same locale', () => {
    expect(currencySymbol('PLN', 'pl-PL')).toBe('zł');
    expect(currencySymbol('EUR', 'pl-PL')).toBe('€');
    expect(currencySymbol('PLN', 'en-GB')).toBe('PLN');
    expect(currencySymbol('GBP', 'en-GB')).toBe('£');
    for (const [currency, locale] of [['PLN', 'pl-PL'], ['EUR', 'en-GB'], ['USD', 'pl-PL']] as const) {
      expect(formatAmount(1000, { locale, currency })).toContain(currencySymbol(currency, locale));
    }
  });

  it('shows a code Intl does not know as given', () => expect(currencySymbol('X1', 'en-GB')).toBe('X1'));
});

describe('fromThousandths', () => {
  it('gives units for charts', () => expect(fromThousandths(12500)).toBe(12.5));
});
