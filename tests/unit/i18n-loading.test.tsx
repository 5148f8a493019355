// @vitest-environment jsdom
// Texts load per language and namespace: the first screen's namespaces before it renders, the rest of the
// language in the background, another language only when the user switches to it.
import { createElement } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import enTable from '../../locales/en/table.json' with { type: 'json' };
import plCommon from '../../locales/pl/common.json' with { type: 'json' };
import plTable from '../../locales/pl/table.json' with { type: 'json' };
import { changeLanguage, initI18n, NAMESPACES, namespacesFor } from '../../src/client/core/i18n.ts';

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
  });

  it('gives hand-written screens, unknown panel addresses and the public pages the common texts and errors', () => {
    for (const path of ['/panel', '/panel/dashboard', '/panel/accounts/create', '/panel/recipients/12', '/panel/nothing']) {
      expect(namespacesFor(path, true), path).toEqual(['common', 'errors']);
    }
    for (const path of ['/', '/demo', '/demo/summer', '/token-expired', '/panelx']) {
      expect(namespacesFor(path, false), path).toEqual(['common', 'errors']);
      expect(namespacesFor(path, true), path).toEqual(['common', 'errors']);
    }
  });
});

/** Reads the table namespace through the default one, as the list screens do: that alone never loads it. */
function Probe() {
  const { t } = useTranslation();
  return createElement('p', null, `${t('login.submit')} / ${t('table:table.noRecords')}`);
}

describe('loading', () => {
  afterAll(cleanup);

  it('starts with the first screen’s namespaces of the current language only', async () => {
    const i18n = await initI18n({ pathname: '/panel', hasSession: false, language: 'en' });
    expect(i18n.language).toBe('en');
    for (const ns of namespacesFor('/panel', false)) expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
    expect(i18n.hasResourceBundle('en', 'table')).toBe(false);
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('pl', ns), `pl ${ns}`).toBe(false);
    expect(document.documentElement.lang).toBe('en');
    // Later calls (a second render of the entry in development) share the same start.
    expect(initI18n()).toBe(initI18n());
  });

  it('loads the rest of the language after start-up, and a screen reading it re-renders when it arrives', async () => {
    const i18n = await initI18n();
    render(createElement(Probe));
    await vi.waitFor(() => expect(NAMESPACES.every((ns) => i18n.hasResourceBundle('en', ns))).toBe(true));
    await screen.findByText(`${enCommon.login.submit} / ${enTable.table.noRecords}`);
    expect(NAMESPACES.some((ns) => i18n.hasResourceBundle('pl', ns))).toBe(false);
  });

  it('switches language only once every namespace of the new one is in', async () => {
    const i18n = await initI18n();
    const seen: string[] = [];
    const onChanged = (language: string) => seen.push(`${language}: ${NAMESPACES.filter((ns) => !i18n.hasResourceBundle(language, ns)).join(',')}`);
    i18n.on('languageChanged', onChanged);
    await act(() => changeLanguage('pl'));
    i18n.off('languageChanged', onChanged);
    expect(seen).toEqual(['pl: ']);
    expect(i18n.language).toBe('pl');
    expect(sessionStorage.getItem('language')).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    expect(screen.getByText(`${plCommon.login.submit} / ${plTable.table.noRecords}`)).toBeTruthy();
  });

  it('switches back at once, the texts being in already', () => {
    act(() => void changeLanguage('en'));
    expect(screen.getByText(`${enCommon.login.submit} / ${enTable.table.noRecords}`)).toBeTruthy();
  });

  it('keeps the last of two quick choices', async () => {
    const i18n = await initI18n();
    i18n.removeResourceBundle('pl', 'form');
    const first = changeLanguage('pl');
    const second = changeLanguage('en');
    await act(() => Promise.all([first, second]));
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('pl', 'form')).toBe(true);
  });

  it('takes texts added at run time (hot updates in development) without a reload', async () => {
    const i18n = await initI18n();
    act(() => void i18n.addResourceBundle('en', 'table', { table: { noRecords: 'Nothing here' } }, true, true));
    expect(screen.getByText(`${enCommon.login.submit} / Nothing here`)).toBeTruthy();
  });
});
