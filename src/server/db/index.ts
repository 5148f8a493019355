// Opens the database: embedded PGlite in a data directory by default, PostgreSQL when a URL is given.
// Both speak the same SQL, so one set of migrations and one query builder serve both.
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;
/** An open transaction: what must happen together (a money movement, its statement row, its audit entry) takes one. */
export type Trx = Transaction<Database>;

interface ScriptConnection {
  /** Runs a multi-statement SQL script. */
  exec(sqlText: string): Promise<void>;
  query<R>(sqlText: string, params?: unknown[]): Promise<R[]>;
}

const MIGRATION_LOCK = 727001;

export interface DatabaseHandle {
  db: Db;
  /**
   * Where the read-only routes read (lists, reports, the dashboard's summaries): a streaming replica when
   * DATABASE_READ_URL names one, else `db` itself. A replica lags: nothing read inside a write's transaction reads here.
   */
  readDb: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Runs work on one connection that no other migrator can enter at the same time
   * (a Postgres advisory lock; PGlite runs one thing at a time anyway).
   */
  exclusive<T>(fn: (conn: ScriptConnection) => Promise<T>): Promise<T>;
  /** The embedded database's files as one archive, to open another copy from (the API tests' migrated template). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

const INT8 = 20;
// Counters and identifiers arrive as JS numbers; anything beyond 2^53 would be a bug worth a crash.
const parseInt8 = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value out of safe range: ${v}`);
  return n;
};

interface OpenOptions {
  databaseUrl?: string;
  databaseReadUrl?: string;
  dataDir?: string;
  snapshot?: Blob;
  /**
   * Settings the embedded engine starts with (`-c name=value`), for short-lived copies: PGlite zeroes its whole shared
   * memory at start, 128 MB by default, which is most of the time it takes to open a small database.
   */
  pgliteSettings?: Record<string, string>;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databaseReadUrl);
  return openPGlite(options.dataDir, options.snapshot, options.pgliteSettings);
}

async function openPGlite(dataDir?: string, snapshot?: Blob, settings: Record<string, string> = {}): Promise<DatabaseHandle> {
  // No dataDir means an in-memory database (used by the API tests); the options are only honoured
  // with an explicit location. pg_trgm backs the trigram indexes of free-text search, as on PostgreSQL.
  // A snapshot (an earlier database's files) is opened instead of creating the cluster anew, which takes seconds.
  const startParams = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const client = new PGlite(dataDir ?? 'memory://', {
    parsers: { [INT8]: parseInt8 },
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    ...(startParams.length ? { startParams: [...PGlite.defaultStartParams, ...startParams] } : {}),
  });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    readDb: db,
    engine: 'pglite',
    exclusive: (fn) =>
      fn({
        exec: async (sqlText) => {
          await client.exec(sqlText);
        },
        query: async <R,>(sqlText: string, params?: unknown[]) => (await client.query<R>(sqlText, params)).rows,
      }),
    snapshot: async () => (await client.dumpDataDir('none')) as Blob,
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string, readUrl?: string): Promise<DatabaseHandle> {
  const types = {
    getTypeParser: ((oid: number, format?: string) =>
      oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  // DATABASE_POOL_SIZE connections per pool: with a replica, as many again to it.
  const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  const pool = new pg.Pool({ connectionString: url, max, types });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const readDb = readUrl ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: readUrl, max, types }) }) }) : db;
  return {
    db,
    readDb,
    engine: 'postgres',
    exclusive: async (fn) => {
      const client = await pool.connect();
      try {
        // Several instances may start together: the lock lets one of them migrate at a time.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        return await fn({
          exec: async (sqlText) => {
            await client.query(sqlText);
          },
          query: async <R,>(sqlText: string, params?: unknown[]) => (await client.query(sqlText, params)).rows as R[],
        });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: async () => {
      await Promise.all([db.destroy(), readDb === db ? null : readDb.destroy()]);
    },
  };
}
