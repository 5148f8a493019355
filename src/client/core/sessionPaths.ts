// Addresses and cache keys of the session, free of React so that start-up code (main.ts, preload.ts) can use them.
import { baseCustomer, PANEL_PATH as PANEL, TOKEN_EXPIRED_PATH as TOKEN_EXPIRED } from '../../shared/addresses.ts';

export const TOKEN_EXPIRED_PATH = TOKEN_EXPIRED;
export const PANEL_PATH = PANEL;
export const meQueryKey = ['me'] as const;

/**
 * The customer whose base path the page was opened under (`/demo/panel/...` -> `demo`). Read once: the router puts
 * the base before every route, link and navigation (its basename), so the page never leaves it.
 */
export const BASE_CUSTOMER = typeof location === 'undefined' ? undefined : baseCustomer(location.pathname);
/**
 * The base path before the panel's routes: `/demo`, or none. Every address of the page starts with it, so an address
 * as the routes read it is `pathname.slice(BASENAME.length)`.
 */
export const BASENAME = BASE_CUSTOMER ? `/${BASE_CUSTOMER}` : '';
