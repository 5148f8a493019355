// Path segments the product's own pages take, which no customer or program may take as its url: the panel
// (/panel, /{customerUrl}/panel), the token-expired page, the pay-in page (/{customerUrl}/payin, on an own domain
// /payin), the API and the built files. A customer "payin" would lose its collection page to the own-domain pay-in page.
import { PANEL_PATH, TOKEN_EXPIRED_PATH } from './addresses.ts';
import { PAYIN_SEGMENT } from './payin.ts';

const PAGE_SEGMENTS = [PANEL_PATH.slice(1), TOKEN_EXPIRED_PATH.slice(1), PAYIN_SEGMENT];

/** /{customerUrl}/{programUrl} would otherwise open the customer's own page. */
export const RESERVED_PROGRAM_URLS: readonly string[] = PAGE_SEGMENTS;

/** /{customerUrl} would otherwise be the product's own address. */
export const RESERVED_CUSTOMER_URLS: readonly string[] = [...PAGE_SEGMENTS, 'api', 'assets'];
