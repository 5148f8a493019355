import { describe, expect, it } from 'vitest';
import { countSms, fitsSms, SMS_LIMITS } from '../../src/shared/sms.ts';

describe('countSms', () => {
  it('counts plain ASCII as 7-bit, one per character', () => {
    expect(countSms('Hello, your payout is ready!')).toEqual({ encoding: 'GSM7', length: 28, limit: 560, remaining: 532, tooLong: false });
  });

  it('counts an empty text', () => {
    expect(countSms('')).toEqual({ encoding: 'GSM7', length: 0, limit: 560, remaining: 560, tooLong: false });
  });

  it('counts GSM basic-set accents and symbols once', () => {
    // é, ü, ñ, à, £, ¥, §, ¿, Δ, newline: all in the 7-bit basic table
    expect(countSms('éüñà£¥§¿Δ\n')).toMatchObject({ encoding: 'GSM7', length: 10 });
  });

  it('counts extension-table characters twice', () => {
    expect(countSms('Price: 10€')).toMatchObject({ encoding: 'GSM7', length: 11 });
    expect(countSms('[a]')).toMatchObject({ encoding: 'GSM7', length: 5 });
    expect(countSms('^{}\\[~]|€')).toMatchObject({ encoding: 'GSM7', length: 18 });
    expect(countSms('\f')).toMatchObject({ encoding: 'GSM7', length: 2 });
  });

  it('switches the whole text to UCS-2 for a Polish letter', () => {
    // 27 characters, each one code unit
    expect(countSms('Zażółć gęślą jaźń, wypłata.')).toEqual({ encoding: 'UCS2', length: 27, limit: 280, remaining: 253, tooLong: false });
    expect(countSms('ą')).toMatchObject({ encoding: 'UCS2', length: 1 });
  });

  it('counts extension characters once under UCS-2', () => {
    expect(countSms('ł€')).toMatchObject({ encoding: 'UCS2', length: 2 });
  });

  it('counts an emoji as two UTF-16 code units and forces UCS-2', () => {
    expect(countSms('Hi 😀')).toMatchObject({ encoding: 'UCS2', length: 5, limit: 280 });
  });

  it('treats characters outside the GSM set (ç, backtick) as UCS-2', () => {
    expect(countSms('ç').encoding).toBe('UCS2');
    expect(countSms('`').encoding).toBe('UCS2');
  });

  it('allows exactly 560 7-bit characters and flags 561', () => {
    expect(countSms('a'.repeat(560))).toMatchObject({ length: 560, remaining: 0, tooLong: false });
    expect(countSms('a'.repeat(561))).toMatchObject({ length: 561, remaining: -1, tooLong: true });
  });

  it('counts extension characters against the 7-bit limit', () => {
    expect(countSms('€'.repeat(280)).tooLong).toBe(false);
    expect(countSms(`${'€'.repeat(280)}a`)).toMatchObject({ length: 561, tooLong: true });
  });

  it('allows exactly 280 UCS-2 units and flags 281', () => {
    expect(countSms('ą'.repeat(280))).toMatchObject({ encoding: 'UCS2', length: 280, remaining: 0, tooLong: false });
    expect(countSms('ą'.repeat(281))).toMatchObject({ encoding: 'UCS2', length: 281, remaining: -1, tooLong: true });
    // 139 emoji + one letter = 279 units; one more emoji goes over
    expect(countSms(`${'😀'.repeat(139)}ą`).tooLong).toBe(false);
    expect(countSms(`${'😀'.repeat(140)}ą`).tooLong).toBe(true);
  });

  it('flags a 300-character ASCII text as too long once one Polish letter is added', () => {
    expect(countSms('a'.repeat(300)).tooLong).toBe(false);
    expect(countSms(`${'a'.repeat(299)}ł`).tooLong).toBe(true);
  });

  it('exposes the limits and a predicate', () => {
    expect(SMS_LIMITS).toEqual({ GSM7: 560, UCS2: 280 });
    expect(fitsSms('a'.repeat(560))).toBe(true);
    expect(fitsSms('a'.repeat(561))).toBe(false);
  });
});
