// The pages outside the panel, each its own chunk (preloadable: see src/client/preload.ts).
import { lazyWithReload } from '../core/lazyWithReload.ts';

export const TokenExpiredPage = lazyWithReload(() => import('./TokenExpiredPage.tsx'));
export const CollectionPage = lazyWithReload(() => import('./CollectionPage.tsx'));
