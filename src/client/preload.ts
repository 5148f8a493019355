// What a screen needs before it can show, started as soon as its route matches (at start-up from the
// address alone, or by the router on navigation) rather than when the screen mounts: the panel shell
// or the login page, the screen's chunk, its schema, ui hints and validator, and a list's first
// request. Rendering waits for the code (not the rows: the table shows them when they come), so no
// Suspense fallback stands between a route and its first paint.
import type { QueryClient } from '@tanstack/react-query';
import { readListQuery } from '../shared/list-query.ts';
import { matchPath } from './core/router/match.ts';
import { PANEL_ROOT, SCREENS, type Screen } from './core/screens.ts';
import { TOKEN_EXPIRED_PATH } from './core/session.tsx';
import { registry } from './pages/registry.ts';
import { CollectionPage, TokenExpiredPage } from './pages/publicPages.ts';
import { LoginPage, PanelShell } from './pages/shell/PanelGate.tsx';
import type { FormScreen as FormScreenDescriptor, TableScreen as TableScreenDescriptor } from './renderer/descriptors.ts';
import { loadValidators } from './core/precompiledValidators.ts';
import { loadSchemaFile } from './renderer/schemas.ts';
import { effectiveOrder } from './renderer/table/useListAddress.ts';
import { listQueryOptions } from './renderer/table/useListData.ts';
import { FormScreen, TableScreen } from './ScreenRenderer.tsx';

/** A screen's code and data; resolves when the code is in. */
export function preloadScreen(screen: Screen, search: string, queryClient: QueryClient): Promise<unknown> {
  if (screen.kind === 'table') {
    const table = screen as TableScreenDescriptor;
    const query = readListQuery(new URLSearchParams(search));
    void queryClient.prefetchQuery(listQueryOptions(table.api.list, query, effectiveOrder(query, table.defaultOrder)));
    return TableScreen.preload();
  }
  if (screen.kind === 'form') {
    const form = screen as FormScreenDescriptor;
    // A missing schema or validator is the screen's to report; preloading only saves time.
    const quietly = (work: Promise<unknown>) => work.catch(() => undefined);
    return Promise.all([
      FormScreen.preload(),
      quietly(loadSchemaFile(form.schema)),
      form.uiSchema ? quietly(loadSchemaFile(form.uiSchema)) : undefined,
      quietly(loadValidators(form.schema)),
    ]);
  }
  const component = (screen.component && registry[screen.component]) || registry.Placeholder;
  return component.preload();
}

export function screenAt(pathname: string, screens: readonly Screen[] = SCREENS): Screen | undefined {
  return screens.find((screen) => matchPath(screen.route, pathname));
}

/** The first screen of a page load, from its address. */
export function preloadRoute(location: { pathname: string; search: string }, queryClient: QueryClient, signedIn: boolean): Promise<unknown> {
  const { pathname, search } = location;
  if (pathname === PANEL_ROOT || pathname.startsWith(`${PANEL_ROOT}/`)) {
    if (!signedIn) return LoginPage.preload();
    const screen = screenAt(pathname);
    return Promise.all([PanelShell.preload(), screen ? preloadScreen(screen, search, queryClient) : undefined]);
  }
  if (pathname === TOKEN_EXPIRED_PATH) return TokenExpiredPage.preload();
  return CollectionPage.preload();
}
