// Hand-written screens that screens.json may name in `component` (kind "custom").
// Keep names.json in step with the keys: the screen validator reads that file.
import { lazyWithReload, type PreloadableComponent } from '../core/lazyWithReload.ts';
import type { ScreenProps } from './screenProps.ts';

export const registry: Record<string, PreloadableComponent<ScreenProps>> = {
  Home: lazyWithReload(() => import('./Home.tsx')),
  Placeholder: lazyWithReload(() => import('./Placeholder.tsx')),
};
