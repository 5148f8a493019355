// Calls per API key: at most `max` a minute, in a window that starts at the key's first call, counted in the
// database (platform/rateLimitStore.ts), so the limit holds across instances. Over it, 429 with Retry-After: the
// seconds until the window ends.
import type { RequestCounter } from '../rateLimitStore.ts';

const WINDOW_MS = 60_000;

/** 0 when the call may go ahead, else the seconds to wait. */
export async function keyCallWait(counter: RequestCounter, keyId: number, max: number): Promise<number> {
  const counted = await counter.count(`apiKey:${keyId}`, WINDOW_MS);
  if (!counted || counted.count <= max) return 0;
  return Math.ceil(counted.ttlMs / 1000);
}
