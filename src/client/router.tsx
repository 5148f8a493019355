// The route tree. Panel routes come from screens.json; the rest are the public pages.
import { ErrorFallback } from './core/ErrorBoundary.tsx';
import { RootLayout } from './core/RootLayout.tsx';
import { createBrowserHistory } from './core/router/history.ts';
import { Router } from './core/router/router.ts';
import type { Route } from './core/router/match.ts';
import { childPath, PANEL_ROOT, SCREENS, type Screen } from './core/screens.ts';
import { TOKEN_EXPIRED_PATH } from './core/session.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import { TokenExpiredPage } from './pages/publicPages.ts';
import { PanelGate } from './pages/shell/PanelGate.tsx';
import { ScreenRenderer } from './ScreenRenderer.tsx';

/** Starts what a screen needs when its route matches (src/client/preload.ts); navigation waits for the code. */
export type ScreenPreloader = (screen: Screen, search: string, pathname: string) => Promise<unknown>;

export function screenRoute(screen: Screen, preload?: ScreenPreloader): Route {
  const path = childPath(screen.route);
  const element = <ScreenRenderer key={screen.id} screen={screen} />;
  // A failed preload is not the route's error (the router ignores it): the screen itself loads and reports.
  const preloadRoute: Route['preload'] = preload && (({ location }) => preload(screen, location.search, location.pathname));
  return path === '' ? { index: true, element, preload: preloadRoute } : { path, element, preload: preloadRoute };
}

export function buildRoutes(screens: readonly Screen[], preload?: ScreenPreloader): Route[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      children: [
        {
          errorElement: <ErrorFallback />,
          children: [
            {
              path: PANEL_ROOT,
              element: <PanelGate />,
              children: [...screens.map((screen) => screenRoute(screen, preload)), { path: '*', element: <NotFoundPage inPanel /> }],
            },
            { path: TOKEN_EXPIRED_PATH, element: <TokenExpiredPage /> },
            // Every other address is the collection page's, its own entry (collect.html): the server sends that.
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export function createRouter(preload?: ScreenPreloader): Router {
  // The first address renders at once (main.ts preloaded its screen before rendering); later ones wait for their preload.
  const router = new Router(buildRoutes(SCREENS, preload), createBrowserHistory());
  // npm run dev: an edit of screens.json replaces the routes in place (liveEdit.ts); the build drops this.
  if (import.meta.hot) void import('./liveEdit.ts').then((live) => live.followScreenEdits(router, (screens) => buildRoutes(screens, preload)));
  return router;
}
