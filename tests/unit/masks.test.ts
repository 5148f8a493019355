import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskIban, maskIndustryCode, maskPostalCode } from '../../src/shared/masks.ts';
import { isIndustryCode, isPostalCode } from '../../src/shared/validation/rules.ts';

describe('maskPostalCode', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12-3'],
    ['12345', '12-345'],
    ['12-345', '12-345'],
    ['123456', '12-345'],
    ['ab12c3-4x5', '12-345'],
    ['12 -', '12'],
  ])('%j -> %j', (input, expected) => expect(maskPostalCode(input)).toBe(expected));

  it('never exceeds 6 characters and a complete code is valid', () => {
    const masked = maskPostalCode('0095012345');
    expect(masked).toHaveLength(6);
    expect(isPostalCode(masked)).toBe(true);
  });
});

describe('maskIndustryCode', () => {
  it.each([
    ['', ''],
    ['6', '6'],
    ['62', '62'],
    ['620', '62.0'],
    ['6201', '62.01'],
    ['6201z', '62.01.Z'],
    ['62.01.z', '62.01.Z'],
    ['62.01.ZZ', '62.01.Z'],
    ['6a2b01', '62.01'],
    ['62.01.7', '62.01'],
  ])('%j -> %j', (input, expected) => expect(maskIndustryCode(input)).toBe(expected));

  it('never exceeds 7 characters and a complete code is valid', () => {
    const masked = maskIndustryCode('4711abcdef');
    expect(masked).toBe('47.11.A');
    expect(isIndustryCode(masked)).toBe(true);
  });
});

describe('maskIban', () => {
  it.each([
    ['pl61 1090 1014', 'PL61 1090 1014'],
    ['PL61-1090/1014', 'PL6110901014'],
    ['gb29 nwbk 6016', 'GB29 NWBK 6016'],
    ['ąę!?', ''],
  ])('%j -> %j', (input, expected) => expect(maskIban(input)).toBe(expected));
});

describe('maskAccountNumber', () => {
  it.each([
    ['PL61109010140000071219812874', '•••• 2874'],
    ['PL61 1090 1014 0000 0712 1981 2874', '•••• 2874'],
    ['31926819', '•••• 6819'],
    ['', null],
    [null, null],
  ])('%j -> %j', (input, expected) => expect(maskAccountNumber(input)).toBe(expected));
});
