// Which language the interface speaks, how it is remembered for the browser tab (languageChoice.ts, shared with the
// collection page), and which of its text files (namespaces) a panel screen needs.
import { matchRoute } from './routeMatch.ts';
import { PANEL_ROOT, SCREENS } from './screens.ts';
import { NAMESPACES, TEXT_SETS, type Namespace, type TextSet } from './textSets.ts';

export { LANGUAGES, DEFAULT_LANGUAGE, pickInitialLanguage, localeOf, readStoredLanguage, storeLanguage, type Language } from './languageChoice.ts';

export { NAMESPACES, type Namespace } from './textSets.ts';

/** The kind of text set the first screen at this address reads: login, plain, table, form, import or dashboard. */
export function textSetFor(pathname: string, hasSession: boolean): TextSet {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const inPanel = path === PANEL_ROOT || path.startsWith(`${PANEL_ROOT}/`);
  // Without a session every panel address shows the login page (and its restore flow).
  if (inPanel && !hasSession) return 'login';
  if (!inPanel) return 'plain';
  const kind = SCREENS.find((screen) => matchRoute(screen.route, path) !== null)?.kind;
  // A details screen reads what a list does: field titles and labels, actions, the table texts of its lists.
  if (kind === 'details') return 'table';
  if (kind === 'import') return 'import';
  if (kind === 'dashboard') return 'dashboard';
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
