// The collection page's texts: its own i18next instance (core/textStore.ts) over its own namespace
// (locales/<language>/collection.json) and the messages of the server's error codes and of the shared validation
// rules, in the visitor's language, with the panel's language rule (core/languageChoice.ts) but none of its screens.
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, localeOf, pickInitialLanguage, readStoredLanguage, storeLanguage, type Language } from '../core/languageChoice.ts';
import { createTextStore, reflectLanguageOnDocument, type Texts, type Translate } from '../core/textStore.ts';
import type { AmountLocale } from '../../shared/money.ts';

export const PAGE_NAMESPACES = ['collection', 'errors', 'validation'] as const;

const files = import.meta.glob<Texts>('../../../locales/*/{collection,errors,validation}.json', { import: 'default' });

export const texts = createTextStore({
  language: DEFAULT_LANGUAGE,
  languages: LANGUAGES,
  namespaces: PAGE_NAMESPACES,
  defaultNamespace: 'collection',
  load: (language, namespace) => files[`../../../locales/${language}/${namespace}.json`]?.(),
  retries: 2,
  retryDelay: 350,
  // Remembered for this browser tab, as the panel does.
  chosen: (language) => storeLanguage(language as Language),
});

/** The same object every render: react-i18next recomputes its options when this changes. */
const OWN_INSTANCE = { i18n: texts.i18n };

/** react-i18next's useTranslation over the page's own instance (the panel's is the default one). */
export function useText(namespace: string = 'collection') {
  return useTranslation(namespace, OWN_INSTANCE);
}

/** Picks the language (the tab's earlier choice, else the browser's) and resolves once its texts are in or failed. */
export async function startTexts(): Promise<void> {
  const language = pickInitialLanguage(readStoredLanguage(), navigator.language);
  await texts.i18n.changeLanguage(language);
  reflectLanguageOnDocument(texts.i18n);
  await texts.loadTexts(language, PAGE_NAMESPACES).catch(() => {
    // The page shows what is missing empty rather than as keys.
  });
}

/** Switches the page's language once its texts are in, and remembers it for the tab (as the panel does). */
export async function switchLanguage(language: Language): Promise<void> {
  await texts.changeLanguage(language);
}

export function amountLocale(language: string): AmountLocale {
  return localeOf(language) as AmountLocale;
}

/** A server error's message in the visitor's language: by its code, else as the server worded it. */
export function errorText(t: Translate, code: string | undefined, fallback: string): string {
  return code ? t(`errors:${code}`, { defaultValue: fallback }) : fallback;
}
