// The panel app's pages outside the panel screens, each its own chunk (preloadable: see src/client/preload.ts).
import { tokenExpiredPageChunk } from './chunks.ts';
import { lazyWithReload } from '../core/lazyWithReload.ts';

export const TokenExpiredPage = lazyWithReload(tokenExpiredPageChunk);
