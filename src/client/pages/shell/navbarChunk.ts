// What the navbar shows only when asked (the user menu's panel, the notifications drawer, the More menu), in one chunk
// (NavbarParts.tsx) that loads after the panel's first paint.
import { chunk } from '../../core/chunk.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';

export const navbarPartsChunk = chunk(() => import('./NavbarParts.tsx'));

type Parts = typeof import('./NavbarParts.tsx');

function part<K extends keyof Parts>(name: K) {
  return lazyWithReload(chunk(() => navbarPartsChunk.load().then((module) => ({ default: module[name] as never })))) as unknown as Parts[K];
}

export const UserMenuPanel = part('UserMenuPanel');
export const NotificationDrawer = part('NotificationDrawer');
export const NavMore = part('NavMore');
