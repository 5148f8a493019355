// The URL rules that judge a host's address (addresses.ts, on `ipaddr.js`, about 4 KiB gzip): kept out of rules.ts so
// that only what checks such a URL loads them. The server's ajv registers them directly (ajv.ts); in the browser the
// URL input, a widget loaded beside the forms that name it (the webhook endpoint and collection page forms), provides
// them to the precompiled validators as it loads (browser-rules.ts).
import { isPublicAddress } from './addresses.ts';
import { isHttpUrl } from './rules.ts';

/** http, https or ftp URL whose host is a public name or address (no private, loopback, link-local or unspecified host). */
export function isSafeUrl(s: string): boolean {
  if (s.length > 2048 || !/^(?:https?|ftp):\/\/[^\s\u0000-\u001F\u007F]+$/i.test(s)) return false;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[')) return isPublicAddress(host.slice(1, -1));
  // The URL parser has already turned decimal, octal and hex IPv4 forms into dotted quads.
  if (/^[0-9.]+$/.test(host)) return isPublicAddress(host);
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return false;
  const labels = name.split('.');
  // A single-label name only resolves inside a private network.
  if (labels.length < 2 || labels.some((l) => l === '')) return false;
  const tld = labels[labels.length - 1];
  return /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld);
}

/** An http or https URL outside private networks (isSafeUrl): where a webhook may be delivered. */
export function isWebhookUrl(s: string): boolean {
  return isHttpUrl(s) && isSafeUrl(s);
}
