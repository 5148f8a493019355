// An i18next instance over locale files that load lazily, one namespace a file (i18next-resources-to-backend over
// the bundler's lazy JSON modules), with what the panel (core/i18n.ts) and the collection page
// (collection/texts.ts) add to it: a failed file is asked for again, a language is switched to only once all its
// namespaces are in, and a missing text shows as its default value or nothing, never as its key.
// Free of React, so that start-up code can load the first screen's texts before React is in; components read
// them with react-i18next's useTranslation.
import i18next, { type i18n as I18n, type InitOptions, type TOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';

/** The content of a locale file: nested objects whose leaves are texts. */
export type Texts = Readonly<Record<string, unknown>>;
/** Placeholder values, `count` for plurals, `defaultValue` for a key without a text. */
type TranslateOptions = Readonly<Record<string, unknown>>;
/** What code outside components needs of `t`: a text for a key (`key` in the default namespace, or `ns:key`). */
export type Translate = (key: string, options?: TranslateOptions) => string;

export interface TextStoreOptions {
  /** The language until start-up picks one. */
  language: string;
  languages: readonly string[];
  /** Every namespace of a language: what loadLanguage and changeLanguage load. */
  namespaces: readonly string[];
  /** The namespace of keys without `ns:`. */
  defaultNamespace: string;
  /** The locale file of a language and namespace; undefined when there is none. */
  load(language: string, namespace: string): Promise<Texts> | undefined;
  /** How many times a failed file is requested again: 2 by default. */
  retries?: number;
  /** Milliseconds before the first new request, doubled for each further one: 350 by default. */
  retryDelay?: number;
  /** Called when changeLanguage switches, in the same call as the switch (to remember the choice). */
  chosen?(language: string): void;
}

export interface TextStore {
  readonly i18n: I18n;
  /** Texts of the current language, for code outside components. */
  t: Translate;
  hasTexts(language: string, namespace: string): boolean;
  /** Loads those of the namespaces that are not in yet; rejects naming the ones that could not be loaded. */
  loadTexts(language: string, namespaces: readonly string[]): Promise<void>;
  /** Loads every namespace of a language that is not in yet, without switching to it. */
  loadLanguage(language: string): Promise<void>;
  /**
   * Switches once every namespace of the language is in: in this call when they are, after loading the missing
   * ones otherwise. Rejects, keeping the current language, when they cannot be loaded. Resolves to whether the
   * language is now this one: false when another choice was made while these texts were loading (the later wins).
   */
  changeLanguage(language: string): Promise<boolean>;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Emitted by the instance when a namespace of its current language arrives or is replaced. */
const TEXTS_ADDED = 'textsAdded';

/** The i18next options both bundles share. */
function sharedOptions(options: Pick<TextStoreOptions, 'language' | 'languages' | 'defaultNamespace'>): InitOptions {
  return {
    lng: options.language,
    supportedLngs: [...options.languages],
    // No fallback language: it would load the other language's files too. `npm run validate` checks that both
    // languages have the same keys (plural forms by each language's rules).
    fallbackLng: false,
    load: 'currentOnly',
    // Namespaces are named by the screens that read them and loaded on demand, none at init.
    ns: [],
    defaultNS: options.defaultNamespace,
    fallbackNS: false,
    // Named although they are the defaults: i18next then reads every key as `ns:a.b.c` at once, rather than testing
    // each key of every call for natural language first (the largest part of a call's cost, measured).
    keySeparator: '.',
    nsSeparator: ':',
    // Texts come both from the build's text sets (addResourceBundle) and from the backend.
    partialBundledLanguages: true,
    // Nothing to load at init: set up in this call, so t() works at once.
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: false,
    // A key without a text shows its default value when the code gives one, and nothing otherwise: never the key.
    parseMissingKeyHandler: (_key: string, defaultValue?: string) => defaultValue ?? '',
    // A key naming a group of texts rather than a text is a missing text too.
    returnedObjectHandler: () => '',
    react: {
      // Re-render on a language switch and when a namespace of the current language arrives or is replaced (a live
      // edit); not when another language's texts come in, which show nowhere until the switch.
      bindI18n: `languageChanged ${TEXTS_ADDED}`,
      bindI18nStore: '',
      // A component whose namespace is not in waits (Suspense) until it is, rather than showing empty texts.
      useSuspense: true,
    },
  };
}

export function createTextStore(options: TextStoreOptions): TextStore {
  const retries = options.retries ?? 2;
  const retryDelay = options.retryDelay ?? 350;

  async function request(language: string, namespace: string): Promise<Texts> {
    for (let attempt = 0; ; attempt++) {
      const file = options.load(language, namespace);
      if (file === undefined) throw new Error(`No texts for ${language}/${namespace}`);
      try {
        return await file;
      } catch (error) {
        // A chunk request can fail on a flaky connection.
        if (attempt >= retries) throw error;
        await wait(retryDelay * 2 ** attempt);
      }
    }
  }

  const i18n = i18next.createInstance();
  void i18n.use(resourcesToBackend(request)).init(sharedOptions(options));
  i18n.store.on('added', (language: string) => {
    if (language === i18n.language) i18n.emit(TEXTS_ADDED, language);
  });

  const hasTexts = (language: string, namespace: string) => i18n.hasResourceBundle(language, namespace);

  function loadTexts(language: string, namespaces: readonly string[]): Promise<void> {
    const missing = namespaces.filter((namespace) => !hasTexts(language, namespace));
    if (missing.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      // reload rather than load: the connector never asks again for a file that failed once, and that is what a
      // later call is for. A file on its way is not asked for twice; the call waits for it.
      i18n.services.backendConnector.reload([language], missing, () => {
        const failed = missing.filter((namespace) => !hasTexts(language, namespace));
        if (failed.length === 0) resolve();
        else reject(new Error(`Texts could not be loaded: ${failed.map((namespace) => `${language}/${namespace}`).join(', ')}`));
      });
    });
  }

  /** The language of the last changeLanguage call. */
  let wanted: string | undefined;

  function switchTo(language: string): boolean {
    if (wanted !== language) return false;
    // Every namespace is in: i18next has nothing to load and switches in this call.
    if (i18n.language !== language) void i18n.changeLanguage(language);
    options.chosen?.(language);
    return true;
  }

  function changeLanguage(language: string): Promise<boolean> {
    wanted = language;
    if (options.namespaces.every((namespace) => hasTexts(language, namespace))) return Promise.resolve(switchTo(language));
    return loadTexts(language, options.namespaces).then(() => switchTo(language));
  }

  return {
    i18n,
    t: (key, values) => i18n.t(key, values as TOptions) as string,
    hasTexts,
    loadTexts,
    loadLanguage: (language) => loadTexts(language, options.namespaces),
    changeLanguage,
  };
}

/** Keeps <html lang> on the instance's language (screen readers and the browser's hyphenation read it). */
export function reflectLanguageOnDocument(i18n: I18n): void {
  const reflect = () => {
    if (typeof document !== 'undefined' && i18n.language && document.documentElement.lang !== i18n.language) document.documentElement.lang = i18n.language;
  };
  i18n.on('languageChanged', reflect);
  reflect();
}
