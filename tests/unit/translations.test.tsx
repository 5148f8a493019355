// @vitest-environment jsdom
// The translations core (src/client/core/translations.ts): lookup by namespace, placeholders, missing keys and
// default values, loading with retries, language switches that load first, and the hook re-rendering its users.
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslations, type Texts, type Translate, type Translations } from '../../src/client/core/translations.ts';
import { bindTranslationHook } from '../../src/client/core/useTranslation.ts';

const NAMESPACES = ['common', 'table', 'form'];

const FILES: Record<string, Record<string, Texts>> = {
  en: {
    common: {
      login: { submit: 'Log in' },
      home: { welcome: 'Welcome, {{name}}' },
      'dotted.key': { inside: 'Found through the dotted name' },
    },
    table: {
      pagination: { range: '{{from}}–{{to}} of {{total}}', page: 'Page {{ page }}' },
      table: { noRecords: 'No records' },
    },
    form: { remaining: 'Characters left: {{counter}}' },
  },
  pl: {
    common: { login: { submit: 'Zaloguj się' }, home: { welcome: 'Witaj, {{name}}' }, 'dotted.key': { inside: 'Znalezione' } },
    table: { pagination: { range: '{{from}}–{{to}} z {{total}}', page: 'Strona {{page}}' }, table: { noRecords: 'Brak rekordów' } },
    form: { remaining: 'Pozostało znaków: {{counter}}' },
  },
};

/** Locale files whose requests the test settles, or that answer at once (`instant`). */
function fakeFiles({ instant = false, failing = new Set<string>() }: { instant?: boolean; failing?: Set<string> } = {}) {
  const requests: { id: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn((language: string, namespace: string): Promise<Texts> | undefined => {
    const texts = FILES[language]?.[namespace];
    if (!texts) return undefined;
    const id = `${language}/${namespace}`;
    if (failing.has(id)) return Promise.reject(new Error(`network error: ${id}`));
    if (instant) return Promise.resolve(texts);
    return new Promise<Texts>((resolve, reject) => requests.push({ id, resolve: () => resolve(texts), reject }));
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

function withTexts(...languages: string[]): Translations {
  const texts = createTranslations({ language: 'en', namespaces: NAMESPACES, load: () => undefined });
  for (const language of languages) for (const ns of NAMESPACES) texts.addTexts(language, ns, FILES[language][ns]);
  return texts;
}

afterEach(cleanup);

describe('t', () => {
  const { t } = withTexts('en');

  it('reads the default namespace for plain keys and another one through ns:key', () => {
    expect(t('login.submit')).toBe('Log in');
    expect(t('table:table.noRecords')).toBe('No records');
    expect(t('common:login.submit')).toBe('Log in');
    // A key of another namespace is not found without its prefix.
    expect(t('table.noRecords')).toBe('table.noRecords');
  });

  it('finds keys whose names hold dots', () => {
    expect(t('dotted.key.inside')).toBe('Found through the dotted name');
  });

  it('fills placeholders as given, without escaping, and leaves those without a value as written', () => {
    expect(t('home.welcome', { name: 'Ann <b>&amp;</b>' })).toBe('Welcome, Ann <b>&amp;</b>');
    expect(t('table:pagination.range', { from: 1, to: 50, total: 1234 })).toBe('1–50 of 1234');
    expect(t('table:pagination.page', { page: 3 })).toBe('Page 3');
    // Characters that mean something to String.prototype.replace are put in as they are.
    expect(t('home.welcome', { name: '$& $1 $$' })).toBe('Welcome, $& $1 $$');
    expect(t('home.welcome', { name: null })).toBe('Welcome, ');
    expect(t('home.welcome', { name: undefined })).toBe('Welcome, ');
    expect(t('home.welcome', { other: 'x' })).toBe('Welcome, {{name}}');
    expect(t('home.welcome')).toBe('Welcome, {{name}}');
    expect(t('table:pagination.range', { from: 1, total: 2 })).toBe('1–{{to}} of 2');
  });

  it('gives the key, without its namespace, when there is no text', () => {
    expect(t('login.nothing')).toBe('login.nothing');
    expect(t('table:nothing.here')).toBe('nothing.here');
    expect(t('nosuchns:some.key')).toBe('some.key');
    // An object of texts is not a text.
    expect(t('login')).toBe('login');
    expect(t('')).toBe('');
  });

  it('gives defaultValue, with its placeholders filled, only when there is no text', () => {
    expect(t('table:nothing', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(t('table:nothing', { defaultValue: 'At most {{max}}', max: 5 })).toBe('At most 5');
    expect(t('table:nothing', { defaultValue: '' })).toBe('');
    expect(t('login.submit', { defaultValue: 'Fallback' })).toBe('Log in');
  });

  it('knows which keys have a text', () => {
    const texts = withTexts('en');
    const probe = { exists: (_: string) => false };
    function Probe() {
      probe.exists = bindTranslationHook(texts)().i18n.exists;
      return null;
    }
    render(createElement(Probe));
    expect(probe.exists('login.submit')).toBe(true);
    expect(probe.exists('table:table.noRecords')).toBe(true);
    expect(probe.exists('table:table.nothing')).toBe(false);
    expect(probe.exists('login')).toBe(false);
  });

  it('takes replaced texts of a namespace, and forgets the keys it no longer has', () => {
    const texts = withTexts('en');
    texts.addTexts('en', 'table', { table: { noRecords: 'Nothing here' } });
    expect(texts.t('table:table.noRecords')).toBe('Nothing here');
    expect(texts.t('table:pagination.page', { page: 1 })).toBe('pagination.page');
    expect(texts.t('login.submit')).toBe('Log in');
  });
});

describe('loading', () => {
  const options = { language: 'en', namespaces: NAMESPACES, retryDelay: 1 };

  it('requests a file again after a failure, twice, and gives up after that', async () => {
    let failures = 2;
    const load = vi.fn((language: string, namespace: string) => (failures-- > 0 ? Promise.reject(new Error('network error')) : Promise.resolve(FILES[language][namespace])));
    const texts = createTranslations({ ...options, load });
    await texts.loadTexts('en', ['common']);
    expect(load).toHaveBeenCalledTimes(3);
    expect(texts.t('login.submit')).toBe('Log in');

    const failing = fakeFiles({ failing: new Set(['en/table']) });
    const other = createTranslations({ ...options, load: failing.load });
    await expect(other.loadTexts('en', ['table'])).rejects.toThrow('Texts could not be loaded: en/table');
    expect(failing.load).toHaveBeenCalledTimes(3);
    expect(other.hasTexts('en', 'table')).toBe(false);
  });

  it('does not ask again for a file that does not exist', async () => {
    const files = fakeFiles({ instant: true });
    const texts = createTranslations({ ...options, load: files.load });
    await expect(texts.loadTexts('en', ['common', 'nothing'])).rejects.toThrow('Texts could not be loaded: en/nothing');
    expect(files.load.mock.calls.filter(([, ns]) => ns === 'nothing')).toHaveLength(1);
    expect(texts.hasTexts('en', 'common')).toBe(true);
  });

  it('shares one request among those waiting for the same file, and asks only for what is missing', async () => {
    const files = fakeFiles();
    const texts = createTranslations({ ...options, load: files.load });
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
  const options = { language: 'en', namespaces: NAMESPACES, retryDelay: 1 };

  it('switches only once every namespace of the language is in', async () => {
    const files = fakeFiles();
    const texts = createTranslations({ ...options, load: files.load });
    const seen: string[] = [];
    texts.subscribe(() => seen.push(`${texts.language} ${NAMESPACES.filter((ns) => texts.hasTexts(texts.language, ns)).length}`));
    const switching = texts.changeLanguage('pl');
    expect(files.requests.map((request) => request.id)).toEqual(['pl/common', 'pl/table', 'pl/form']);
    expect(texts.language).toBe('en');
    const [common, ...rest] = files.requests.splice(0);
    common.resolve();
    await flush();
    expect(texts.language).toBe('en');
    expect(texts.t('login.submit')).toBe('login.submit');
    for (const request of rest) request.resolve();
    await expect(switching).resolves.toBe(true);
    expect(texts.language).toBe('pl');
    expect(texts.t('login.submit')).toBe('Zaloguj się');
    // Texts of another language arriving tell no one; the switch does, once, with everything in.
    expect(seen).toEqual(['pl 3']);
  });

  it('switches at once when the language is in', () => {
    const texts = withTexts('en', 'pl');
    void texts.changeLanguage('pl');
    expect(texts.language).toBe('pl');
    expect(texts.t('home.welcome', { name: 'Ola' })).toBe('Witaj, Ola');
  });

  it('keeps the language and rejects when a namespace of the new one cannot be loaded', async () => {
    const failing = new Set(['pl/form']);
    const files = fakeFiles({ instant: true, failing });
    const texts = createTranslations({ ...options, load: files.load });
    texts.addTexts('en', 'common', FILES.en.common);
    const listener = vi.fn();
    texts.subscribe(listener);
    await expect(texts.changeLanguage('pl')).rejects.toThrow('Texts could not be loaded: pl/form');
    expect(texts.language).toBe('en');
    expect(texts.t('login.submit')).toBe('Log in');
    expect(listener).not.toHaveBeenCalled();
    // What did load stays; a later attempt asks only for the rest, and switches when it comes.
    expect(texts.hasTexts('pl', 'common')).toBe(true);
    failing.clear();
    files.load.mockClear();
    await expect(texts.changeLanguage('pl')).resolves.toBe(true);
    expect(files.load.mock.calls).toEqual([['pl', 'form']]);
    expect(texts.language).toBe('pl');
  });

  it('keeps the last of two quick choices', async () => {
    const files = fakeFiles();
    const texts = createTranslations({ ...options, load: files.load });
    for (const ns of NAMESPACES) texts.addTexts('en', ns, FILES.en[ns]);
    const first = texts.changeLanguage('pl');
    const second = texts.changeLanguage('en');
    await files.settle();
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
    expect(texts.language).toBe('en');
    // The texts of the first choice came in all the same: switching to it now is immediate.
    expect(NAMESPACES.every((ns) => texts.hasTexts('pl', ns))).toBe(true);
    void texts.changeLanguage('pl');
    expect(texts.language).toBe('pl');
  });
});

describe('useTranslation', () => {
  it('re-renders its users when a namespace of the language arrives or is replaced, and when the language changes', async () => {
    const files = fakeFiles();
    const texts = createTranslations({ language: 'en', namespaces: NAMESPACES, load: files.load, retryDelay: 1 });
    texts.addTexts('en', 'common', FILES.en.common);
    const renders = { count: 0, ts: new Set<Translate>() };
    function Probe() {
      const { t, i18n } = bindTranslationHook(texts)();
      renders.count++;
      renders.ts.add(t);
      return createElement('p', null, `${i18n.language}: ${t('login.submit')} / ${t('table:table.noRecords')}`);
    }
    render(createElement(Probe));
    expect(screen.getByText('en: Log in / table.noRecords')).toBeTruthy();

    // Reading table:... through the default namespace does not load it; the rest of the language does.
    expect(files.load).not.toHaveBeenCalled();
    const loading = texts.loadLanguage('en');
    await act(() => files.settle());
    await loading;
    expect(screen.getByText('en: Log in / No records')).toBeTruthy();

    act(() => texts.addTexts('en', 'table', { table: { noRecords: 'Nothing here' } }));
    expect(screen.getByText('en: Log in / Nothing here')).toBeTruthy();

    const before = renders.count;
    const switching = texts.changeLanguage('pl');
    await act(() => files.settle('pl'));
    await switching;
    expect(screen.getByText('pl: Zaloguj się / Brak rekordów')).toBeTruthy();
    // The other language's three files arrived without re-rendering; the switch re-rendered once.
    expect(renders.count - before).toBe(1);
    // Each change handed out a new t, so memoised results made with the old one are made again.
    expect(renders.ts.size).toBeGreaterThanOrEqual(4);
  });

  it('keeps the same t and view from render to render while nothing changes', () => {
    const texts = withTexts('en');
    const seen: unknown[] = [];
    function Probe({ n }: { n: number }) {
      const translation = bindTranslationHook(texts)('table');
      seen.push(translation.t, translation.i18n);
      return createElement('p', null, `${n} ${translation.t('table.noRecords')}`);
    }
    const { rerender } = render(createElement(Probe, { n: 1 }));
    rerender(createElement(Probe, { n: 2 }));
    expect(screen.getByText('2 No records')).toBeTruthy();
    expect(new Set(seen).size).toBe(2);
  });

  it('reads keys without ns: in its own namespace, and others through ns:key', () => {
    const texts = withTexts('en');
    function Probe() {
      const { t } = bindTranslationHook(texts)('table');
      return createElement('p', null, `${t('pagination.page', { page: 2 })} / ${t('common:login.submit')} / ${t('form:remaining', { counter: 7 })}`);
    }
    render(createElement(Probe));
    expect(screen.getByText('Page 2 / Log in / Characters left: 7')).toBeTruthy();
  });

  it('loads the namespace it names when it is not in, and shows its texts when they come', async () => {
    const files = fakeFiles();
    const texts = createTranslations({ language: 'en', namespaces: NAMESPACES, load: files.load, retryDelay: 1 });
    texts.addTexts('en', 'common', FILES.en.common);
    function Probe() {
      const { t, i18n } = bindTranslationHook(texts)('table');
      return createElement('p', null, `${i18n.isLoaded('table')} ${t('table.noRecords')}`);
    }
    render(createElement(Probe));
    expect(screen.getByText('false table.noRecords')).toBeTruthy();
    expect(files.requests.map((request) => request.id)).toEqual(['en/table']);
    await act(() => files.settle());
    expect(screen.getByText('true No records')).toBeTruthy();
  });

  it('leaves components alone when texts of another language arrive', () => {
    const texts = withTexts('en');
    const renders = { count: 0 };
    function Probe() {
      const { t } = bindTranslationHook(texts)();
      useEffect(() => void renders.count++);
      return createElement('p', null, t('login.submit'));
    }
    render(createElement(Probe));
    const before = renders.count;
    act(() => texts.addTexts('pl', 'common', FILES.pl.common));
    expect(renders.count).toBe(before);
    act(() => texts.addTexts('en', 'form', { remaining: 'x' }));
    expect(renders.count).toBe(before + 1);
  });
});
