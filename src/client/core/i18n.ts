// The panel's texts: one i18next instance (core/textStore.ts) and how its texts load. Each
// locales/<language>/<namespace>.json is a chunk of its own: start-up loads the current language's namespaces that
// the first screen reads, the rest of that language follows in the background, and another language is loaded only
// when the user switches to it. Free of React: main.ts starts the texts before React is in; start.tsx hands the
// instance to react-i18next, whose useTranslation the components read their texts with.
import type { i18n as I18n } from 'i18next';
import { createTextStore, reflectLanguageOnDocument, type Texts, type Translate } from './textStore.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES, namespacesFor, pickInitialLanguage, readStoredLanguage, storeLanguage, textSetFor, type Language } from './language.ts';
import { textSetFile, type TextSet } from './textSets.ts';
import { readToken } from './tokenStore.ts';

export { NAMESPACES, namespacesFor };
export type { Translate } from './textStore.ts';

// The collection page's own texts (collection.json) are its bundle's alone (src/client/collection/texts.ts); the
// messages' default texts (messages.json), the SMS text widget's (renderer/widgets/SmsTextWidget.tsx).
const files = import.meta.glob<Texts>(['../../../locales/*/*.json', '!../../../locales/*/collection.json', '!../../../locales/*/messages.json'], { import: 'default' });
// The build's text sets (tools/text-sets): a first screen's namespaces in one file per language. Not in `npm run
// dev` or the tests, where each namespace loads alone (and a stale set of an earlier build must not be read).
// They are plain JSON files fetched by address rather than modules: fetch() asks at once, so start-up can ask for
// the texts before its API calls (a dynamic import asks a moment later, behind them, and on the embedded database
// the server answers the API first), and the browser parses JSON faster than the same object as script.
declare const __TEXT_SETS__: boolean | undefined;
const setUrls: Record<string, string> =
  typeof __TEXT_SETS__ !== 'undefined' && __TEXT_SETS__
    ? import.meta.glob<string>('../generated/texts/*.json', { query: '?url', import: 'default', eager: true })
    : {};

const store = createTextStore({
  language: DEFAULT_LANGUAGE,
  languages: LANGUAGES,
  namespaces: NAMESPACES,
  defaultNamespace: 'common',
  load: (language, namespace) => files[`../../../locales/${language}/${namespace}.json`]?.(),
  // A failed file is requested twice more (350 ms, then 700 ms later).
  retries: 2,
  retryDelay: 350,
  // Remembered for this browser tab (languageChoice.ts) when the user switches.
  chosen: (language) => storeLanguage(language as Language),
});

/** The panel's i18next instance. */
export const i18n: I18n = store.i18n;

/** Texts of the current language, for code outside React components. */
export const t: Translate = store.t;

/** Loads those of the namespaces of a language that are not in yet; rejects naming the ones that failed. */
export const loadTexts = store.loadTexts;

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

let started: Promise<I18n> | undefined;

/**
 * Picks the language and resolves once its namespaces for the first screen are in (or could not be loaded), so it
 * renders with its texts. Later calls return the same promise.
 */
export function initI18n(start: I18nStart = {}): Promise<I18n> {
  started ??= begin(start);
  return started;
}

async function begin(start: I18nStart): Promise<I18n> {
  const pathname = start.pathname ?? (typeof location === 'undefined' ? '/' : location.pathname);
  const language = start.language ?? pickInitialLanguage(readStoredLanguage(), typeof navigator === 'undefined' ? undefined : navigator.language);
  // Nothing is loaded yet, so i18next switches in this call (it would load only namespaces already asked for).
  await i18n.changeLanguage(language);
  reflectLanguageOnDocument(i18n);
  const hasSession = start.hasSession ?? hasSessionToken();
  await loadTextSet(language, textSetFor(pathname, hasSession));
  await loadTexts(language, namespacesFor(pathname, hasSession)).catch(() => {
    // A screen reading a namespace that failed shows its texts empty; the rest of the language is tried again below.
  });
  whenIdle(() => {
    void loadLanguage(i18n.language as Language).catch(() => {
      // Only those namespaces' screens are affected; changeLanguage tries again.
    });
  });
  return i18n;
}

/** The first screen's namespaces in one request, where the build has them together; what is missing after loads alone. */
async function loadTextSet(language: Language, set: TextSet): Promise<void> {
  const url = setUrls[`../generated/texts/${textSetFile(language, set)}.json`];
  if (!url) return;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const texts = (await response.json()) as Record<string, Texts>;
    for (const [namespace, tree] of Object.entries(texts)) if (!store.hasTexts(language, namespace)) i18n.addResourceBundle(language, namespace, tree);
  } catch {
    // The namespaces are then requested one by one (with their retries).
  }
}

/** Runs a task when the browser is idle (within a second), behind the first screen's own requests. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

/** Loads every namespace of a language that is not in yet, without switching to it. */
export function loadLanguage(language: Language): Promise<void> {
  return store.loadLanguage(language);
}

/**
 * Switches the interface language and remembers it for this browser tab. Every namespace of the new language is
 * loaded first, so no screen waits or shows empty texts afterwards; when they are all in already, the switch is
 * immediate. Rejects, leaving the language as it was, when the texts cannot be loaded.
 */
export async function changeLanguage(language: Language): Promise<void> {
  // A later choice made while these texts were loading wins.
  await store.changeLanguage(language);
}
