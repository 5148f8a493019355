// Hand-written screens that screens.json may name in `component` (kind "custom").
// Keep names.json in step with the keys: the screen validator reads that file.
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithReload } from '../core/lazyWithReload.ts';
import type { ScreenProps } from './screenProps.ts';

export const registry: Record<string, LazyExoticComponent<ComponentType<ScreenProps>>> = {
  Home: lazyWithReload(() => import('./Home.tsx')),
  Placeholder: lazyWithReload(() => import('./Placeholder.tsx')),
};
