// What a screen needs before it can show, started as soon as its route matches (at start-up from the
// address alone, or by the router on navigation) rather than when the screen mounts: the panel shell
// or the login page, the screen's chunk, its schema, ui hints and validator, and a list's first
// request. Rendering waits for the code (not the rows: the table shows them when they come), so no
// Suspense fallback stands between a route and its first paint.
//
// Free of React, its router and its query cache: main.ts runs this before any of them has loaded, and the
// caller decides how a list's request is sent (fetchList).
import { matchPath } from './core/router/match.ts';
import { readListQuery, type ListQuery } from '../shared/list-query.ts';
import { loadValidators } from './core/precompiledValidators.ts';
import { PANEL_ROOT, SCREENS, type Screen } from './core/screens.ts';
import { TOKEN_EXPIRED_PATH } from './core/sessionPaths.ts';
import { collectionPageChunk, loginPageChunk, panelShellChunk, tokenExpiredPageChunk } from './pages/chunks.ts';
import { registry } from './pages/registry.ts';
import { formScreenChunk, phoneWidgetChunk, tableScreenChunk } from './renderer/chunks.ts';
import type { FormScreen as FormScreenDescriptor, TableScreen as TableScreenDescriptor } from './renderer/descriptors.ts';
import { loadSchemaFile } from './renderer/schemaFiles.ts';
import { effectiveOrder, type EffectiveOrder } from './renderer/table/listRequest.ts';
import { usesPhoneWidget } from './renderer/widgets/phoneHints.ts';

/** One list view's first request: the list call of its screen, the view the address names and its order. */
export interface ListView {
  listCall: string;
  query: ListQuery;
  order: EffectiveOrder;
}

/** Sends (or hands to a cache) the request of a list view. */
export type FetchList = (view: ListView) => void;

/** A failed preload is the screen's to report when it renders; preloading only saves time. */
const quietly = (work: Promise<unknown>) => work.catch(() => undefined);

/** A screen's code and data; resolves when the code is in. */
export function preloadScreen(screen: Screen, search: string, fetchList?: FetchList): Promise<unknown> {
  if (screen.kind === 'table') {
    const table = screen as TableScreenDescriptor;
    const query = readListQuery(new URLSearchParams(search));
    fetchList?.({ listCall: table.api.list, query, order: effectiveOrder(query, table.defaultOrder) });
    return tableScreenChunk.load();
  }
  if (screen.kind === 'form') {
    const form = screen as FormScreenDescriptor;
    // The phone input's metadata comes beside the form, not before it (widgets/LazyPhoneWidget.tsx).
    const uiSchema = form.uiSchema
      ? quietly(loadSchemaFile(form.uiSchema).then((hints) => void (usesPhoneWidget(hints) && quietly(phoneWidgetChunk.load()))))
      : undefined;
    return Promise.all([formScreenChunk.load(), quietly(loadSchemaFile(form.schema)), uiSchema, quietly(loadValidators(form.schema))]);
  }
  const name = screen.component && Object.hasOwn(registry, screen.component) ? screen.component : 'Placeholder';
  return registry[name].load();
}

export function screenAt(pathname: string, screens: readonly Screen[] = SCREENS): Screen | undefined {
  return screens.find((screen) => matchPath(screen.route, pathname));
}

/** The first screen of a page load, from its address. */
export function preloadRoute(location: { pathname: string; search: string }, signedIn: boolean, fetchList?: FetchList): Promise<unknown> {
  const { pathname, search } = location;
  if (pathname === PANEL_ROOT || pathname.startsWith(`${PANEL_ROOT}/`)) {
    if (!signedIn) return loginPageChunk.load();
    const screen = screenAt(pathname);
    return Promise.all([panelShellChunk.load(), screen ? preloadScreen(screen, search, fetchList) : undefined]);
  }
  if (pathname === TOKEN_EXPIRED_PATH) return tokenExpiredPageChunk.load();
  return collectionPageChunk.load();
}
