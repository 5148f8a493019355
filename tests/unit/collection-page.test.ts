// @vitest-environment jsdom
// The collection page's own rules: which addresses are its pages, how a customer's colours and images are used
// (never unreadable text, never a script address), and what the page shows during a technical break.
import { createElement } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TemplateProperties } from '../../src/shared/collection.ts';
import { CollectionPage } from '../../src/client/collection/CollectionPage.tsx';
import { loadTemplate } from '../../src/client/collection/pageApi.ts';
import { PAGE_NAMESPACES, switchLanguage, texts } from '../../src/client/collection/texts.ts';
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
    for (const path of ['/', '/demo', '/panelling', '/demo/payin', '/token-expired/x']) expect(isPanelAddress(path), path).toBe(false);
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

describe('collection page during a technical break', () => {
  const BREAK = { code: 'TECHNICAL_BREAK', message: 'Sorry, there is a technical break. Please try again later.' };
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await texts.changeLanguage('en');
  });

  async function inEnglish() {
    await texts.loadTexts('en', PAGE_NAMESPACES);
    await texts.changeLanguage('en');
  }

  it('shows the break screen in English and in Polish', async () => {
    await inEnglish();
    render(createElement(CollectionPage, { result: { kind: 'break' } }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sorry, there is a technical break.');
    expect(screen.getByText('Please try again later.')).toBeTruthy();
    await act(() => switchLanguage('pl'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Przepraszamy, trwa przerwa techniczna.');
    expect(screen.getByText('Spróbuj ponownie później.')).toBeTruthy();
  });

  it('opens on the break screen when the page’s look is answered with the break', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(503, BREAK)));
    expect(await loadTemplate({ customerUrl: 'demo' })).toEqual({ kind: 'break' });
  });

  it('turns to the break screen when a call in the middle of the wizard is answered with the break', async () => {
    await inEnglish();
    const fetch = vi.fn(async (_input: RequestInfo | URL) => answer(503, BREAK));
    vi.stubGlobal('fetch', fetch);
    const properties = Object.fromEntries(
      ['favicon', 'webTitle', 'backgroundType', 'backgroundImage', 'backgroundColor', 'headerType', 'title', 'logo', 'headerLink', 'supportLinkText', 'supportLink', 'noPayoutsMessage', 'selectPayoutsTitle', 'successMessage', 'pageTitle', 'primaryColor', 'programUrl', 'programName'].map((key) => [key, null]),
    );
    const page = { ...properties, customerUrl: 'demo', supportEmail: 'help@example.com', customerName: 'Demo' } as TemplateProperties;
    render(createElement(CollectionPage, { result: { kind: 'page', properties: page } }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Collect your payout');
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '+48 600 100 200' } });
    fireEvent.submit(screen.getByRole('button', { name: /Send/ }).closest('form')!);
    expect((await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a technical break.' })).textContent).toBe('Sorry, there is a technical break.');
    expect(screen.getByText('Please try again later.')).toBeTruthy();
    // Beside the page's public configuration (its test banner), asked for as it opens.
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/config')).toEqual(['/api/payout/recipient/login']);
  });
});
