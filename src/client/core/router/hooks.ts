// What components read from the router. The router itself (stable) and its committed state (new on each
// navigation) are separate contexts, so what only navigates (useNavigate, Link) does not re-render on each one.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Location } from './history.ts';
import type { Params } from './match.ts';
import type { Navigate, NavigateOptions, Router, RouterState } from './router.ts';

export const RouterContext = createContext<Router | null>(null);
export const StateContext = createContext<RouterState | null>(null);
/** What `<Outlet />` renders at each level: the matched child, or nothing. */
export const OutletContext = createContext<ReactNode>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks must be used inside RouterProvider');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('Router hooks must be used inside RouterProvider');
  return state;
}

/** Stable across renders. */
export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useLocation(): Location {
  return useRouterState().location;
}

/** Every `:name` (and `*`) of the matched branch, decoded. */
export function useParams(): Params {
  return useRouterState().params;
}

export type SearchParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];
export type SetSearchParams = (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => Promise<void>;

/** The address's query; the setter navigates to the same path with a new query (a new entry unless `replace`). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const { search } = useRouterState().location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      return router.navigate(`?${new URLSearchParams(init).toString()}`, options);
    },
    [router],
  );
  return [params, setParams];
}
