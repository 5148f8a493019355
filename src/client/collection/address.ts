// The collection page's address: `/`, `/{customerUrl}` or `/{customerUrl}/{programUrl}` (on a customer's own domain
// the server reads the first segment as the program: server/areas/collection/template.ts). Anything deeper is no
// page of ours. The barcode pay-in page is `/{customerUrl}/payin`, or `/payin` on a customer's own domain (no program
// may take the url `payin`: src/shared/programs.ts).
import { PAYIN_SEGMENT } from '../../shared/payin.ts';

export interface PageAddress {
  customerUrl?: string;
  programUrl?: string;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The segments of a page address, or null for an address that cannot be a collection page (the not-found page). */
export function pageAddress(pathname: string): PageAddress | null {
  const segments = pathname.split('/').filter(Boolean).map(decode);
  if (segments.length > 2 || segments.some((segment) => segment === null || segment.length > 100)) return null;
  const [customerUrl, programUrl] = segments as string[];
  return { ...(customerUrl ? { customerUrl } : {}), ...(programUrl ? { programUrl } : {}) };
}

/** The pay-in page's customer (none: on a customer's own domain), or null when the address is not the pay-in page. */
export function payinAddress(pathname: string): { customerUrl?: string } | null {
  const address = pageAddress(pathname);
  if (!address) return null;
  if (address.programUrl === PAYIN_SEGMENT) return { customerUrl: address.customerUrl };
  return address.customerUrl === PAYIN_SEGMENT && !address.programUrl ? {} : null;
}
