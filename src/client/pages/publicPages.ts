// The pages outside the panel, each its own chunk (preloadable: see src/client/preload.ts).
import { collectionPageChunk, tokenExpiredPageChunk } from './chunks.ts';
import { lazyWithReload } from '../core/lazyWithReload.ts';

export const TokenExpiredPage = lazyWithReload(tokenExpiredPageChunk);
export const CollectionPage = lazyWithReload(collectionPageChunk);
