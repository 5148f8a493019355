// An instance's life once built: whether it takes traffic (GET /api/ready, for the proxy in front of several
// instances) and its graceful stop, in one order that main.ts (on SIGTERM or SIGINT) and the tests use alike
// (docs/deployment.md, *Graceful shutdown*).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from './db/index.ts';
import { migrationNames } from './db/migrate.ts';
import type { IntervalJob } from './jobs/intervalJob.ts';
import type { OutboxDispatcher } from './platform/outbox.ts';

/** Why an instance is not ready: GET /api/ready's 503 names it. */
export type NotReadyReason = 'SHUTTING_DOWN' | 'DATABASE_UNAVAILABLE' | 'READ_DATABASE_UNAVAILABLE' | 'MIGRATIONS_PENDING';

/** How a stop ended: everything closed in order, or the deadline (SHUTDOWN_TIMEOUT_MS) came first. */
export type StopOutcome = 'stopped' | 'timed out';

/** How often a stopping instance closes the keep-alive connections that have turned idle. */
const IDLE_SWEEP_MS = 100;

/** A database that takes longer than this to answer `SELECT 1` counts as not answering. */
const READY_QUERY_TIMEOUT_MS = 2000;

interface Parts {
  app: FastifyInstance;
  database: DatabaseHandle;
  outbox: Pick<OutboxDispatcher, 'stop'>;
  /** The interval jobs (expiry, reminders, ledger check): stopped first, so that none starts while the rest closes. */
  jobs: IntervalJob[];
  /** The deadline of the whole stop. */
  timeoutMs: number;
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function answers(db: Db): Promise<boolean> {
  try {
    await within(READY_QUERY_TIMEOUT_MS, sql`SELECT 1`.execute(db));
    return true;
  } catch {
    return false;
  }
}

export class Lifecycle {
  private stopped: Promise<StopOutcome> | null = null;
  /** Once every migration is seen applied it stays so: later checks only ask the database to answer. */
  private migrated = false;

  constructor(private readonly parts: Parts) {
    // Every answer given once the stop has begun closes its connection behind it (`Connection: close`), so that a
    // client or proxy opens its next request elsewhere rather than on a socket about to close.
    parts.app.addHook('onSend', async (_request, reply, payload) => {
      if (this.stopping) reply.header('connection', 'close');
      return payload;
    });
  }

  /** From the first moment of a stop: the instance answers not ready, so the proxy sends it nothing new. */
  get stopping(): boolean {
    return this.stopped !== null;
  }

  /** Null when the instance is ready for traffic; else why not. */
  async notReady(): Promise<NotReadyReason | null> {
    if (this.stopping) return 'SHUTTING_DOWN';
    const { db, readDb } = this.parts.database;
    if (!(await answers(db))) return 'DATABASE_UNAVAILABLE';
    if (readDb !== db && !(await answers(readDb))) return 'READ_DATABASE_UNAVAILABLE';
    if (!this.migrated) {
      try {
        const applied = new Set((await within(READY_QUERY_TIMEOUT_MS, sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db))).rows.map((r) => r.name));
        this.migrated = migrationNames().every((name) => applied.has(name));
      } catch {
        return 'DATABASE_UNAVAILABLE';
      }
      if (!this.migrated) return 'MIGRATIONS_PENDING';
    }
    return this.stopping ? 'SHUTTING_DOWN' : null;
  }

  /**
   * Stops the instance gracefully, once however often called: not ready at once; the interval jobs stopped (a run
   * in progress finishes); no new connection taken and every request in flight answered (Fastify's close; idle
   * keep-alive connections are closed, a busy one after its answer); the outbox stopped (deliveries in flight end,
   * claimed rows not yet tried are handed back); the database closed. Past the deadline it gives up waiting.
   */
  stop(): Promise<StopOutcome> {
    this.stopped ??= this.run();
    return this.stopped;
  }

  private async run(): Promise<StopOutcome> {
    const { app, database, outbox, jobs, timeoutMs } = this.parts;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<StopOutcome>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), timeoutMs);
    });
    const steps = (async (): Promise<StopOutcome> => {
      await Promise.all(jobs.map((job) => job.stop()));
      // A keep-alive connection whose answer was on its way when the close began turns idle only afterwards, and
      // would otherwise hold the close for the keep-alive timeout (72 s): idle connections are closed as they appear.
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      await outbox.stop();
      await database.close();
      return 'stopped';
    })();
    try {
      return await Promise.race([steps, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * SIGTERM or SIGINT stops the instance gracefully and then exits (1 when the deadline came first or a step failed);
 * a second signal exits at once.
 */
export function stopOnSignals(lifecycle: Lifecycle, log: Pick<FastifyInstance['log'], 'info' | 'error'>): void {
  let received = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (received) process.exit(1);
      received = true;
      log.info(`${signal}: stopping (a second signal exits at once)`);
      lifecycle.stop().then(
        (outcome) => {
          if (outcome === 'timed out') log.error('the stop did not finish within SHUTDOWN_TIMEOUT_MS: exiting');
          process.exit(outcome === 'stopped' ? 0 : 1);
        },
        (err: unknown) => {
          log.error({ err }, 'the stop failed');
          process.exit(1);
        },
      );
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's readiness and stop (decorated once in app.ts). */
    lifecycle: Lifecycle;
  }
}
