// The collection page's address: `/`, `/{customerUrl}` or `/{customerUrl}/{programUrl}` (on a customer's own domain
// the server reads the first segment as the program: server/areas/collection/template.ts). Anything deeper is no
// page of ours.

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
