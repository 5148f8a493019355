// Which app an address belongs to: the panel (its app shell, index.html) at /panel and the token-expired page, also
// under a customer's base path (`/{customerUrl}/panel...`, `/{customerUrl}/token-expired`), and the public collection
// page (collect.html) everywhere else, `/` included. The server sends the file by this rule (and answers a base path
// of no active customer with the not-found page); the development server does the same.
export const PANEL_PATH = '/panel';
export const TOKEN_EXPIRED_PATH = '/token-expired';

const trimmed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

const isAppPath = (path: string) => path === PANEL_PATH || path.startsWith(`${PANEL_PATH}/`) || path === TOKEN_EXPIRED_PATH;

/**
 * A customer's segment before the panel's addresses: a customer url, a custom link (validation/rules.ts isCustomLink)
 * of at most 64 characters (schemas/forms/customer.json), restated in one expression so that the panel's start-up
 * code stays small and brings in no validation catalogue (tests/unit/base-path.test.tsx holds the two together).
 * `/panel/...` itself is the panel, never a customer named "panel".
 */
const BASE = /^\/(?!panel\/)(?=[^/]{1,64}\/)([a-z0-9]+(?:-[a-z0-9]+)*)\/(?:panel(?:\/|$)|token-expired\/*$)/;

/** The customer url of an address's base path: `/demo/panel/payouts` -> `demo`; none for `/panel`, `/demo`, `/demo/payin`. */
export function baseCustomer(pathname: string): string | undefined {
  return BASE.exec(pathname)?.[1];
}

export function isPanelAddress(pathname: string): boolean {
  return isAppPath(trimmed(pathname)) || baseCustomer(pathname) !== undefined;
}
