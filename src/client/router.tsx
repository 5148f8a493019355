// The route tree and the data router. Panel routes come from screens.json; the rest are the public pages.
// A screen's loader starts what the screen needs (src/client/preload.ts) when its route matches, and a navigation
// commits only once the loaders have settled: the old screen stays on until the new one's code is in.
import { createBrowserRouter, createPath, type DataRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { reloadNavigationTarget } from './core/chunk.ts';
import { ErrorFallback } from './core/ErrorBoundary.tsx';
import { RootLayout } from './core/RootLayout.tsx';
import { childPath, PANEL_ROOT, SCREENS, type Screen } from './core/screens.ts';
import { TOKEN_EXPIRED_PATH } from './core/session.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import { tokenExpiredPageChunk } from './pages/chunks.ts';
import { PanelGate } from './pages/shell/PanelGate.tsx';
import { ScreenRenderer } from './ScreenRenderer.tsx';
import { FullPageLoader } from './ui/FullPageLoader.tsx';

/** Starts what a screen needs when its route matches; resolves when its code is in, rejects when the code failed. */
export type ScreenPreloader = (screen: Screen, search: string, pathname: string) => Promise<unknown>;

export function screenRoute(screen: Screen, preload?: ScreenPreloader): RouteObject {
  const path = childPath(screen.route);
  const element = <ScreenRenderer key={screen.id} screen={screen} />;
  // A chunk that still fails after its one page reload (core/chunk.ts) rejects here: the nearest errorElement shows.
  // What only saves time (rows, schema, validator) fails quietly inside the preload: the screen reports it.
  const loader =
    preload &&
    (async ({ request }: LoaderFunctionArgs) => {
      const { search, pathname } = new URL(request.url);
      await preload(screen, search, pathname);
      return null;
    });
  const route = { element, loader, hydrateFallbackElement: <FullPageLoader inPanel /> };
  return path === '' ? { ...route, index: true } : { ...route, path };
}

export function buildRoutes(screens: readonly Screen[], preload?: ScreenPreloader): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      children: [
        {
          // Below the session and the alerts of RootLayout, which stay when a page fails.
          errorElement: <ErrorFallback />,
          children: [
            {
              path: PANEL_ROOT,
              element: <PanelGate />,
              children: [...screens.map((screen) => screenRoute(screen, preload)), { path: '*', element: <NotFoundPage inPanel /> }],
            },
            {
              path: TOKEN_EXPIRED_PATH,
              // A lazy route: its chunk is the one main.ts starts for this address, so the first load waits for nothing.
              lazy: async () => ({ Component: (await tokenExpiredPageChunk.load()).default }),
              hydrateFallbackElement: <FullPageLoader />,
            },
            // Every other address is the collection page's, its own entry (collect.html): the server sends that.
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/**
 * Takes a new route tree (an edit of screens.json) at the current address, which stays: react-router's own entry
 * point for hot replacement, then a revalidation, which matches the address again, runs its loaders and renders the
 * new elements without writing a history entry.
 */
export function replaceRoutes(router: DataRouter, routes: RouteObject[]): Promise<void> {
  router._internalSetRoutes(routes);
  return router.revalidate();
}

export function createRouter(preload?: ScreenPreloader): DataRouter {
  // The first address's loaders run at once and find the work main.ts started (same chunks, same query cache).
  const router = createBrowserRouter(buildRoutes(SCREENS, preload));
  // A chunk that fails on the way to a new address reloads that address; there, failing again, the route's errorElement
  // shows (core/chunk.ts reloads once).
  reloadNavigationTarget(() => {
    const { location } = router.state.navigation;
    return location ? createPath(location) : undefined;
  });
  // npm run dev: an edit of screens.json replaces the routes in place (liveEdit.ts); the build drops this.
  if (import.meta.hot) void import('./liveEdit.ts').then((live) => live.followScreenEdits(router, (screens) => buildRoutes(screens, preload)));
  return router;
}
