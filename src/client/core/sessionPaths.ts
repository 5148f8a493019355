// Addresses and cache keys of the session, free of React so that start-up code (main.ts, preload.ts) can use them.
import { PANEL_PATH as PANEL, TOKEN_EXPIRED_PATH as TOKEN_EXPIRED } from '../../shared/addresses.ts';

export const TOKEN_EXPIRED_PATH = TOKEN_EXPIRED;
export const PANEL_PATH = PANEL;
export const meQueryKey = ['me'] as const;
