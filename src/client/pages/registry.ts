// Hand-written screens that screens.json may name in `component` (kind "custom"), as chunks loaded on first use.
// Keep names.json in step with the keys: the screen validator reads that file.
import type { ComponentType } from 'react';
import { chunk, type Chunk } from '../core/chunk.ts';
import type { ScreenProps } from './screenProps.ts';

export const registry: Record<string, Chunk<{ default: ComponentType<ScreenProps> }>> = {
  Home: chunk(() => import('./Home.tsx')),
  Placeholder: chunk(() => import('./Placeholder.tsx')),
  AccountRepresentatives: chunk(() => import('./accounts/AccountRepresentatives.tsx')),
};
