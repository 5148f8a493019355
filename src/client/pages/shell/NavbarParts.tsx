// The navbar's parts shown on demand or measured after the first paint, one chunk (navbarChunk.ts).
export { UserMenuPanel } from './UserMenuPanel.tsx';
export { NotificationDrawer } from './NotificationDrawer.tsx';
export { NavMore } from './NavMore.tsx';
