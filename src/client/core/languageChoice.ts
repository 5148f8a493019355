// Which language the interface speaks and how the choice is remembered for the browser tab. Free of imports, so
// that the collection page shares the rule without the panel's screens (core/language.ts adds those).
export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const LANGUAGE_STORAGE_KEY = 'language';

/** The Intl locale of each language (the amounts' AmountLocale in src/shared/money.ts). */
const LOCALES = { en: 'en-GB', pl: 'pl-PL' } as const satisfies Record<Language, string>;

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice wins; otherwise the browser's primary language when we speak it; otherwise English. */
export function pickInitialLanguage(stored: string | null | undefined, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  const primary = browserLanguage?.toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** Locale used for number and date formatting. */
export function localeOf(language: string): (typeof LOCALES)[Language] {
  return isLanguage(language) ? LOCALES[language] : LOCALES[DEFAULT_LANGUAGE];
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be disabled by browser privacy settings.
    return undefined;
  }
}

export function readStoredLanguage(): string | null {
  return storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
}

export function storeLanguage(language: Language): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
}
