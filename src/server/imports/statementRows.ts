// How many of a file's rows one statement takes. The embedded database (PGlite) runs on the server's own thread, so
// its statements stay short and the event loop turns between them; a PostgreSQL server works in a process of its
// own, so the thread only waits, and a file's rows go in a few large statements, each one set-based.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface StatementRows {
  /** Rows per look-up or lock. */
  lookup: number;
  /** New payouts per creating statement (each with its status, statement row and journal entry). */
  create: number;
  /** Messages per queuing statement (their texts are filled on the server's thread first). */
  messages: number;
}

const EMBEDDED: StatementRows = { lookup: 2_000, create: 500, messages: 500 };
const SERVER: StatementRows = { lookup: 50_000, create: 2_000, messages: 1_000 };

const known = new WeakMap<Db, Promise<StatementRows>>();

/** The sizes for this database: it tells whether it is the embedded one (its version names the WebAssembly build). */
export function statementRows(db: Db): Promise<StatementRows> {
  let sizes = known.get(db);
  if (!sizes) {
    sizes = sql<{ embedded: boolean }>`SELECT version() LIKE '%emscripten%' AS embedded`
      .execute(db)
      .then(({ rows }) => (rows[0]?.embedded ? EMBEDDED : SERVER));
    known.set(db, sizes);
    // A failed look-up is asked again next time.
    sizes.catch(() => known.delete(db));
  }
  return sizes;
}
