// The collection page's own rules: which addresses are its pages, and how a customer's colours and images are used
// (never unreadable text, never a script address).
import { describe, expect, it } from 'vitest';
import { pageAddress } from '../../src/client/collection/address.ts';
import { safeImageUrl } from '../../src/client/collection/theme.ts';
import { applyPrimaryColour, contrast, primaryColours, readableOn } from '../../src/client/core/brandColours.ts';
import { isPanelAddress } from '../../src/shared/addresses.ts';

describe('collection page addresses', () => {
  it('reads up to two segments, decoded, and nothing deeper', () => {
    expect(pageAddress('/')).toEqual({});
    expect(pageAddress('/demo')).toEqual({ customerUrl: 'demo' });
    expect(pageAddress('/demo/employee-bonuses/')).toEqual({ customerUrl: 'demo', programUrl: 'employee-bonuses' });
    expect(pageAddress('/Caf%C3%A9')).toEqual({ customerUrl: 'Café' });
    expect(pageAddress('/a/b/c')).toBeNull();
    expect(pageAddress('/%E0%A4%A')).toBeNull();
    expect(pageAddress(`/${'x'.repeat(101)}`)).toBeNull();
  });

  it('leaves the panel and the token-expired page to the panel, and everything else to the page', () => {
    for (const path of ['/panel', '/panel/', '/panel/payouts', '/token-expired']) expect(isPanelAddress(path), path).toBe(true);
    for (const path of ['/', '/demo', '/panelling', '/demo/panel', '/token-expired/x']) expect(isPanelAddress(path), path).toBe(false);
  });
});

describe('collection page theme', () => {
  it('puts readable text on any primary colour', () => {
    const greys = Array.from({ length: 52 }, (_, i) => `#${(i * 5).toString(16).padStart(2, '0').repeat(3)}`);
    for (const colour of ['#0a7d4f', '#ffeb3b', '#1f5eff', '#ff7f50', '#e53935', ...greys]) {
      const set = primaryColours(colour);
      expect(contrast(set['--color-on-primary'], colour), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(set['--color-on-primary'], set['--color-primary-hover']), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(set['--color-link'], '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(set['--color-on-primary-soft'], set['--color-primary-soft']), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(primaryColours('#ffeb3b')['--color-on-primary']).toBe('#1b2330');
    expect(primaryColours('#0a3d7f')['--color-on-primary']).toBe('#ffffff');
    // A colour readable on white already is kept as it is.
    expect(readableOn('#0a3d7f')).toBe('#0a3d7f');
  });

  it('puts a customer\'s colour on the document and takes it off again (the panel and its login page)', () => {
    const set = new Map<string, string>();
    const root = { style: { setProperty: (name: string, value: string) => set.set(name, value), removeProperty: (name: string) => set.delete(name) } } as unknown as HTMLElement;
    applyPrimaryColour('#7a1f5e', root);
    expect(Object.fromEntries(set)).toEqual(primaryColours('#7a1f5e'));
    applyPrimaryColour('red; background: url(x)', root);
    expect(set.size).toBe(0);
    applyPrimaryColour('#7a1f5e', root);
    applyPrimaryColour(null, root);
    expect(set.size).toBe(0);
  });

  it('shows images from https or this server only', () => {
    expect(safeImageUrl('/api/images/5f0c')).toBe('/api/images/5f0c');
    expect(safeImageUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    for (const bad of ['javascript:alert(1)', 'http://cdn.example.com/logo.png', '//evil.example.com/x.png', 'data:image/svg+xml,<svg/>', '', null]) expect(safeImageUrl(bad), String(bad)).toBeNull();
  });
});
