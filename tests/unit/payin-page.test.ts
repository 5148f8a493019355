// The pay-in page's own rules: which addresses are the pay-in page, and the Code 128 symbol its barcode draws
// (patterns from the Code 128 symbology: start B 11010010000, code C 10111011110, stop 1100011101011).
import { describe, expect, it } from 'vitest';
import { payinAddress } from '../../src/client/collection/address.ts';
import { code128 } from '../../src/client/collection/payin/code128.ts';

describe('pay-in page addresses', () => {
  it("is /{customerUrl}/payin, or /payin on a customer's own domain, and nothing else", () => {
    expect(payinAddress('/demo/payin')).toEqual({ customerUrl: 'demo' });
    expect(payinAddress('/demo/payin/')).toEqual({ customerUrl: 'demo' });
    expect(payinAddress('/payin')).toEqual({});
    for (const path of ['/', '/demo', '/demo/employee-bonuses', '/demo/payin/x', '/payin/payin/x', '/demo/payins']) expect(payinAddress(path), path).toBeNull();
  });
});

describe('the Code 128 symbol', () => {
  /** The modules back from the bars: "1" a bar, "0" a space. */
  const modulesOf = (text: string) => {
    const symbol = code128(text)!;
    const modules = Array<string>(symbol.modules).fill('0');
    for (const bar of symbol.bars) modules.fill('1', bar.x, bar.x + bar.width);
    return modules.join('');
  };

  it('starts in set B for the letters, changes to set C for the digits, and ends with the stop character', () => {
    const modules = modulesOf('PI000000000195');
    expect(modules.slice(0, 11)).toBe('11010010000');
    // After P and I, one character each in set B.
    expect(modules.slice(33, 44)).toBe('10111011110');
    expect(modules.endsWith('1100011101011')).toBe(true);
    // Start, P, I, code C, six digit pairs, the check character: 11 modules each; the stop 13.
    expect(modules).toHaveLength(11 * 11 + 13);
  });

  it('refuses what Code 128 cannot hold', () => {
    expect(code128('')).toBeNull();
    expect(code128('Zażółć')).toBeNull();
  });
});
