// @vitest-environment jsdom
// The panel's texts load per language and namespace: the first screen's namespaces before it renders, the rest of
// the language in the background, another language only when the user switches to it (remembered for the tab).
import { createElement, Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import enTable from '../../locales/en/table.json' with { type: 'json' };
import plCommon from '../../locales/pl/common.json' with { type: 'json' };
import plTable from '../../locales/pl/table.json' with { type: 'json' };
import enImports from '../../locales/en/imports.json' with { type: 'json' };
import { changeLanguage, i18n, initI18n, NAMESPACES, namespacesFor } from '../../src/client/core/i18n.ts';
import { applyLocaleEdit } from '../../src/client/core/i18nHot.ts';

describe('namespacesFor', () => {
  it('gives the login page its form messages and API errors', () => {
    for (const path of ['/panel', '/panel/', '/panel/recipients', '/panel/recipients/create', '/panel/no-such-screen']) {
      expect(namespacesFor(path, false), path).toEqual(['common', 'validation', 'errors']);
    }
  });

  it('gives a table screen its column, action and paging texts, without the form ones', () => {
    expect(namespacesFor('/panel/recipients', true)).toEqual(['common', 'errors', 'entities', 'screens', 'table']);
    expect(namespacesFor('/panel/users/', true)).toEqual(['common', 'errors', 'entities', 'screens', 'table']);
  });

  it('gives a form screen its field, message and widget texts', () => {
    const form = ['common', 'validation', 'errors', 'entities', 'screens', 'form'];
    expect(namespacesFor('/panel/recipients/create', true)).toEqual(form);
    expect(namespacesFor('/panel/recipients/12/update', true)).toEqual(form);
    expect(namespacesFor('/panel/payouts/create', true)).toEqual(form);
  });

  it('gives the dashboard its panels\' texts and the payout statuses\' labels', () => {
    expect(namespacesFor('/panel/dashboard', true)).toEqual(['common', 'errors', 'entities', 'dashboard']);
  });

  it('gives hand-written screens, unknown panel addresses and the public pages the common texts and errors', () => {
    for (const path of ['/panel', '/panel/accounts/3/representatives', '/panel/recipients/12', '/panel/nothing']) {
      expect(namespacesFor(path, true), path).toEqual(['common', 'errors']);
    }
    for (const path of ['/', '/demo', '/demo/summer', '/token-expired', '/panelx']) {
      expect(namespacesFor(path, false), path).toEqual(['common', 'errors']);
      expect(namespacesFor(path, true), path).toEqual(['common', 'errors']);
    }
  });
});

/** Reads the table namespace through the default one, as the list screens do: that alone never waits for it. */
function Probe() {
  const { t } = useTranslation();
  return createElement('p', null, `${t('login.submit')} / ${t('table:table.noRecords')}`);
}

const has = (language: string, ns: string) => i18n.hasResourceBundle(language, ns);

describe('loading', () => {
  afterAll(cleanup);

  it('starts with the first screen’s namespaces of the current language only', async () => {
    expect(await initI18n({ pathname: '/panel', hasSession: false, language: 'en' })).toBe(i18n);
    expect(i18n.language).toBe('en');
    for (const ns of namespacesFor('/panel', false)) expect(has('en', ns), ns).toBe(true);
    expect(has('en', 'table')).toBe(false);
    for (const ns of NAMESPACES) expect(has('pl', ns), `pl ${ns}`).toBe(false);
    expect(document.documentElement.lang).toBe('en');
    // Later calls (a second render of the entry in development) share the same start.
    expect(initI18n()).toBe(initI18n());
  });

  it('loads the rest of the language after start-up, and a screen reading it re-renders when it arrives', async () => {
    await initI18n();
    render(createElement(Probe));
    await vi.waitFor(() => expect(NAMESPACES.every((ns) => has('en', ns))).toBe(true), { timeout: 15_000 });
    await screen.findByText(`${enCommon.login.submit} / ${enTable.table.noRecords}`);
    expect(NAMESPACES.some((ns) => has('pl', ns))).toBe(false);
  });

  it('switches language only once every namespace of the new one is in, and remembers it for the tab', async () => {
    await initI18n();
    const seen: string[] = [];
    const record = (language: string) => seen.push(`${language}: ${NAMESPACES.filter((ns) => !has(language, ns)).join(',')}`);
    i18n.on('languageChanged', record);
    await act(() => changeLanguage('pl'));
    i18n.off('languageChanged', record);
    expect(seen).toEqual(['pl: ']);
    expect(i18n.language).toBe('pl');
    expect(sessionStorage.getItem('language')).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    expect(screen.getByText(`${plCommon.login.submit} / ${plTable.table.noRecords}`)).toBeTruthy();
  });

  it('switches back at once, the texts being in already', () => {
    act(() => void changeLanguage('en'));
    expect(screen.getByText(`${enCommon.login.submit} / ${enTable.table.noRecords}`)).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(sessionStorage.getItem('language')).toBe('en');
  });

  it('takes locale edits (live edits in development) without a reload, the edited file replacing the namespace', async () => {
    await initI18n();
    act(() => applyLocaleEdit({ lng: 'en', ns: 'table', data: { table: { noRecords: 'Nothing here' } } }));
    expect(screen.getByText(`${enCommon.login.submit} / Nothing here`)).toBeTruthy();
    expect(i18n.exists('table:pagination.next')).toBe(false);
    act(() => applyLocaleEdit({ lng: 'en', ns: 'table', data: enTable }));
    // A namespace that is not in is left to be loaded from the edited file when needed.
    act(() => applyLocaleEdit({ lng: 'en', ns: 'no-such-namespace', data: { a: 'b' } }));
    expect(has('en', 'no-such-namespace')).toBe(false);
  });
});

describe('a screen whose namespace is not in', () => {
  afterAll(cleanup);

  it('waits for it, then shows its texts: never a key', async () => {
    // A fresh start of the panel's texts (the login page's namespaces only), with the screen rendered before the
    // rest of the language comes in.
    vi.resetModules();
    const fresh = await import('../../src/client/core/i18n.ts');
    await fresh.initI18n({ pathname: '/panel', hasSession: false, language: 'en' });
    expect(fresh.i18n.hasResourceBundle('en', 'imports')).toBe(false);
    const own = { i18n: fresh.i18n };
    function Imports() {
      const { t } = useTranslation('imports', own);
      return createElement('p', null, `${t('confirm')} ${t('more', { count: 2 })}`);
    }
    cleanup();
    render(createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Imports)));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText(`${enImports.confirm} ${enImports.more_other.replace('{{count}}', '2')}`)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/more_|imports:|\{\{/);
  });
});
