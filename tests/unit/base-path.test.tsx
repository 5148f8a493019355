// @vitest-environment jsdom
// The panel under a customer's base path (`/{customerUrl}/panel/...`): which addresses are the panel's and which
// customer they name (src/shared/addresses.ts), and the router keeping every route, link and navigation under the base
// while the routes and preloads read `/panel/...` (src/client/router.tsx).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Link, Outlet, UNSAFE_createMemoryHistory as createMemoryHistory, useLocation, useNavigate, type RouteObject } from 'react-router-dom';
import { baseCustomer, isPanelAddress } from '../../src/shared/addresses.ts';
import { isCustomLink } from '../../src/shared/validation/rules.ts';
import { SCREENS } from '../../src/client/core/screens.ts';
import { createRouter, PanelRouterView, type PanelRouter, type ScreenPreloader } from '../../src/client/router.tsx';

const routers: PanelRouter[] = [];
// A router loads the live-edit module where the bundler runs hot (here too): in before the short file ends.
beforeAll(() => import('../../src/client/liveEdit.ts'));
afterEach(() => {
  cleanup();
  for (const router of routers.splice(0)) router.dispose();
});

describe('the addresses of the panel', () => {
  it('are /panel and the token-expired page, also under a customer segment; everything else is the collection page', () => {
    for (const path of ['/panel', '/panel/payouts', '/token-expired', '/demo/panel', '/demo/panel/', '/demo/panel/payouts', '/demo/panel/users/3/update', '/demo/token-expired', '/demo-co2/panel']) {
      expect(isPanelAddress(path), path).toBe(true);
    }
    for (const path of ['/', '/demo', '/demo/', '/demo/payin', '/demo/employee-bonuses', '/demo/panelling', '/demo/token-expired/x', '/Demo/panel', '/de_mo/panel', '/demo/x/panel', '/-demo/panel', '/demo--co/panel', `/${'a'.repeat(65)}/panel`]) {
      expect(isPanelAddress(path), path).toBe(false);
    }
  });

  it('name the customer of the base path, and none without one', () => {
    expect(baseCustomer('/demo/panel')).toBe('demo');
    expect(baseCustomer('/demo/panel/payouts')).toBe('demo');
    expect(baseCustomer('/demo-co2/token-expired')).toBe('demo-co2');
    expect(baseCustomer(`/${'a'.repeat(64)}/panel`)).toBe('a'.repeat(64));
    expect(baseCustomer('/panel')).toBeUndefined();
    expect(baseCustomer('/panel/payouts')).toBeUndefined();
    // `/panel/panel` is the panel's own (an unknown screen), never a customer called "panel".
    expect(baseCustomer('/panel/panel')).toBeUndefined();
    expect(baseCustomer('/demo')).toBeUndefined();
    expect(baseCustomer('/demo/payin')).toBeUndefined();
    expect(baseCustomer('/demo/employee-bonuses')).toBeUndefined();
  });

  it("take a customer's segment by the customer url's own rule: a custom link of at most 64 characters", () => {
    const segments = ['demo', 'demo-co', 'a1-b2-c3', '1', 'a'.repeat(64), 'a'.repeat(65), 'Demo', 'demo_co', 'demo--co', '-demo', 'demo-', 'dé', 'de mo', ''];
    for (const segment of segments) {
      expect(baseCustomer(`/${segment}/panel`) === segment, segment).toBe(isCustomLink(segment) && segment.length <= 64);
    }
  });
});

/** Shows the address the routes read, and leads elsewhere by a link and by a navigation. */
function Page() {
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="address">{useLocation().pathname}</p>
      <Link to="/panel/recipients">Recipients</Link>
      <button type="button" onClick={() => navigate('/token-expired')}>
        Expire
      </button>
    </>
  );
}

const ROUTES: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      { path: '/panel', children: [{ index: true, element: <Page /> }, { path: 'payouts', element: <Page /> }, { path: 'recipients', element: <Page /> }] },
      { path: '/token-expired', element: <Page /> },
    ],
  },
];

describe('the router under a base path', () => {
  it('reads /panel/... inside the base, preloads by it, and keeps links and navigations under the base', async () => {
    const preload = vi.fn<ScreenPreloader>(() => Promise.resolve());
    const history = createMemoryHistory({ initialEntries: ['/demo/panel/payouts?page=2'], v5Compat: true });
    const router = createRouter({ history, basename: '/demo', preload, routes: ROUTES });
    routers.push(router);
    expect(preload).toHaveBeenLastCalledWith(SCREENS.find((s) => s.id === 'payouts'), '?page=2', '/panel/payouts');

    render(<PanelRouterView router={router} />);
    expect(screen.getByTestId('address').textContent).toBe('/panel/payouts');
    const link = screen.getByRole('link', { name: 'Recipients' });
    expect(link.getAttribute('href')).toBe('/demo/panel/recipients');

    await act(async () => link.click());
    expect(router.history.location.pathname).toBe('/demo/panel/recipients');
    expect(preload).toHaveBeenLastCalledWith(SCREENS.find((s) => s.id === 'recipients'), '', '/panel/recipients');
    expect((await screen.findByTestId('address')).textContent).toBe('/panel/recipients');

    await act(async () => screen.getByRole('button', { name: 'Expire' }).click());
    expect(router.history.location.pathname).toBe('/demo/token-expired');
  });
});
