// Which language the interface speaks, how it is remembered for the browser tab, and which of its
// text files (namespaces) a screen needs.
import { PANEL_ROOT, SCREENS } from './screens.ts';

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_STORAGE_KEY = 'language';

const LOCALES: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice wins; otherwise the browser's primary language when we speak it; otherwise English. */
export function pickInitialLanguage(stored: string | null | undefined, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  const primary = browserLanguage?.toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** Locale used for number and date formatting. */
export function localeOf(language: string): string {
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

/** The text files of each language: locales/<language>/<namespace>.json. */
export const NAMESPACES = ['common', 'validation', 'errors', 'entities', 'screens', 'table', 'form'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const LOGIN: readonly Namespace[] = ['common', 'errors', 'validation'];
const PLAIN: readonly Namespace[] = ['common', 'errors'];
// A list: column titles and enum labels (entities), action and confirmation texts (screens), paging and chips (table).
const TABLE: readonly Namespace[] = ['common', 'errors', 'screens', 'entities', 'table'];
// A form: field labels (entities), saved messages (screens), messages by error code (validation), widgets (form).
const FORM: readonly Namespace[] = ['common', 'errors', 'screens', 'entities', 'validation', 'form'];

/** Whether a screen route (`/panel/recipients/:id/update`) matches an address's path. */
function routeMatches(route: string, pathname: string): boolean {
  const pattern = route.split('/');
  const actual = pathname.split('/');
  return pattern.length === actual.length && pattern.every((part, i) => (part.startsWith(':') ? actual[i] !== '' : part === actual[i]));
}

/**
 * The namespaces the first screen at this address reads, so that it renders with its texts and without suspending.
 * Kept here, free of the bundler's lazy imports, so the bundle measurement can count the same files.
 */
export function namespacesFor(pathname: string, hasSession: boolean): Namespace[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const inPanel = path === PANEL_ROOT || path.startsWith(`${PANEL_ROOT}/`);
  let needed = PLAIN;
  // Without a session every panel address shows the login page (and its restore flow).
  if (inPanel && !hasSession) needed = LOGIN;
  else if (inPanel) {
    const kind = SCREENS.find((screen) => routeMatches(screen.route, path))?.kind;
    if (kind === 'table') needed = TABLE;
    if (kind === 'form') needed = FORM;
  }
  return NAMESPACES.filter((ns) => needed.includes(ns));
}
