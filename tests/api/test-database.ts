// The API tests' databases: each test file (or app) gets a copy of one database that is migrated and seeded with the
// demo data once per run (global-setup.ts), rather than being migrated and seeded again: seeding alone took 1.4 s
// on PGlite and 2 s on PostgreSQL, for every one of about a hundred apps a run starts. The copy is PGlite opened
// from the seeded files, or a PostgreSQL database made from the seeded one as its template. The demo data's dates
// are those of the run's start, minutes old at most.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { useTestHashCost } from '../hash-cost.ts';
import { seedDemo } from '../../src/server/seed/demo.ts';
import { createScratchDatabase } from '../../tools/scratch-database.ts';

/** The demo users' password in the seeded copies. */
export const PASSWORD = 'Demo123!';

// Set here, where the seeded database is made (global-setup.ts) and where every test file's copy is opened, so the demo
// users' stored hashes and the checks of the run share it.
useTestHashCost();

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file of the seeded PGlite database's files (PGlite runs). */
    seededPGlite: string;
    /** The seeded PostgreSQL database, to make copies of (TEST_DATABASE_URL runs). */
    seededTemplate: string;
  }
}

export interface SeededDatabase {
  database: DatabaseHandle;
  /** The PostgreSQL database's URL, for a second instance on it. */
  url?: string;
  /** Closes the database and drops a PostgreSQL copy. */
  close(): Promise<void>;
}

/** A fresh copy of the run's seeded database: PostgreSQL with TEST_DATABASE_URL, in-memory PGlite otherwise. */
export async function seededDatabase(): Promise<SeededDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const copy = await createScratchDatabase(adminUrl, 'test', { template: inject('seededTemplate') });
    const database = await openDatabase({ databaseUrl: copy.url });
    const close = async () => {
      await database.close();
      await copy.drop();
    };
    return { database, url: copy.url, close };
  }
  // A test's database holds a few thousand rows at most: 16 MB of shared buffers rather than 128 MB, which PGlite
  // would zero at every start (0.4 s of CPU for each of about a hundred copies a run opens).
  const database = await openDatabase({ snapshot: new Blob([readFileSync(inject('seededPGlite'))]), pgliteSettings: { shared_buffers: '16MB' } });
  return { database, close: () => database.close() };
}

/** Migrates and seeds a new database: the one the run's copies are made of. */
export async function seed(database: DatabaseHandle): Promise<void> {
  await migrate(database);
  await seedDemo(database.db, PASSWORD);
}
