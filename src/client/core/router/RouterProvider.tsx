// Renders the committed state: each matched route's element, its child passed down to `<Outlet />`, and an
// error boundary at each route with an errorElement. The boundary is reset by the next commit (a navigation, or a
// new route tree), so leaving a screen that failed recovers.
import { useContext, useSyncExternalStore, type ReactNode } from 'react';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { OutletContext, RouterContext, StateContext } from './hooks.ts';
import type { Router, RouterState } from './router.ts';

export function Outlet(): ReactNode {
  return useContext(OutletContext);
}

function renderRoutes(state: RouterState): ReactNode {
  const { routes } = state;
  let outlet: ReactNode = null;
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i];
    // Route elements are made once with the tree: React skips a layout whose element did not change, and only
    // its Outlet renders again.
    const content = <OutletContext.Provider value={outlet}>{route.element === undefined ? <Outlet /> : route.element}</OutletContext.Provider>;
    outlet =
      route.errorElement === undefined ? (
        content
      ) : (
        <ErrorBoundary fallback={route.errorElement} resetKey={state}>
          {content}
        </ErrorBoundary>
      );
  }
  return outlet;
}

export function RouterProvider({ router }: { router: Router }) {
  // A plain external store: a navigation renders at once, not as a transition.
  const state = useSyncExternalStore(router.subscribe, router.getState, router.getState);
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>{renderRoutes(state)}</StateContext.Provider>
    </RouterContext.Provider>
  );
}
