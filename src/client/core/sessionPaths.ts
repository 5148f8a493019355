// Addresses and cache keys of the session, free of React so that start-up code (main.ts, preload.ts) can use them.
export const TOKEN_EXPIRED_PATH = '/token-expired';
export const PANEL_PATH = '/panel';
export const meQueryKey = ['me'] as const;
