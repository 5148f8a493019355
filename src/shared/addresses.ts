// Which app an address belongs to: the panel (its app shell, index.html) at /panel and the token-expired page, the
// public collection page (collect.html) everywhere else, `/` included. The server sends the file by this rule and the
// development server does the same.
export const PANEL_PATH = '/panel';
export const TOKEN_EXPIRED_PATH = '/token-expired';

export function isPanelAddress(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === PANEL_PATH || path.startsWith(`${PANEL_PATH}/`) || path === TOKEN_EXPIRED_PATH;
}
