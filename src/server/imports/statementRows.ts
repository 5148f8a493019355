// How many of a file's rows one statement takes. The embedded database (PGlite) runs on the server's own thread, so
// its statements stay short and the event loop turns between them; a PostgreSQL server works in a process of its
// own, so the thread only waits, and a file's rows go in a few large statements, each one set-based. Either way a
// look-up answers a few thousand rows at most: the driver reads whatever has arrived in one turn of the event loop,
// and 50,000 rows' worth held it for over 100 ms.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { turn } from '../platform/eventLoop.ts';

export interface StatementRows {
  /** Rows per look-up or lock. */
  lookup: number;
  /** New payouts per creating statement (each with its status, statement row and journal entry). */
  create: number;
  /** Messages per queuing statement (their texts are filled on the server's thread first). */
  messages: number;
}

// 250 payouts a creating statement on the embedded engine: about 60 ms of the thread each (500 took about 100).
const EMBEDDED: StatementRows = { lookup: 2_000, create: 250, messages: 500 };
const SERVER: StatementRows = { lookup: 5_000, create: 2_000, messages: 1_000 };

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

/** Work over many rows, `size` a statement, the event loop turning between. */
export async function inSlices<T>(items: readonly T[], size: number, work: (slice: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await turn();
    await work(items.slice(i, i + size));
  }
}

/** A look-up over many rows in slices (inSlices), its rows gathered. */
export async function inChunks<T, R>(items: readonly T[], size: number, read: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  await inSlices(items, size, async (slice) => {
    for (const row of await read(slice)) out.push(row);
  });
  return out;
}
