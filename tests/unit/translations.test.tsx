// @vitest-environment jsdom
// The texts over i18next (src/client/core/textStore.ts): lookup by namespace, placeholders, plurals by each
// language's rules, missing texts that never show a key, loading with retries, language switches that load first,
// and react-i18next's hook waiting for its namespace and re-rendering its users.
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enImports from '../../locales/en/imports.json' with { type: 'json' };
import plImports from '../../locales/pl/imports.json' with { type: 'json' };
import enTable from '../../locales/en/table.json' with { type: 'json' };
import plTable from '../../locales/pl/table.json' with { type: 'json' };
import { createTextStore, type TextStore, type Texts } from '../../src/client/core/textStore.ts';

const NAMESPACES = ['common', 'table', 'form'];

const FILES: Record<string, Record<string, Texts>> = {
  en: {
    common: {
      login: { submit: 'Log in' },
      home: { welcome: 'Welcome, {{name}}' },
      permissions: { 'payout.recipient.read': 'Read recipients' },
      rows_one: '{{count}} row',
      rows_other: '{{count}} rows',
    },
    table: {
      pagination: { range: '{{from}}–{{to}} of {{total}}', page: 'Page {{ page }}' },
      table: { noRecords: 'No records' },
    },
    form: { remaining: 'Characters left: {{counter}}' },
  },
  pl: {
    common: {
      login: { submit: 'Zaloguj się' },
      home: { welcome: 'Witaj, {{name}}' },
      permissions: { 'payout.recipient.read': 'Odczyt odbiorców' },
      rows_one: '{{count}} wiersz',
      rows_few: '{{count}} wiersze',
      rows_many: '{{count}} wierszy',
      rows_other: '{{count}} wiersza',
    },
    table: { pagination: { range: '{{from}}–{{to}} z {{total}}', page: 'Strona {{page}}' }, table: { noRecords: 'Brak rekordów' } },
    form: { remaining: 'Pozostało znaków: {{counter}}' },
  },
};

/** Locale files whose requests the test settles, or that answer at once (`instant`). */
function fakeFiles({ instant = false, failing = new Set<string>() }: { instant?: boolean; failing?: Set<string> } = {}) {
  const requests: { id: string; resolve: () => void }[] = [];
  const load = vi.fn((language: string, namespace: string): Promise<Texts> | undefined => {
    const texts = FILES[language]?.[namespace];
    if (!texts) return undefined;
    const id = `${language}/${namespace}`;
    if (failing.has(id)) return Promise.reject(new Error(`network error: ${id}`));
    if (instant) return Promise.resolve(texts);
    return new Promise<Texts>((resolve) => requests.push({ id, resolve: () => resolve(texts) }));
  });
  /** Answers the open requests (of one language, or all). */
  const settle = async (language?: string) => {
    for (const request of requests.splice(0)) {
      if (!language || request.id.startsWith(`${language}/`)) request.resolve();
      else requests.push(request);
    }
    await flush();
  };
  return { load, requests, settle };
}

/** Lets promise callbacks (and the retry timers of 1 ms) run. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

function store(load: (language: string, namespace: string) => Promise<Texts> | undefined = () => undefined): TextStore {
  return createTextStore({ language: 'en', languages: ['en', 'pl'], namespaces: NAMESPACES, defaultNamespace: 'common', load, retryDelay: 1 });
}

function withTexts(...languages: string[]): TextStore {
  const texts = store();
  for (const language of languages) for (const ns of NAMESPACES) texts.i18n.addResourceBundle(language, ns, FILES[language][ns]);
  return texts;
}

afterEach(cleanup);

describe('t', () => {
  const { t, i18n } = withTexts('en', 'pl');

  it('reads the default namespace for plain keys and another one through ns:key', () => {
    expect(t('login.submit')).toBe('Log in');
    expect(t('table:table.noRecords')).toBe('No records');
    expect(t('common:login.submit')).toBe('Log in');
  });

  it('finds keys whose names hold dots', () => {
    expect(t('permissions.payout.recipient.read')).toBe('Read recipients');
  });

  it('fills placeholders as given, without escaping (React escapes), and leaves those without a value as written', () => {
    expect(t('home.welcome', { name: 'Ann <b>&amp;</b>' })).toBe('Welcome, Ann <b>&amp;</b>');
    expect(t('table:pagination.range', { from: 1, to: 50, total: 1234 })).toBe('1–50 of 1234');
    expect(t('table:pagination.page', { page: 3 })).toBe('Page 3');
    // Characters that mean something to String.prototype.replace are put in as they are.
    expect(t('home.welcome', { name: '$& $1 $$' })).toBe('Welcome, $& $1 $$');
    expect(t('home.welcome', { other: 'x' })).toBe('Welcome, {{name}}');
  });

  it('picks the plural form by the count: one and other in English; one, few, many and other in Polish', async () => {
    const english = [1, 2, 5, 21].map((count) => t('rows', { count }));
    expect(english).toEqual(['1 row', '2 rows', '5 rows', '21 rows']);
    await i18n.changeLanguage('pl');
    const polish = [1, 2, 4, 5, 12, 21, 22, 25, 1.5].map((count) => t('rows', { count }));
    await i18n.changeLanguage('en');
    expect(polish).toEqual(['1 wiersz', '2 wiersze', '4 wiersze', '5 wierszy', '12 wierszy', '21 wierszy', '22 wiersze', '25 wierszy', '1.5 wiersza']);
  });

  it('gives the locale files’ plural texts their forms in both languages', () => {
    const real = createTextStore({ language: 'en', languages: ['en', 'pl'], namespaces: ['imports', 'table'], defaultNamespace: 'imports', load: () => undefined });
    real.i18n.addResourceBundle('en', 'imports', enImports);
    real.i18n.addResourceBundle('pl', 'imports', plImports);
    real.i18n.addResourceBundle('en', 'table', enTable);
    real.i18n.addResourceBundle('pl', 'table', plTable);
    const en = real.i18n.getFixedT('en');
    const pl = real.i18n.getFixedT('pl');
    expect(en('more', { count: 1 })).toBe('…and 1 more problem.');
    expect(en('more', { count: 7 })).toBe('…and 7 more problems.');
    expect([1, 3, 5, 22].map((count) => pl('more', { count }))).toEqual(['…i jeszcze 1 problem.', '…i jeszcze 3 problemy.', '…i jeszcze 5 problemów.', '…i jeszcze 22 problemy.']);
    expect(en('table:bulk.all', { count: 3, target: 'Paid' })).toBe('3 will be updated to “Paid”. Continue?');
    expect(pl('table:bulk.all', { count: 1, target: 'Wypłacona' })).toBe('Zaktualizowany zostanie 1 wiersz na „Wypłacona”. Kontynuować?');
    expect(pl('table:bulk.some', { count: 2, total: 5, target: 'Wypłacona' })).toBe('Zaktualizowane zostaną tylko 2 wiersze z 5 na „Wypłacona”. Kontynuować?');
    expect(pl('table:bulk.all', { count: 5, target: 'Wypłacona' })).toBe('Zaktualizowanych zostanie 5 wierszy na „Wypłacona”. Kontynuować?');
  });

  it('never shows a key: a missing text is its default value when the code gives one, and empty otherwise', () => {
    for (const key of ['login.nothing', 'table:nothing.here', 'nosuchns:some.key', 'table.noRecords', 'login', 'rows']) {
      expect(t(key), key).toBe('');
    }
    expect(t('table:nothing', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(t('table:nothing', { defaultValue: 'At most {{max}}', max: 5 })).toBe('At most 5');
    expect(t('login.submit', { defaultValue: 'Fallback' })).toBe('Log in');
  });

  it('knows which keys have a text', () => {
    expect(i18n.exists('login.submit')).toBe(true);
    expect(i18n.exists('table:table.noRecords')).toBe(true);
    expect(i18n.exists('table:table.nothing')).toBe(false);
  });
});

describe('loading', () => {
  it('requests a file again after a failure, twice, gives up after that, and asks again when called again', async () => {
    let failures = 2;
    const load = vi.fn((language: string, namespace: string) => (failures-- > 0 ? Promise.reject(new Error('network error')) : Promise.resolve(FILES[language][namespace])));
    const texts = store(load);
    await texts.loadTexts('en', ['common']);
    expect(load).toHaveBeenCalledTimes(3);
    expect(texts.t('login.submit')).toBe('Log in');

    const failing = new Set(['en/table']);
    const files = fakeFiles({ failing });
    const other = store(files.load);
    await expect(other.loadTexts('en', ['table'])).rejects.toThrow('Texts could not be loaded: en/table');
    expect(files.load).toHaveBeenCalledTimes(3);
    expect(other.hasTexts('en', 'table')).toBe(false);
    failing.clear();
    const again = other.loadTexts('en', ['table']);
    await files.settle();
    await again;
    expect(other.t('table:table.noRecords')).toBe('No records');
  });

  it('does not ask again for a file that does not exist', async () => {
    const files = fakeFiles({ instant: true });
    const texts = store(files.load);
    await expect(texts.loadTexts('en', ['common', 'nothing'])).rejects.toThrow('Texts could not be loaded: en/nothing');
    expect(files.load.mock.calls.filter(([, ns]) => ns === 'nothing')).toHaveLength(1);
    expect(texts.hasTexts('en', 'common')).toBe(true);
  });

  it('shares one request among those waiting for the same file, and asks only for what is missing', async () => {
    const files = fakeFiles();
    const texts = store(files.load);
    const first = texts.loadTexts('en', ['common', 'table']);
    const second = texts.loadLanguage('en');
    expect(files.load.mock.calls.map(([language, ns]) => `${language}/${ns}`)).toEqual(['en/common', 'en/table', 'en/form']);
    await files.settle();
    await Promise.all([first, second]);
    await texts.loadLanguage('en');
    expect(files.load).toHaveBeenCalledTimes(3);
  });
});

describe('changeLanguage', () => {
  it('switches only once every namespace of the language is in', async () => {
    const files = fakeFiles();
    const texts = store(files.load);
    const seen: string[] = [];
    texts.i18n.on('languageChanged', (language: string) => seen.push(`${language} ${NAMESPACES.filter((ns) => texts.hasTexts(language, ns)).length}`));
    const switching = texts.changeLanguage('pl');
    expect(files.requests.map((request) => request.id)).toEqual(['pl/common', 'pl/table', 'pl/form']);
    expect(texts.i18n.language).toBe('en');
    const [common, ...rest] = files.requests.splice(0);
    common.resolve();
    await flush();
    expect(texts.i18n.language).toBe('en');
    for (const request of rest) request.resolve();
    await expect(switching).resolves.toBe(true);
    expect(texts.i18n.language).toBe('pl');
    expect(texts.t('login.submit')).toBe('Zaloguj się');
    expect(seen).toEqual(['pl 3']);
  });

  it('switches at once when the language is in', () => {
    const texts = withTexts('en', 'pl');
    void texts.changeLanguage('pl');
    expect(texts.i18n.language).toBe('pl');
    expect(texts.t('home.welcome', { name: 'Ola' })).toBe('Witaj, Ola');
  });

  it('keeps the language and rejects when a namespace of the new one cannot be loaded', async () => {
    const failing = new Set(['pl/form']);
    const files = fakeFiles({ instant: true, failing });
    const texts = store(files.load);
    texts.i18n.addResourceBundle('en', 'common', FILES.en.common);
    const listener = vi.fn();
    texts.i18n.on('languageChanged', listener);
    await expect(texts.changeLanguage('pl')).rejects.toThrow('Texts could not be loaded: pl/form');
    expect(texts.i18n.language).toBe('en');
    expect(texts.t('login.submit')).toBe('Log in');
    expect(listener).not.toHaveBeenCalled();
    // What did load stays; a later attempt asks only for the rest, and switches when it comes.
    expect(texts.hasTexts('pl', 'common')).toBe(true);
    failing.clear();
    files.load.mockClear();
    await expect(texts.changeLanguage('pl')).resolves.toBe(true);
    expect(files.load.mock.calls).toEqual([['pl', 'form']]);
    expect(texts.i18n.language).toBe('pl');
  });

  it('keeps the last of two quick choices', async () => {
    const files = fakeFiles();
    const texts = store(files.load);
    for (const ns of NAMESPACES) texts.i18n.addResourceBundle('en', ns, FILES.en[ns]);
    const first = texts.changeLanguage('pl');
    const second = texts.changeLanguage('en');
    await files.settle();
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
    expect(texts.i18n.language).toBe('en');
    // The texts of the first choice came in all the same: switching to it now is immediate.
    void texts.changeLanguage('pl');
    expect(texts.i18n.language).toBe('pl');
  });
});

describe('useTranslation (react-i18next)', () => {
  it('re-renders its users when a namespace of the language arrives or is replaced, and when the language changes', async () => {
    const files = fakeFiles();
    const texts = store(files.load);
    texts.i18n.addResourceBundle('en', 'common', FILES.en.common);
    const own = { i18n: texts.i18n };
    function Probe() {
      const { t, i18n } = useTranslation('common', own);
      return createElement('p', null, `${i18n.language}: ${t('login.submit')} / ${t('table:table.noRecords')}`);
    }
    render(createElement(Probe));
    // Reading table:… through the default namespace does not wait for it: an empty text, never the key.
    expect(screen.getByText('en: Log in /')).toBeTruthy();
    expect(files.load).not.toHaveBeenCalled();
    const loading = texts.loadLanguage('en');
    await act(() => files.settle());
    await loading;
    expect(screen.getByText('en: Log in / No records')).toBeTruthy();

    act(() => {
      texts.i18n.removeResourceBundle('en', 'table');
      texts.i18n.addResourceBundle('en', 'table', { table: { noRecords: 'Nothing here' } }, true, true);
    });
    expect(screen.getByText('en: Log in / Nothing here')).toBeTruthy();

    const switching = texts.changeLanguage('pl');
    await act(() => files.settle('pl'));
    await switching;
    expect(screen.getByText('pl: Zaloguj się / Brak rekordów')).toBeTruthy();
  });

  it('leaves components alone when texts of another language arrive', () => {
    const texts = withTexts('en');
    const own = { i18n: texts.i18n };
    const renders = { count: 0 };
    function Probe() {
      const { t } = useTranslation('common', own);
      useEffect(() => void renders.count++);
      return createElement('p', null, t('login.submit'));
    }
    render(createElement(Probe));
    const before = renders.count;
    act(() => texts.i18n.addResourceBundle('pl', 'common', FILES.pl.common));
    expect(renders.count).toBe(before);
    act(() => texts.i18n.addResourceBundle('en', 'form', { remaining: 'x' }, true, true));
    expect(renders.count).toBe(before + 1);
  });

  it('reads keys without ns: in its own namespace, and others through ns:key', () => {
    const texts = withTexts('en');
    const own = { i18n: texts.i18n };
    function Probe() {
      const { t } = useTranslation('table', own);
      return createElement('p', null, `${t('pagination.page', { page: 2 })} / ${t('common:login.submit')} / ${t('form:remaining', { counter: 7 })}`);
    }
    render(createElement(Probe));
    expect(screen.getByText('Page 2 / Log in / Characters left: 7')).toBeTruthy();
  });

  it('waits for the namespace it names (the Suspense fallback shows), loads it, and shows its texts, never the keys', async () => {
    const files = fakeFiles();
    const texts = store(files.load);
    texts.i18n.addResourceBundle('en', 'common', FILES.en.common);
    const own = { i18n: texts.i18n };
    function Probe() {
      const { t } = useTranslation('table', own);
      return createElement('p', null, `${t('table.noRecords')} / ${t('pagination.page', { page: 1 })}`);
    }
    render(createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Probe)));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(document.body.textContent).not.toContain('noRecords');
    expect(files.requests.map((request) => request.id)).toEqual(['en/table']);
    await act(() => files.settle());
    expect(await screen.findByText('No records / Page 1')).toBeTruthy();
  });

  it('shows the other texts of a screen whose namespace could not be loaded, with that namespace’s texts empty rather than keys', async () => {
    const files = fakeFiles({ instant: true, failing: new Set(['en/table']) });
    const texts = store(files.load);
    texts.i18n.addResourceBundle('en', 'common', FILES.en.common);
    const own = { i18n: texts.i18n };
    function Probe() {
      const { t } = useTranslation(['table', 'common'], own);
      return createElement('p', null, `[${t('table.noRecords')}] ${t('common:login.submit')}`);
    }
    render(createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Probe)));
    expect(await screen.findByText('[] Log in')).toBeTruthy();
    // Asked for three times (the first request and two more), as any file.
    expect(files.load).toHaveBeenCalledTimes(3);
  });
});
