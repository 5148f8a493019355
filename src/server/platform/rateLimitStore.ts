// Request limits that hold across instances. A request is counted in PostgreSQL (table rate_limit_windows) under a
// key: a limited route and a source address (platform/auth/rateLimit.ts), or an API key (platform/apiKeys/rateLimit.ts).
// A key's window starts at its first request and lasts the limit's length, as @fastify/rate-limit's own in-memory
// store counts; one atomic upsert counts the request and opens a new window once the last one ended, so every
// instance on the database counts in the same row and N instances allow the limit once, not N times.
// A database error lets the request through, logged (docs/security.md, *Request limits*): the limits are a brake
// on floods, and a login is still judged by the lockout buckets, which count in the database too.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

interface WindowCount {
  /** Requests of the key in its window, this one included. */
  count: number;
  /** Milliseconds until the window ends (at least 1). */
  ttlMs: number;
}

/** How often an instance deletes the rows of windows that ended (on the way, before a count). */
const PURGE_EVERY_MS = 60_000;

export class RequestCounter {
  private nextPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts one request of `key` in its window of `windowMs`; null when the database failed (the request goes ahead). */
  async count(key: string, windowMs: number): Promise<WindowCount | null> {
    try {
      await this.purgeWhenDue();
      const { rows } = await sql<{ count: number; ttl_ms: number }>`
        INSERT INTO rate_limit_windows AS w (key, window_start, window_end, count)
        VALUES (${key}, now(), now() + make_interval(secs => ${windowMs / 1000}), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN w.window_end <= now() THEN 1 ELSE w.count + 1 END,
          window_start = CASE WHEN w.window_end <= now() THEN now() ELSE w.window_start END,
          window_end = CASE WHEN w.window_end <= now() THEN excluded.window_end ELSE w.window_end END
        RETURNING count, greatest(1, ceil(extract(epoch FROM w.window_end - now()) * 1000))::integer AS ttl_ms`.execute(this.db);
      return { count: rows[0].count, ttlMs: rows[0].ttl_ms };
    } catch (err) {
      this.log.error({ err }, 'a request limit could not be counted in the database; the request goes ahead');
      return null;
    }
  }

  /** Rows of windows that ended are of no use: the key's next request starts a new window anyway. */
  private async purgeWhenDue(): Promise<void> {
    if (Date.now() < this.nextPurge) return;
    this.nextPurge = Date.now() + PURGE_EVERY_MS;
    await this.db.deleteFrom('rate_limit_windows').where('window_end', '<', sql<Date>`now()`).execute();
  }
}

/** What @fastify/rate-limit gives a store's `child`: the merged limit options, with the route they limit. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit (its `store` option) counting with `counter`. Each limited route counts apart, as
 * the plugin's own store does: its key is the route's method and URL, then the plugin's key (the source address).
 */
export function databaseStore(counter: RequestCounter): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'route:*',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      void counter.count(`${this.scope}|${key}`, timeWindow).then((counted) => callback(null, counted ? { current: counted.count, ttl: counted.ttlMs } : { current: 0, ttl: timeWindow }));
    }

    child(options: unknown): FastifyRateLimitStore {
      const route = (options as ChildOptions).routeInfo;
      return new DatabaseStore(null, `route:${String(route?.method ?? '*')} ${route?.url ?? '*'}`);
    }
  };
}
