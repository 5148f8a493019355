// The route tree and the router, in react-router's declarative mode (DESIGN.md: the data router alone weighs
// 31.6 KiB gzip, the declarative one 14.6, and the table route's budget does not hold with the first). Panel routes
// come from screens.json; the rest are the public pages. The router keeps the history itself, so a screen's preload
// (src/client/preload.ts) starts the moment an address is pushed, before anything renders, and the new address is
// committed only once that screen's code is in: the old screen stays on meanwhile. Under a customer's base path
// (`/demo/panel/...`) the routes, links and navigations stay `/panel/...`: the router puts the base before them.
import { useSyncExternalStore, type ReactNode } from 'react';
import {
  Outlet,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router-dom';
import { ErrorBoundary } from './core/ErrorBoundary.tsx';
import { lazyWithReload } from './core/lazyWithReload.ts';
import { RootLayout } from './core/RootLayout.tsx';
import { matchRoute } from './core/routeMatch.ts';
import { childPath, PANEL_ROOT, SCREENS, type Screen } from './core/screens.ts';
import { BASENAME, TOKEN_EXPIRED_PATH } from './core/sessionPaths.ts';
import { notFoundPageChunk, tokenExpiredPageChunk } from './pages/chunks.ts';
import { PanelGate } from './pages/shell/PanelGate.tsx';
import { ScreenRenderer } from './ScreenRenderer.tsx';

/** Starts what a screen needs when its route matches; resolves when its code is in, rejects when the code failed. */
export type ScreenPreloader = (screen: Screen, search: string, pathname: string) => Promise<unknown>;

const TokenExpiredPage = lazyWithReload(tokenExpiredPageChunk);
const NotFoundPage = lazyWithReload(notFoundPageChunk);

export function screenRoute(screen: Screen): RouteObject {
  const path = childPath(screen.route);
  const element = <ScreenRenderer key={screen.id} screen={screen} />;
  return path === '' ? { index: true, element } : { path, element };
}

/** A page that fails shows the error message in its place, below the session and alerts; the next address clears it. */
export function PageErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

export function buildRoutes(screens: readonly Screen[]): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        {
          element: <PageErrorBoundary />,
          children: [
            {
              path: PANEL_ROOT,
              element: <PanelGate />,
              children: [...screens.map(screenRoute), { path: '*', element: <NotFoundPage inPanel /> }],
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

/** What a router's history must do (a browser's, or a memory one in tests). */
type RouterHistory = ReturnType<typeof createBrowserHistory>;

interface RouterState {
  action: NavigationType;
  location: Location;
  routes: RouteObject[];
}

/** The panel's router: its history, the committed address and route tree, and the preload of each new address. */
export interface PanelRouter {
  readonly history: RouterHistory;
  /** The base path before every route (core/sessionPaths.ts). */
  readonly basename: string;
  readonly state: RouterState;
  subscribe(listener: () => void): () => void;
  /**
   * Takes the screens of an edited screens.json (and their route tree) at the current address, which stays with no
   * new history entry; its preload runs again first.
   */
  replaceScreens(screens: readonly Screen[], routes?: RouteObject[]): Promise<void>;
  /** Stops following the history. */
  dispose(): void;
}

export interface RouterOptions {
  preload?: ScreenPreloader;
  /** A memory history in tests; the browser's otherwise. */
  history?: RouterHistory;
  /** The base path before every route: the page's own (core/sessionPaths.ts) unless a test gives one. */
  basename?: string;
  screens?: readonly Screen[];
  /** The route tree, when not the one built from the screens (tests show a heading for each screen). */
  routes?: RouteObject[];
}

export function createRouter({
  preload,
  history = createBrowserHistory({ v5Compat: true }),
  basename = BASENAME,
  screens = SCREENS,
  routes = buildRoutes(screens),
}: RouterOptions = {}): PanelRouter {
  let state: RouterState = { action: history.action, location: history.location, routes };
  let current = screens;
  const listeners = new Set<() => void>();
  const commit = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  /** Starts what the address's page needs; settles when its code is in or has failed (the page then shows why). */
  const preloadAt = (location: Location): Promise<unknown> => {
    const { search } = location;
    // Every address the history holds is under the base: react-router put it before each one pushed.
    const pathname = location.pathname.slice(basename.length);
    if (pathname === TOKEN_EXPIRED_PATH) return tokenExpiredPageChunk.load().catch(() => undefined);
    const screen = current.find((s) => matchRoute(s.route, pathname));
    if (!screen) return notFoundPageChunk.load().catch(() => undefined);
    return preload ? preload(screen, search, pathname).catch(() => undefined) : Promise.resolve();
  };

  // The first address: main.ts started its work already, which this finds under way or done.
  void preloadAt(history.location);
  let latest = 0;
  const stop = history.listen(({ action, location }) => {
    const navigation = ++latest;
    // A newer navigation wins; the one before it never commits.
    void preloadAt(location).then(() => {
      if (navigation === latest) commit({ action, location });
    });
  });

  const router: PanelRouter = {
    history,
    basename,
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async replaceScreens(screens, routes = buildRoutes(screens)) {
      current = screens;
      await preloadAt(state.location);
      commit({ routes });
    },
    dispose: stop,
  };
  // npm run dev: an edit of screens.json replaces the routes in place (liveEdit.ts); the build drops this.
  if (import.meta.hot) void import('./liveEdit.ts').then((live) => live.followScreenEdits(router));
  return router;
}

function Routes({ routes }: { routes: RouteObject[] }): ReactNode {
  return useRoutes(routes);
}

/** Renders the router's committed address with its route tree. */
export function PanelRouterView({ router }: { router: PanelRouter }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  return (
    // A navigation renders as a plain update, not a transition that React would render in slices, later.
    <Router basename={router.basename} location={state.location} navigationType={state.action} navigator={router.history} useTransitions={false}>
      <Routes routes={state.routes} />
    </Router>
  );
}
