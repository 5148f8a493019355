// @vitest-environment jsdom
// The panel's routes over react-router in declarative mode (src/client/router.tsx): every screen of screens.json is a
// route, a screen's preload starts the moment its address is pushed, a navigation keeps the old screen until the new
// one's code is in, an edited screens.json replaces the routes at the same address, and a chunk that fails reloads
// the page once, then shows the error. The start-up code's own matcher answers as react-router does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { matchPath, matchRoutes, Outlet, UNSAFE_createMemoryHistory as createMemoryHistory, useLocation, type RouteObject } from 'react-router-dom';
import { chunk } from '../../src/client/core/chunk.ts';
import { lazyWithReload } from '../../src/client/core/lazyWithReload.ts';
import { matchRoute } from '../../src/client/core/routeMatch.ts';
import { SCREENS, type Screen } from '../../src/client/core/screens.ts';
import { buildRoutes, createRouter, PageErrorBoundary, PanelRouterView, screenRoute, type PanelRouter, type ScreenPreloader } from '../../src/client/router.tsx';
import { ScreenRenderer } from '../../src/client/ScreenRenderer.tsx';

const routers: PanelRouter[] = [];

afterEach(() => {
  cleanup();
  for (const router of routers.splice(0)) router.dispose();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const screenById = (id: string): Screen => {
  const found = SCREENS.find((s) => s.id === id);
  if (!found) throw new Error(`no screen ${id}`);
  return found;
};

/** An address for a screen's route: each parameter filled, an optional one too. */
const addressOf = (route: string, value = '7') => route.replace(/:[\w-]+\??/g, value);

/** A promise settled from outside. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** The screen a route tree renders at an address: the ScreenRenderer of its deepest match. */
function screenAtAddress(routes: RouteObject[], address: string): Screen | undefined {
  const element = matchRoutes(routes, address)?.at(-1)?.route.element;
  return element && typeof element === 'object' && 'type' in element && element.type === ScreenRenderer ? (element.props as { screen: Screen }).screen : undefined;
}

describe('the route tree from screens.json', () => {
  const routes = buildRoutes(SCREENS);

  it('has a route for every screen, parameters included, an optional one left out or given', () => {
    for (const s of SCREENS) {
      expect(screenAtAddress(routes, addressOf(s.route))?.id, s.route).toBe(s.id);
      if (s.route.endsWith('?')) expect(screenAtAddress(routes, s.route.replace(/\/:[\w-]+\?$/, ''))?.id, s.route).toBe(s.id);
    }
  });

  it("prefers a screen's static segment to another screen's parameter", () => {
    expect(screenAtAddress(routes, '/panel/accounts/create')?.id).toBe('accountCreate');
    expect(screenAtAddress(routes, '/panel/integration-api/webhooks/deliveries')?.id).toBe('webhookDeliveries');
  });

  it("sends an unknown panel address to the panel's not-found page and any other to the public one", () => {
    const inPanel = matchRoutes(routes, '/panel/nothing/here')!;
    expect(inPanel.at(-1)!.route.path).toBe('*');
    expect(inPanel.some((m) => m.route.path === '/panel')).toBe(true);
    const outside = matchRoutes(routes, '/nothing')!;
    expect(outside.at(-1)!.route.path).toBe('*');
    expect(outside.some((m) => m.route.path === '/panel')).toBe(false);
  });
});

describe("the start-up code's matcher", () => {
  it("answers as react-router's matchPath for every screen route, case, trailing slashes and extra segments included", () => {
    const pathsFor = (route: string) => [
      addressOf(route),
      addressOf(route, 'J%C3%B3zef'),
      addressOf(route).toUpperCase(),
      `${addressOf(route)}/`,
      `${addressOf(route)}//`,
      `${addressOf(route)}/extra`,
      route.replace(/\/:[\w-]+\??$/, ''),
      route.replace(/\/[^/]+$/, ''),
    ];
    for (const { route } of SCREENS) {
      for (const other of SCREENS) {
        for (const path of pathsFor(other.route)) {
          const theirs = matchPath(route, path);
          const ours = matchRoute(route, path);
          expect(ours === null, `${route} ~ ${path}`).toBe(theirs === null);
          if (theirs) {
            const decoded = Object.fromEntries(Object.entries(theirs.params).flatMap(([k, v]) => (v ? [[k, decodeURIComponent(v)]] : [])));
            expect(ours, `${route} ~ ${path}`).toEqual(decoded);
          }
        }
      }
    }
  });
});

/** A router over a memory history at the given addresses (the last one current). */
function memoryRouter(addresses: string[], options: Parameters<typeof createRouter>[0] = {}): PanelRouter {
  const history = createMemoryHistory({ initialEntries: addresses, initialIndex: addresses.length - 1, v5Compat: true });
  const router = createRouter({ ...options, history });
  routers.push(router);
  return router;
}

/** Lets the promises settle that a navigation waits for. */
const settle = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});

describe("a screen's preload", () => {
  it('starts when its address is pushed, the first address included, before anything renders', () => {
    const preload = vi.fn<ScreenPreloader>(() => Promise.resolve());
    const router = memoryRouter(['/panel/recipients?page=2&limit=50'], { preload });
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenLastCalledWith(screenById('recipients'), '?page=2&limit=50', '/panel/recipients');
    router.history.push('/panel/customers/12/update');
    expect(preload).toHaveBeenCalledTimes(2);
    expect(preload).toHaveBeenLastCalledWith(screenById('customerUpdate'), '', '/panel/customers/12/update');
  });

  it("runs again when the filters in the address change, so the new view's rows start at once", async () => {
    const preload = vi.fn<ScreenPreloader>(() => Promise.resolve());
    const router = memoryRouter(['/panel/payouts'], { preload });
    router.history.push('/panel/payouts?page=3');
    expect(preload).toHaveBeenLastCalledWith(screenById('payouts'), '?page=3', '/panel/payouts');
    await settle();
    expect(router.state.location.search).toBe('?page=3');
  });
});

/** Shows the committed address beside the screen, as a screen reading it would. */
function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

/** The screens' routes, each showing a heading in place of the screen itself, under the router's view. */
function showScreens(ids: string[], preload: ScreenPreloader, address: string) {
  const routes: RouteObject[] = [
    {
      path: '/panel',
      element: (
        <>
          <Address />
          <Outlet />
        </>
      ),
      children: ids.map((id) => ({ ...screenRoute(screenById(id)), element: <h1>{id}</h1> }) as RouteObject),
    },
  ];
  const router = memoryRouter([address], { preload, routes });
  render(<PanelRouterView router={router} />);
  return router;
}

describe('a navigation', () => {
  it("keeps the old screen and address until the new screen's code is in", async () => {
    const code = deferred();
    const router = showScreens(['users', 'userCreate'], (s) => (s.id === 'userCreate' ? code.promise : Promise.resolve()), '/panel/users');
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'users');
    act(() => router.history.push('/panel/users/create'));
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('users');
    expect(screen.getByTestId('address').textContent).toBe('/panel/users');
    code.resolve();
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('userCreate');
    expect(screen.getByTestId('address').textContent).toBe('/panel/users/create');
  });

  it('gives way to a newer one', async () => {
    const slow = deferred();
    const router = showScreens(['users', 'userCreate', 'programs'], (s) => (s.id === 'userCreate' ? slow.promise : Promise.resolve()), '/panel/users');
    await screen.findByRole('heading');
    act(() => router.history.push('/panel/users/create'));
    act(() => router.history.push('/panel/programs'));
    await settle();
    slow.resolve();
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('programs');
    expect(router.state.location.pathname).toBe('/panel/programs');
  });
});

describe('an edited screens.json', () => {
  it('replaces the routes at the current address, which stays, with no new history entry', async () => {
    const preload = vi.fn<ScreenPreloader>(() => Promise.resolve());
    const tree = (title: string): RouteObject[] => [
      {
        path: '/panel',
        element: <Outlet />,
        children: [
          { path: 'users', element: <h1>users</h1> },
          { ...screenRoute(screenById('payouts')), element: <h1>{title}</h1> },
        ],
      },
    ];
    const router = memoryRouter(['/panel/users', '/panel/payouts?page=3&orderBy=id'], { preload, routes: tree('payouts') });
    render(<PanelRouterView router={router} />);
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'payouts');
    const before = router.state.location;
    preload.mockClear();
    await act(() => router.replaceScreens(SCREENS, tree('payouts, edited')));
    expect(screen.getByRole('heading').textContent).toBe('payouts, edited');
    expect(router.state.location).toBe(before);
    expect(preload).toHaveBeenLastCalledWith(screenById('payouts'), '?page=3&orderBy=id', '/panel/payouts');
    // Back leads to the entry before, not to a copy of this one.
    act(() => router.history.go(-1));
    await settle();
    expect(router.state.location.pathname).toBe('/panel/users');
  });
});

describe("a screen's chunk that fails to load", () => {
  const failingChunk = () => chunk<{ default: () => null }>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

  it('reloads the page once, the old screen staying until the reload replaces it', async () => {
    // jsdom reports that it cannot reload; the mark the reload leaves is what counts.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = failingChunk();
    const router = showScreens(['users', 'userCreate'], (s) => (s.id === 'userCreate' ? failing.load() : Promise.resolve()), '/panel/users');
    await screen.findByRole('heading');
    act(() => router.history.push('/panel/users/create'));
    await settle();
    expect(sessionStorage.getItem('chunkReloaded')).not.toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('users');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("after that reload, shows the error boundary's message in place of the screen", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The page as the reload left it: the mark is fresh, and the other chunks of the page load (they leave the mark).
    sessionStorage.setItem('chunkReloaded', String(Date.now()));
    await chunk(() => Promise.resolve({ default: 'the panel shell' })).load();
    const failing = failingChunk();
    const Failing = lazyWithReload(failing);
    const routes: RouteObject[] = [
      {
        element: <PageErrorBoundary />,
        children: [
          { path: '/panel/users', element: <h1>users</h1> },
          {
            path: '/panel/users/create',
            element: (
              <Suspense fallback={null}>
                <Failing />
              </Suspense>
            ),
          },
        ],
      },
    ];
    const router = memoryRouter(['/panel/users/create'], { preload: () => failing.load(), routes });
    render(<PanelRouterView router={router} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    // The next address clears the message.
    act(() => router.history.push('/panel/users'));
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'users');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
