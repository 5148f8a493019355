// i18next set-up. Each locales/<language>/<namespace>.json is a chunk of its own: start-up loads the current
// language's namespaces that the first screen reads, the rest of that language follows in the background, and
// another language is loaded only when the user switches to it.
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, NAMESPACES, namespacesFor, pickInitialLanguage, readStoredLanguage, storeLanguage, type Language } from './language.ts';
import { readToken } from './tokenStore.ts';

export { NAMESPACES, namespacesFor };

const bundles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { import: 'default' });

const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = bundles[`../../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No texts for ${language}/${namespace}`), false);
      return;
    }
    // `true` as the data asks i18next to try again: a chunk request can fail on a flaky connection.
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

function reflectOnDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

function hasSessionToken(): boolean {
  try {
    return readToken() !== null;
  } catch {
    return false;
  }
}

export interface I18nStart {
  /** The address the first screen is drawn for; the page's own by default. */
  pathname?: string;
  /** Whether a session token is stored (the panel then shows a screen, not the login page). */
  hasSession?: boolean;
  language?: Language;
}

let started: Promise<typeof i18next> | undefined;

/**
 * Starts i18next and resolves once the current language's namespaces for the first screen are in, so it renders
 * with its texts. Later calls return the same promise.
 */
export function initI18n(start: I18nStart = {}): Promise<typeof i18next> {
  started ??= begin(start);
  return started;
}

async function begin(start: I18nStart): Promise<typeof i18next> {
  const pathname = start.pathname ?? (typeof location === 'undefined' ? '/' : location.pathname);
  const language = start.language ?? pickInitialLanguage(readStoredLanguage(), typeof navigator === 'undefined' ? undefined : navigator.language);
  i18next.on('languageChanged', reflectOnDocument);
  reflectOnDocument(language);
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback language: it would load the other language's files too. `npm run validate` checks that both
      // languages have the same keys.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: namespacesFor(pathname, start.hasSession ?? hasSessionToken()),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      // Start reading at once rather than on the next tick.
      initAsync: false,
      // A failed chunk is tried twice more (350 ms, then 700 ms later); the first screen waits for these.
      maxRetries: 2,
      react: {
        // Screens read most namespaces through t('ns:key') with the default namespace, which neither loads nor
        // waits for `ns`: re-render every t() user when a namespace arrives (or a dev hot update replaces one).
        bindI18nStore: 'added',
      },
    });
  whenIdle(() => {
    void loadLanguage(i18next.language as Language).catch(() => {
      // Only those namespaces' screens are affected; changeLanguage and useTranslation(ns) try again.
    });
  });
  return i18next;
}

/** Runs a task when the browser is idle (within a second), behind the first screen's own requests. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

function missingNamespaces(language: Language): string[] {
  return NAMESPACES.filter((ns) => !i18next.hasResourceBundle(language, ns));
}

/** Loads every namespace of a language that is not in yet, without switching to it. */
export async function loadLanguage(language: Language): Promise<void> {
  const missing = missingNamespaces(language);
  if (missing.length === 0) return;
  // reloadResources rather than loadNamespaces: i18next never reads a namespace again once its load failed.
  await i18next.reloadResources([language], missing);
  const failed = missingNamespaces(language);
  if (failed.length > 0) throw new Error(`Texts could not be loaded: ${failed.map((ns) => `${language}/${ns}`).join(', ')}`);
}

let wanted: Language | undefined;

/**
 * Switches the interface language and remembers it for this browser tab. Every namespace of the new language is
 * loaded first, so no screen shows keys or waits afterwards; when they are all in already, the switch is immediate.
 * Rejects, leaving the language as it was, when the texts cannot be loaded.
 */
export async function changeLanguage(language: Language): Promise<void> {
  wanted = language;
  if (missingNamespaces(language).length > 0) await loadLanguage(language);
  // A later choice made while these texts were loading wins.
  if (wanted !== language) return;
  storeLanguage(language);
  await i18next.changeLanguage(language);
}
