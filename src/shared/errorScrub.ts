// What an error report may carry out of the product: nothing secret. The server's and the browser's reports (events
// and traces alike) pass through this one rule before they are sent; what it removes is replaced by a marker, so a
// report still shows that something was there. docs/security.md lists the rules.

const FILTERED = '[Filtered]';
const IBAN_FILTERED = '[IBAN]';

/**
 * Keys whose values are secret wherever they sit (compared lower-case, without `-`, `_` and `.`): credentials, the
 * session and API tokens, cookies, passwords, verification and authorization codes, bank account numbers.
 */
const SECRET_KEY = /password|passwd|token|secret|apikey|authorization|cookie|iban|accountnumber|verificationcode|smscode|sortcode|^code$|^pin$/;

function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_.\s]/g, ''));
}

// `"key": value` inside text (a request body kept as a string, a message quoting one).
const JSON_PAIR = /"([^"\\]{1,100})"(\s*:\s*)("(?:[^"\\]|\\.)*"|[^,}\]\s]+)/g;
// `key=value` in a query string, a form body or a log line.
const QUERY_PAIR = /(^|[?&;\s])([^=&?#;\s]{1,100})=([^&#;\s]*)/g;
const CREDENTIAL = /\b(Bearer|Basic|Token)\s+[^\s,;"']+/gi;
// This product's API keys and webhook secrets carry prefixes (src/shared/apiKeys.ts, webhooks.ts).
const PREFIXED_SECRET = /\b(?:ppk|whsec)_[A-Za-z0-9_+/=-]+/g;
// A session or recipient token: 32 random bytes as base64url (43 characters), wherever it shows without its key.
const BARE_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
// A code in words, as an SMS or a log line says it: "code 482913", "kod: 482913".
const CODE_IN_TEXT = /\b(code|kod)(\s*:?\s*)\d{4,8}\b/gi;
// Anything IBAN-shaped: a country, two check digits and 11 to 30 letters or digits, grouped by spaces or not.
const IBAN_SHAPED = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;

/** One string with every secret it holds replaced. */
export function scrubText(text: string): string {
  return text
    .replace(CREDENTIAL, (_, scheme: string) => `${scheme} ${FILTERED}`)
    .replace(PREFIXED_SECRET, FILTERED)
    .replace(JSON_PAIR, (pair, key: string, colon: string) => (isSecretKey(key) ? `"${key}"${colon}"${FILTERED}"` : pair))
    .replace(QUERY_PAIR, (pair, lead: string, key: string) => (isSecretKey(safeDecode(key)) ? `${lead}${key}=${FILTERED}` : pair))
    .replace(CODE_IN_TEXT, (_, word: string, gap: string) => `${word}${gap}${FILTERED}`)
    .replace(IBAN_SHAPED, IBAN_FILTERED)
    .replace(BARE_TOKEN, FILTERED);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// Deeper than any report's structure: past it, what is left is dropped rather than walked.
const MAX_DEPTH = 30;

function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth > MAX_DEPTH) return FILTERED;
  seen.add(value);
  if (Array.isArray(value)) {
    // [key, value] pairs (a query string or headers given as a list) keep the pair's key rule.
    if (value.length === 2 && typeof value[0] === 'string' && isSecretKey(value[0])) return [value[0], FILTERED];
    return value.map((item) => scrubValue(item, depth + 1, seen));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) && item !== null && item !== undefined ? FILTERED : scrubValue(item, depth + 1, seen);
  }
  return out;
}

/** A copy of a report (an event, a transaction, a breadcrumb) with every secret replaced, at any depth. */
export function scrubReport<T>(report: T): T {
  return scrubValue(report, 0, new WeakSet()) as T;
}
