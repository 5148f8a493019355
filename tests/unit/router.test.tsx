// @vitest-environment jsdom
// The client's router (src/client/core/router) in a DOM: what renders at an address, what a click or a
// navigation does to the address and the history, and how preloads hold a navigation back.
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserHistory, createMemoryHistory } from '../../src/client/core/router/history.ts';
import { Link } from '../../src/client/core/router/Link.tsx';
import { matchPath, type Route } from '../../src/client/core/router/match.ts';
import { Outlet, RouterProvider } from '../../src/client/core/router/RouterProvider.tsx';
import { Router } from '../../src/client/core/router/router.ts';
import { useLocation, useNavigate, useParams, useSearchParams } from '../../src/client/core/router/hooks.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Params() {
  return <p data-testid="params">{JSON.stringify(useParams())}</p>;
}

function Here() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="here">{pathname + search + hash}</p>;
}

function Layout({ name }: { name: string }) {
  return (
    <div data-testid={name}>
      <Outlet />
    </div>
  );
}

const page = (text: string): Route['element'] => <h1>{text}</h1>;

function show(routes: Route[], entries: string[] = ['/']) {
  const history = createMemoryHistory(entries);
  const router = new Router(routes, history);
  render(<RouterProvider router={router} />);
  return { router, history };
}

const heading = () => screen.getByRole('heading').textContent;
const addresses = (history: ReturnType<typeof createMemoryHistory>) => history.entries.map((entry) => entry.pathname + entry.search + entry.hash);

/** A promise settled from outside. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('matching', () => {
  const routes: Route[] = [
    { path: '/users', element: page('users') },
    { path: '/users/:id', element: <Params /> },
    { path: '/users/create', element: page('create user') },
    { path: '/users/:id/files/*', element: <Params /> },
    { path: '/reports/:year?', element: <Params /> },
    { path: '*', element: page('not found') },
  ];

  it('renders the route of the address, with its :name segments as params, decoded', () => {
    show(routes, ['/users/J%C3%B3zef%20K']);
    expect(JSON.parse(screen.getByTestId('params').textContent!)).toEqual({ id: 'Józef K' });
  });

  it('prefers a static segment to a parameter whatever the order of the routes', () => {
    show(routes, ['/users/create']);
    expect(heading()).toBe('create user');
  });

  it('ignores trailing slashes and the case of static segments', () => {
    show(routes, ['/Users/']);
    expect(heading()).toBe('users');
  });

  it('lets an optional parameter be left out', () => {
    show(routes, ['/reports']);
    expect(JSON.parse(screen.getByTestId('params').textContent!)).toEqual({});
    cleanup();
    show(routes, ['/reports/2026']);
    expect(JSON.parse(screen.getByTestId('params').textContent!)).toEqual({ year: '2026' });
  });

  it('gives the rest of the path to a trailing *, and sends any unknown address to the catch-all', () => {
    show(routes, ['/users/7/files/a/b.pdf']);
    expect(JSON.parse(screen.getByTestId('params').textContent!)).toEqual({ id: '7', '*': 'a/b.pdf' });
    cleanup();
    show(routes, ['/users/7/unknown']);
    expect(heading()).toBe('not found');
  });

  it('renders nothing for an address no route matches', () => {
    const { container } = render(<RouterProvider router={new Router([{ path: '/a', element: page('a') }], createMemoryHistory(['/b']))} />);
    expect(container.innerHTML).toBe('');
  });

  it('matchPath matches a pattern against a whole path', () => {
    expect(matchPath('/panel/users/:id/update', '/panel/users/12/update')).toEqual({ id: '12' });
    expect(matchPath('/panel/users/:id/update', '/panel/users/12')).toBeNull();
    expect(matchPath('/panel/users/:id', '/panel/users/12/update')).toBeNull();
    expect(matchPath('/panel', '/panel/')).toEqual({});
    expect(matchPath('/panel/:id', '/panel//')).toBeNull();
  });
});

describe('nested routes', () => {
  const routes: Route[] = [
    {
      element: <Layout name="root" />,
      children: [
        {
          path: '/panel',
          element: <Layout name="panel" />,
          children: [
            { index: true, element: page('panel home') },
            { path: 'users/:id', element: <Params /> },
            { path: '*', element: page('panel not found') },
          ],
        },
        { index: true, element: page('public home') },
      ],
    },
  ];

  it('renders each level inside its parent through <Outlet />', () => {
    show(routes, ['/panel']);
    expect(screen.getByTestId('root').contains(screen.getByTestId('panel'))).toBe(true);
    expect(screen.getByTestId('panel').textContent).toBe('panel home');
  });

  it('joins relative child paths to the parent path', () => {
    show(routes, ['/panel/users/3']);
    expect(screen.getByTestId('panel').textContent).toBe('{"id":"3"}');
  });

  it('uses the catch-all of the deepest level that has one', () => {
    show(routes, ['/panel/nothing/here']);
    expect(screen.getByTestId('panel').textContent).toBe('panel not found');
  });

  it('keeps the layouts mounted across navigations between their children', () => {
    let mounts = 0;
    function Counted() {
      useState(() => mounts++);
      return <Outlet />;
    }
    const { router } = show([{ path: '/panel', element: <Counted />, children: [{ index: true, element: page('home') }, { path: 'a', element: page('a') }] }], ['/panel']);
    act(() => void router.navigate('/panel/a'));
    expect(heading()).toBe('a');
    expect(mounts).toBe(1);
  });
});

describe('links', () => {
  function Nav() {
    return (
      <>
        <Link to="/b">to b</Link>
        <Link to="/b" target="_blank">
          b in a new tab
        </Link>
        <Link to="/a?x=1" replace>
          replace with a
        </Link>
        <Here />
      </>
    );
  }
  const routes: Route[] = [
    { path: '/a', element: <Nav /> },
    { path: '/b', element: <Nav /> },
  ];

  it('are real links to their address', () => {
    show(routes, ['/a']);
    expect(screen.getByRole('link', { name: 'to b' }).getAttribute('href')).toBe('/b');
  });

  it('navigate in the app on a plain left click, adding a history entry', () => {
    const { history } = show(routes, ['/a']);
    expect(fireEvent.click(screen.getByRole('link', { name: 'to b' }))).toBe(false);
    expect(screen.getByTestId('here').textContent).toBe('/b');
    expect(addresses(history)).toEqual(['/a', '/b']);
  });

  it('leave modified and middle clicks and other targets to the browser', () => {
    // jsdom reports that it cannot open another document; not what is tested here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { history } = show(routes, ['/a']);
    const link = screen.getByRole('link', { name: 'to b' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      link.dispatchEvent(click);
      expect(click.defaultPrevented, JSON.stringify(init)).toBe(false);
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'b in a new tab' }))).toBe(true);
    expect(screen.getByTestId('here').textContent).toBe('/a');
    expect(addresses(history)).toEqual(['/a']);
  });

  it('replace the entry when asked to, and when they lead to the current address', () => {
    const { history } = show(routes, ['/a']);
    fireEvent.click(screen.getByRole('link', { name: 'replace with a' }));
    expect(screen.getByTestId('here').textContent).toBe('/a?x=1');
    expect(addresses(history)).toEqual(['/a?x=1']);
    fireEvent.click(screen.getByRole('link', { name: 'to b' }));
    fireEvent.click(screen.getByRole('link', { name: 'to b' }));
    expect(addresses(history)).toEqual(['/a?x=1', '/b']);
  });
});

describe('navigate', () => {
  let navigate: ReturnType<typeof useNavigate>;
  function Grab() {
    navigate = useNavigate();
    return <Here />;
  }
  const routes: Route[] = [{ path: '*', element: <Grab /> }];

  it('pushes by default and replaces with { replace: true }', () => {
    const { history } = show(routes, ['/one']);
    act(() => void navigate('/two'));
    act(() => void navigate('/three', { replace: true }));
    expect(screen.getByTestId('here').textContent).toBe('/three');
    expect(addresses(history)).toEqual(['/one', '/three']);
  });

  it('resolves a query or a relative path against the current address', () => {
    show(routes, ['/panel/users?page=2']);
    act(() => void navigate('?page=3#top'));
    expect(screen.getByTestId('here').textContent).toBe('/panel/users?page=3#top');
    act(() => void navigate('create'));
    expect(screen.getByTestId('here').textContent).toBe('/panel/create');
  });

  it('navigate(-1) goes back one entry', () => {
    const { history } = show(routes, ['/one']);
    act(() => void navigate('/two'));
    act(() => void navigate(-1));
    expect(screen.getByTestId('here').textContent).toBe('/one');
    expect(history.index).toBe(0);
    expect(addresses(history)).toEqual(['/one', '/two']);
  });
});

describe('rendering a navigation', () => {
  it('is a plain update, rendered before the next task, not a transition React would slice and defer', async () => {
    const { router } = show([{ path: '*', element: <Here /> }], ['/a']);
    const acting = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    // As in the browser: React's own scheduling, not act()'s queue.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      void router.navigate('/b');
      // A synchronous update renders in a microtask; a transition waits for a scheduler task.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(screen.getByTestId('here').textContent).toBe('/b');
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = acting;
    }
  });
});

describe('the browser history', () => {
  it('gets an entry per navigation, and back (popstate) shows the previous address', async () => {
    window.history.replaceState(null, '', '/start');
    const router = new Router([{ path: '*', element: <Here /> }], createBrowserHistory());
    render(<RouterProvider router={router} />);
    const before = window.history.length;
    act(() => void router.navigate('/next?q=1'));
    expect(window.location.pathname + window.location.search).toBe('/next?q=1');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByTestId('here').textContent).toBe('/next?q=1');
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(window.location.pathname).toBe('/start');
    expect(screen.getByTestId('here').textContent).toBe('/start');
    router.dispose();
  });
});

describe('preloads', () => {
  function setup(preloads: Record<string, () => Promise<unknown>>) {
    const calls: string[] = [];
    const routes: Route[] = [
      {
        element: <Layout name="root" />,
        children: Object.entries(preloads).map(([path, preload]) => ({
          path,
          element: page(path),
          preload: ({ location }) => {
            calls.push(location.pathname + location.search);
            return preload();
          },
        })),
      },
    ];
    const shown = show(routes, ['/a']);
    return { ...shown, calls };
  }

  it('are not run for the first address', () => {
    const { calls } = setup({ '/a': () => Promise.resolve() });
    expect(heading()).toBe('/a');
    expect(calls).toEqual([]);
  });

  it('hold a navigation back, old screen and address included, until they settle', async () => {
    const code = deferred();
    const { router, history, calls } = setup({ '/a': () => Promise.resolve(), '/b': () => code.promise });
    act(() => void router.navigate('/b?page=2'));
    expect(calls).toEqual(['/b?page=2']);
    expect(heading()).toBe('/a');
    expect(router.state.location.pathname).toBe('/a');
    expect(addresses(history)).toEqual(['/a']);
    await act(async () => code.resolve());
    expect(heading()).toBe('/b');
    expect(addresses(history)).toEqual(['/a', '/b?page=2']);
  });

  it('give way to a newer navigation', async () => {
    const slow = deferred();
    const { router, history } = setup({ '/a': () => Promise.resolve(), '/b': () => slow.promise, '/c': () => Promise.resolve() });
    let first!: Promise<void>;
    act(() => void (first = router.navigate('/b')));
    await act(() => router.navigate('/c'));
    expect(heading()).toBe('/c');
    await act(async () => {
      slow.resolve();
      await first;
    });
    expect(heading()).toBe('/c');
    expect(addresses(history)).toEqual(['/a', '/c']);
  });

  it('do not block the navigation when they fail', async () => {
    const broken = deferred();
    const { router } = setup({ '/a': () => Promise.resolve(), '/b': () => broken.promise, '/c': () => Promise.reject(new Error('offline')) });
    const going = router.navigate('/b');
    await act(async () => {
      broken.reject(new Error('chunk failed'));
      await going;
    });
    expect(heading()).toBe('/b');
    await act(() => router.navigate('/c'));
    expect(heading()).toBe('/c');
  });

  it('are run for a move back through the history too, which waits for them', async () => {
    let release = deferred();
    const { router, calls } = setup({ '/a': () => release.promise, '/b': () => Promise.resolve() });
    await act(() => router.navigate('/b'));
    release = deferred();
    act(() => void router.navigate(-1));
    expect(calls).toEqual(['/b', '/a']);
    expect(heading()).toBe('/b');
    await act(async () => release.resolve());
    expect(heading()).toBe('/a');
  });
});

describe('search params', () => {
  let set: ReturnType<typeof useSearchParams>[1];
  function List() {
    const [params, setParams] = useSearchParams();
    set = setParams;
    return <p data-testid="page">{params.get('page') ?? '1'}</p>;
  }
  const routes: Route[] = [{ path: '/list', element: <List /> }];

  it('reads the query and sets a new one on the same path, pushing unless asked to replace', () => {
    const { history, router } = show(routes, ['/list?page=2#top']);
    expect(screen.getByTestId('page').textContent).toBe('2');
    act(() => void set(new URLSearchParams({ page: '3', order: 'ASC' })));
    expect(screen.getByTestId('page').textContent).toBe('3');
    expect(router.state.location).toEqual({ pathname: '/list', search: '?page=3&order=ASC', hash: '' });
    act(() => void set((current) => ({ page: String(Number(current.get('page')) + 1) }), { replace: true }));
    expect(screen.getByTestId('page').textContent).toBe('4');
    act(() => void set({}));
    expect(screen.getByTestId('page').textContent).toBe('1');
    expect(addresses(history)).toEqual(['/list?page=2#top', '/list?page=4', '/list']);
  });
});

describe('errors', () => {
  function Broken(): ReactNode {
    throw new Error('render failed');
  }
  const routes: Route[] = [
    {
      element: <Layout name="root" />,
      errorElement: <p>root failed</p>,
      children: [
        {
          path: '/panel',
          element: <Layout name="panel" />,
          errorElement: <p>panel failed</p>,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'fine', element: page('fine') },
          ],
        },
      ],
    },
  ];

  it('show the nearest error element in place of the failed level, and a navigation elsewhere recovers', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = show(routes, ['/panel/broken']);
    expect(screen.getByText('panel failed')).toBeTruthy();
    // The levels above the boundary stay.
    expect(screen.getByTestId('root').textContent).toBe('panel failed');
    act(() => void router.navigate('/panel/fine'));
    expect(screen.queryByText('panel failed')).toBeNull();
    expect(screen.getByTestId('panel').textContent).toBe('fine');
  });
});

describe('setRoutes (live edit)', () => {
  it('renders the new tree at the current address, which stays', async () => {
    const { router, history } = show([{ path: '/list', element: page('old list') }], ['/list?page=3']);
    await act(() => router.setRoutes([{ path: '/list', element: page('new list') }]));
    expect(heading()).toBe('new list');
    expect(addresses(history)).toEqual(['/list?page=3']);
    expect(router.state.location.search).toBe('?page=3');
  });

  it('recovers a screen that failed when the new tree fixes it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): ReactNode {
      throw new Error('render failed');
    }
    const { router } = show([{ path: '/form', element: <Broken />, errorElement: <p>failed</p> }], ['/form']);
    expect(screen.getByText('failed')).toBeTruthy();
    await act(() => router.setRoutes([{ path: '/form', element: page('form'), errorElement: <p>failed</p> }]));
    expect(heading()).toBe('form');
  });
});
