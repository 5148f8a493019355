// The route tree. Panel routes come from screens.json; the rest are the public pages.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorFallback } from './core/ErrorBoundary.tsx';
import { lazyWithReload } from './core/lazyWithReload.ts';
import { RootLayout } from './core/RootLayout.tsx';
import { childPath, PANEL_ROOT, SCREENS, type Screen } from './core/screens.ts';
import { TOKEN_EXPIRED_PATH } from './core/session.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import { PanelGate } from './pages/shell/PanelGate.tsx';
import { ScreenRenderer } from './renderer/ScreenRenderer.tsx';

const TokenExpiredPage = lazyWithReload(() => import('./pages/TokenExpiredPage.tsx'));
const CollectionPage = lazyWithReload(() => import('./pages/CollectionPage.tsx'));

export function screenRoute(screen: Screen): RouteObject {
  const path = childPath(screen.route);
  const element = <ScreenRenderer key={screen.id} screen={screen} />;
  return path === '' ? { index: true, element } : { path, element };
}

export function buildRoutes(screens: readonly Screen[]): RouteObject[] {
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
              children: [...screens.map(screenRoute), { path: '*', element: <NotFoundPage inPanel /> }],
            },
            { path: TOKEN_EXPIRED_PATH, element: <TokenExpiredPage /> },
            { index: true, element: <CollectionPage /> },
            { path: ':customerUrl', element: <CollectionPage /> },
            { path: ':customerUrl/:programUrl', element: <CollectionPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export function createRouter() {
  const router = createBrowserRouter(buildRoutes(SCREENS));
  // npm run dev: an edit of screens.json replaces the routes in place (liveEdit.ts); the build drops this.
  if (import.meta.hot) void import('./liveEdit.ts').then((live) => live.followScreenEdits(router, (screens) => buildRoutes(screens)));
  return router;
}
