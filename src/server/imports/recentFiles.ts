// The last few files prepared for an import (read, mapped to rows and form-checked), by their bytes' hash: an import
// is sent two or three times (the preview, the confirmation, again with the SMS code), and reading and checking a
// large file is most of a request's time. What a file's preparation gives depends on its bytes, the import and the
// language of its messages alone, so whoever sends the same bytes gets the same; kept briefly and few. The checks
// against the database are never kept: they run on every request.
import { createHash } from 'node:crypto';

const KEEP_MS = 10 * 60_000;
const MAX_FILES = 3;
const recent = new Map<string, { value: Promise<unknown>; at: number }>();

/** The hash of a file's bytes, as recentFile's key takes it. */
export function fileHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What `prepare` gives for this key, unless it was prepared lately. A failed preparation is not kept. */
export function recentFile<T>(key: string, prepare: () => Promise<T>): Promise<T> {
  const now = Date.now();
  for (const [k, entry] of recent) if (now - entry.at > KEEP_MS) recent.delete(k);
  const known = recent.get(key);
  if (known) {
    // The most recently used last, so the oldest is the one forgotten.
    recent.delete(key);
    recent.set(key, { ...known, at: now });
    return known.value as Promise<T>;
  }
  const value = prepare();
  value.catch(() => recent.delete(key));
  if (recent.size >= MAX_FILES) recent.delete(recent.keys().next().value!);
  recent.set(key, { value, at: now });
  return value;
}
