// Spreadsheet cells read the way a person means them (src/shared/imports.ts): phone numbers stored as numbers,
// amounts with a decimal comma or as a spreadsheet's float, dates as serial numbers or as text in the customer's
// time zone, headers in any case and spacing.
import { describe, expect, it } from 'vitest';
import { cellText, headerKey, readAmountCell, readDateCell, readPhoneCell, serialToWallTime, textToWallTime } from '../../src/shared/imports.ts';

describe('import cells', () => {
  it('compares headers without case, spacing or marks around words', () => {
    expect(headerKey('  Phone   NUMBER * ')).toBe(headerKey('phone number'));
    expect(headerKey('Last name:')).toBe('last name');
    expect(headerKey('E-mail')).toBe(headerKey('e mail'));
  });

  it('gives a phone number stored as a number its plus sign back, in full digits', () => {
    expect(readPhoneCell(48601234567)).toBe('+48601234567');
    // Shown as 4.86012E+10 by the spreadsheet, stored exactly.
    expect(readPhoneCell(4.8601234567e10)).toBe('+48601234567');
    expect(readPhoneCell(601234567)).toBe('601234567');
    expect(readPhoneCell(' +48 601 234 567 ')).toBe('+48 601 234 567');
    expect(readPhoneCell(null)).toBe('');
    expect(cellText(12345678901234)).toBe('12345678901234');
  });

  it('reads amounts from number cells and from text with a dot, a comma or spaces between thousands', () => {
    expect(readAmountCell(12.5)).toBe(12_500);
    expect(readAmountCell(12.3)).toBe(12_300);
    expect(readAmountCell(0.1 + 0.2)).toBe(300);
    expect(readAmountCell('12,50')).toBe(12_500);
    expect(readAmountCell('1 234,56')).toBe(1_234_560);
    expect(readAmountCell('1\u00a0234.5')).toBe(1_234_500);
    // A fraction of a cent is read as written; the form's check refuses it (wholeCents).
    expect(readAmountCell(12.345)).toBe(12_345);
    expect(readAmountCell('12,345')).toBe(12_345);
    expect(readAmountCell(12.3456)).toBeNull();
    expect(readAmountCell('12,3456')).toBeNull();
    expect(readAmountCell('twelve')).toBeNull();
    expect(readAmountCell('')).toBeNull();
  });

  it('reads date cells (serial numbers) and dates written as text', () => {
    expect(serialToWallTime(46387)).toBe('2026-12-31 00:00:00');
    expect(serialToWallTime(46387.5)).toBe('2026-12-31 12:00:00');
    expect(textToWallTime('2026-12-31 12:00:00')).toEqual({ wall: '2026-12-31 12:00:00', dateOnly: false });
    expect(textToWallTime('31.12.2026')).toEqual({ wall: '2026-12-31 00:00:00', dateOnly: true });
    expect(textToWallTime('31/12/2026 8:05')).toEqual({ wall: '2026-12-31 08:05:00', dateOnly: false });
    expect(textToWallTime('2026-02-30')).toBeNull();
    expect(textToWallTime('31.12.26')).toBeNull();
  });

  it("takes dates in the customer's time zone, and a date alone as the end of that day for an end date", () => {
    expect(readDateCell('2026-12-31 12:00:00', 'Europe/Warsaw')?.toISOString()).toBe('2026-12-31T11:00:00.000Z');
    expect(readDateCell('31.12.2026', 'Europe/Warsaw', true)?.toISOString()).toBe('2026-12-31T22:59:59.000Z');
    expect(readDateCell(46387, 'Europe/Warsaw', true)?.toISOString()).toBe('2026-12-31T22:59:59.000Z');
    expect(readDateCell(46387.5, 'Europe/London')?.toISOString()).toBe('2026-12-31T12:00:00.000Z');
    // Summer time: Warsaw is two hours ahead.
    expect(readDateCell('2026-07-01 10:00', 'Europe/Warsaw')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(readDateCell('soon', 'Europe/Warsaw')).toBeNull();
    expect(readDateCell(true, 'Europe/Warsaw')).toBeNull();
  });
});
