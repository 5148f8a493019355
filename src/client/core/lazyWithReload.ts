// React.lazy with one page reload when a chunk fails to load (typically after a new deployment
// replaced the files); a second failure goes to the error boundary.
//
// The component can be preloaded (`Component.preload()`), and once its chunk is in it renders
// directly, without React.lazy: a lazy component always suspends on its first render, and React
// keeps a Suspense fallback on screen for at least 300 ms once shown, so a chunk fetched in
// parallel with start-up or a route's data would still cost that time.
import { createElement, lazy, type ComponentType } from 'react';

const RELOAD_FLAG = 'chunkReloaded';

export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

async function loadWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Promise<{ default: ComponentType<P> }> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    if (!sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.setItem(RELOAD_FLAG, '1');
      window.location.reload();
      // Keep suspending until the reload replaces the page.
      return new Promise<never>(() => {});
    }
    sessionStorage.removeItem(RELOAD_FLAG);
    throw error;
  }
}

export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= loadWithReload(load).then((module) => {
      loaded = module.default;
      return module;
    });
    // A failed load may be tried again by the next render (the error boundary's retry).
    pending.catch(() => (pending = undefined));
    return pending;
  };
  const Lazy = lazy(preload);
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload });
}
