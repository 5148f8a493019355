// A chunk (core/chunk.ts) as a component: React.lazy with the chunk's one reload on a failed load.
//
// The component can be preloaded (`Component.preload()`, or the chunk's own `load()` from start-up code), and once
// its chunk is in it renders directly, without React.lazy: a lazy component always suspends on its first render, and
// React keeps a Suspense fallback on screen for at least 300 ms once shown, so a chunk fetched in parallel with
// start-up or a route's data would still cost that time.
import { createElement, lazy, type ComponentType } from 'react';
import { chunk, type Chunk } from './chunk.ts';

export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

type ComponentModule<P extends object> = { default: ComponentType<P> };

export function lazyWithReload<P extends object>(source: Chunk<ComponentModule<P>> | (() => Promise<ComponentModule<P>>)): PreloadableComponent<P> {
  const loader = typeof source === 'function' ? chunk(source) : source;
  const preload = () => loader.load();
  const Lazy = lazy(preload);
  const Component = (props: P) => createElement((loader.current?.default ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload });
}
