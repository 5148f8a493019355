// Which language the interface speaks, how it is remembered for the browser tab, and which of its
// text files (namespaces) a screen needs.
import { matchPath } from './router/match.ts';
import { PANEL_ROOT, SCREENS } from './screens.ts';
import { NAMESPACES, TEXT_SETS, type Namespace, type TextSet } from './textSets.ts';

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

export { NAMESPACES, type Namespace } from './textSets.ts';

/** The kind of text set the first screen at this address reads: login, plain, table or form. */
export function textSetFor(pathname: string, hasSession: boolean): TextSet {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const inPanel = path === PANEL_ROOT || path.startsWith(`${PANEL_ROOT}/`);
  // Without a session every panel address shows the login page (and its restore flow).
  if (inPanel && !hasSession) return 'login';
  if (!inPanel) return 'plain';
  const kind = SCREENS.find((screen) => matchPath(screen.route, path) !== null)?.kind;
  // A details screen reads what a list does: field titles and labels, actions, the table texts of its lists.
  if (kind === 'details') return 'table';
  return kind === 'table' || kind === 'form' ? kind : 'plain';
}

/**
 * The namespaces the first screen at this address reads, so that it renders with its texts and without suspending.
 * Kept here, free of the bundler's lazy imports, so the bundle measurement can count the same files.
 */
export function namespacesFor(pathname: string, hasSession: boolean): Namespace[] {
  const needed: readonly Namespace[] = TEXT_SETS[textSetFor(pathname, hasSession)];
  return NAMESPACES.filter((ns) => needed.includes(ns));
}
