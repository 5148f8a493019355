// The product's router (src/client/router.tsx) over a memory history, for tests that render a screen or a part of
// one at an address: the same declarative routing, address commits and search parameters as the panel.
import { createElement, type ReactNode } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from 'react-router-dom';
import { createRouter, PanelRouterView, type PanelRouter } from '../../src/client/router.tsx';

/** A router at `address` over the given routes, and the element that renders it. */
export function memoryRouter(routes: RouteObject[], address: string): { router: PanelRouter; view: ReactNode } {
  const history = createMemoryHistory({ initialEntries: [address], v5Compat: true });
  const router = createRouter({ history, routes });
  return { router, view: createElement(PanelRouterView, { router }) };
}
