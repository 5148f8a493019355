// What a screen needs before it can show, started as soon as its route matches (at start-up from the address alone,
// or by the router the moment a new address is pushed: router.tsx) rather than when the screen mounts: the panel
// shell or the login page, the screen's chunk, its schema, ui hints and validator, and a list's first request.
// Rendering waits for the code (not the rows: the table shows them when they come), so no Suspense fallback stands
// between a route and its first paint.
//
// Free of React, its router and its query cache: main.ts runs this before any of them has loaded, and the
// caller decides how a list's request is sent (fetchList).
import { readListQuery, type ListQuery } from '../shared/list-query.ts';
import { loadValidators } from './core/precompiledValidators.ts';
import { matchRoute } from './core/routeMatch.ts';
import { completeScreen, PANEL_ROOT, SCREENS, type Screen } from './core/screens.ts';
import { TOKEN_EXPIRED_PATH } from './core/sessionPaths.ts';
import { loginPageChunk, notFoundPageChunk, panelShellChunk, tokenExpiredPageChunk } from './pages/chunks.ts';
import { registry } from './pages/registry.ts';
import { accountStepChunk, dashboardChartsChunk, dashboardScreenChunk, detailsScreenChunk, formScreenChunk, importScreenChunk, lazyWidgetChunks, tableExtrasChunk, tableScreenChunk } from './renderer/chunks.ts';
import type { FormScreen as FormScreenDescriptor, ImportScreen as ImportScreenDescriptor, TableScreen as TableScreenDescriptor } from './renderer/descriptors.ts';
import { loadSchemaFile } from './renderer/schemaFiles.ts';
import { effectiveOrder, type EffectiveOrder, type ListScope } from './renderer/table/listRequest.ts';
import { periodTooLong, withDefaultPeriod } from './renderer/table/period.ts';
import { widgetsNamed } from './renderer/widgets/phoneHints.ts';

/** One list view's first request: the list call of its screen, the view the address names and its order. */
export interface ListView {
  listCall: string;
  query: ListQuery;
  order: EffectiveOrder;
  /** The route's parameters and the screen's scope filters. */
  scope?: ListScope;
}

/** The list view a table screen shows for an address: the address's view, with the default period where it has one. */
export function listViewOf(table: TableScreenDescriptor, search: string, params: Record<string, string | undefined> = {}, now = new Date()): ListView | undefined {
  let query = readListQuery(new URLSearchParams(search));
  if (table.period) {
    query = withDefaultPeriod(query, table.period, now);
    // A period too long is refused before any request.
    if (periodTooLong(query.options, table.period)) return undefined;
  }
  return { listCall: table.api.list, query, order: effectiveOrder(query, table.defaultOrder), scope: { params, scopeFilters: table.scopeFilters } };
}

/** Sends (or hands to a cache) the request of a list view. */
export type FetchList = (view: ListView) => void;

/** A failed preload is the screen's to report when it renders; preloading only saves time. */
const quietly = (work: Promise<unknown>) => work.catch(() => undefined);

/** A screen's code and data; resolves when the code is in. `pathname` gives the route's parameters. */
/** Starts loading the lazily loaded widgets a form's ui hints name. */
function preloadWidgets(hints: unknown): void {
  for (const name of widgetsNamed(hints)) {
    if (Object.hasOwn(lazyWidgetChunks, name)) quietly(lazyWidgetChunks[name as keyof typeof lazyWidgetChunks].load());
  }
}

export function preloadScreen(screen: Screen, search: string, fetchList?: FetchList, pathname?: string): Promise<unknown> {
  // The rest of the screen's descriptor comes beside its code (core/screens.ts); what starts here reads the start-up fields.
  return Promise.all([completeScreen(screen), preloadScreenParts(screen, search, fetchList, pathname)]);
}

function preloadScreenParts(screen: Screen, search: string, fetchList?: FetchList, pathname?: string): Promise<unknown> {
  const params = (pathname && matchRoute(screen.route, pathname)) || {};
  if (screen.kind === 'table') {
    const table = screen as TableScreenDescriptor;
    const view = listViewOf(table, search, params);
    if (view) fetchList?.(view);
    const extras = table.record || table.period || table.export ? quietly(tableExtrasChunk.load()) : undefined;
    return Promise.all([tableScreenChunk.load(), extras]);
  }
  if (screen.kind === 'details') return detailsScreenChunk.load();
  // The charts come beside the dashboard, not before it: its figures show while recharts is on its way.
  if (screen.kind === 'dashboard') return Promise.all([dashboardScreenChunk.load(), quietly(dashboardChartsChunk.load())]);
  if (screen.kind === 'import') return Promise.all([importScreenChunk.load(), (screen as ImportScreenDescriptor).accountStep ? quietly(accountStepChunk.load()) : undefined]);
  if (screen.kind === 'form') {
    const form = screen as FormScreenDescriptor;
    // The widgets only some forms use (the phone input's metadata among them) come beside the form, not before it
    // (widgets/lazyWidget.tsx, widgets/LazyPhoneWidget.tsx).
    const uiSchema = form.uiSchema ? quietly(loadSchemaFile(form.uiSchema).then((hints) => void preloadWidgets(hints))) : undefined;
    const step = form.accountStep ? quietly(accountStepChunk.load()) : undefined;
    return Promise.all([formScreenChunk.load(), quietly(loadSchemaFile(form.schema)), uiSchema, quietly(loadValidators(form.schema)), step]);
  }
  const name = screen.component && Object.hasOwn(registry, screen.component) ? screen.component : 'Placeholder';
  return registry[name].load();
}

export function screenAt(pathname: string, screens: readonly Screen[] = SCREENS): Screen | undefined {
  return screens.find((screen) => matchRoute(screen.route, pathname));
}

/** The first screen of a page load, from its address as the routes read it (a customer's base path left out: main.ts). */
export function preloadRoute(location: { pathname: string; search: string }, signedIn: boolean, fetchList?: FetchList): Promise<unknown> {
  const { pathname, search } = location;
  if (pathname === PANEL_ROOT || pathname.startsWith(`${PANEL_ROOT}/`)) {
    if (!signedIn) return loginPageChunk.load();
    const screen = screenAt(pathname);
    return Promise.all([panelShellChunk.load(), screen ? preloadScreen(screen, search, fetchList, pathname) : notFoundPageChunk.load()]);
  }
  if (pathname === TOKEN_EXPIRED_PATH) return tokenExpiredPageChunk.load();
  return notFoundPageChunk.load();
}
