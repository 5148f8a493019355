// The collection page's texts: its own namespace (locales/<language>/collection.json) and the messages of the server's
// error codes and of the shared validation rules, in the visitor's language, with the panel's translation store and
// language rule (core/translations.ts, core/languageChoice.ts) but none of the panel's screens.
import { bindTranslationHook } from '../core/translationHook.ts';
import { DEFAULT_LANGUAGE, localeOf, pickInitialLanguage, readStoredLanguage, storeLanguage, type Language } from '../core/languageChoice.ts';
import { createTranslations, type Texts, type Translate } from '../core/translations.ts';
import type { AmountLocale } from '../../shared/money.ts';

export const PAGE_NAMESPACES = ['collection', 'errors', 'validation'] as const;

const files = import.meta.glob<Texts>('../../../locales/*/{collection,errors,validation}.json', { import: 'default' });

export const texts = createTranslations({
  language: DEFAULT_LANGUAGE,
  namespaces: PAGE_NAMESPACES,
  defaultNamespace: 'collection',
  load: (language, namespace) => files[`../../../locales/${language}/${namespace}.json`]?.(),
  retries: 2,
  retryDelay: 350,
});

export const useText = bindTranslationHook(texts);

function reflectOnDocument(): void {
  if (document.documentElement.lang !== texts.language) document.documentElement.lang = texts.language;
}

/** Picks the language (the tab's earlier choice, else the browser's) and resolves once its texts are in or failed. */
export function startTexts(): Promise<void> {
  const language = pickInitialLanguage(readStoredLanguage(), navigator.language);
  texts.setLanguage(language);
  texts.subscribe(reflectOnDocument);
  reflectOnDocument();
  return texts.loadTexts(language, PAGE_NAMESPACES).catch(() => {
    // The page shows the keys of what is missing; useText asks again.
  });
}

/** Switches the page's language once its texts are in, and remembers it for the tab (as the panel does). */
export async function switchLanguage(language: Language): Promise<void> {
  if (await texts.changeLanguage(language)) storeLanguage(language);
}

export function amountLocale(language: string): AmountLocale {
  return localeOf(language) as AmountLocale;
}

/** A server error's message in the visitor's language: by its code, else as the server worded it. */
export function errorText(t: Translate, code: string | undefined, fallback: string): string {
  return code ? t(`errors:${code}`, { defaultValue: fallback }) : fallback;
}
