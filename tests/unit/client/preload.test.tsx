// @vitest-environment jsdom
// Start-up without a waterfall: a preloaded screen renders at once (no Suspense fallback, which React
// keeps for 300 ms once shown), and a list's first request starts when its route matches.
import { createElement, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { lazyWithReload } from '../../../src/client/core/lazyWithReload.ts';
import { SCREENS } from '../../../src/client/core/screens.ts';
import type { ListView } from '../../../src/client/preload.ts';
import { listQueryOptions } from '../../../src/client/renderer/table/listRequest.ts';

const listCalls = vi.hoisted(() => [] as { path: string; params: unknown }[]);
vi.mock('../../../src/client/core/api.ts', async (original) => {
  const real = await original<typeof import('../../../src/client/core/api.ts')>();
  return {
    ...real,
    api: {
      ...real.api,
      list: (path: string, params: unknown) => {
        listCalls.push({ path, params });
        return new Promise(() => {});
      },
    },
  };
});

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `Hello ${name}`);
}

describe('a preloadable lazy component', () => {
  it('renders at once, with no fallback, once preloaded', async () => {
    const Lazy = lazyWithReload(async () => ({ default: Greeting }));
    await Lazy.preload();
    render(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Lazy, { name: 'Ala' })));
    expect(screen.getByText('Hello Ala')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends like React.lazy when not preloaded, and loads once', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Lazy = lazyWithReload(load);
    render(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Lazy, { name: 'Ola' })));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      await Lazy.preload();
    });
    expect(await screen.findByText('Hello Ola')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the first screen of a page load', () => {
  it('is found from the address, parameters included', async () => {
    const { screenAt } = await import('../../../src/client/preload.ts');
    expect(screenAt('/panel/recipients')?.id).toBe('recipients');
    expect(screenAt('/panel/customers/7/update')?.id).toBe('customerUpdate');
    expect(screenAt('/panel')?.id).toBe('home');
    expect(screenAt('/panel/nothing-here')).toBeUndefined();
  });

  it("starts a list's request for exactly the view the address names, before the screen mounts", async () => {
    const { preloadScreen } = await import('../../../src/client/preload.ts');
    const recipients = SCREENS.find((s) => s.id === 'recipients')!;
    const queryClient = new QueryClient();
    const views: ListView[] = [];
    void preloadScreen(recipients, '?page=3&limit=25&orderBy=lastName&order=DESC', (view) => {
      views.push(view);
      void queryClient.prefetchQuery(listQueryOptions(view.listCall, view.query, view.order));
    });
    expect(views).toHaveLength(1);
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0].params).toMatchObject({ page: 3, limit: 25, orderBy: 'lastName', order: 'DESC' });
    // The screen asks the same query, so it finds the request already under way.
    const [query] = queryClient.getQueryCache().getAll();
    expect(query.state.fetchStatus).toBe('fetching');
    expect(JSON.stringify(query.queryKey)).toContain('"page":3');
  });
});
