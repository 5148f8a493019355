// The navbar's parts shown on demand, one chunk (navbarChunk.ts).
export { UserMenuPanel } from './UserMenuPanel.tsx';
export { NotificationDrawer } from './NotificationDrawer.tsx';
