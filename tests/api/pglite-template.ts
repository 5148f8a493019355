// The API tests' embedded databases start from one migrated copy (harness.ts, ledger-database.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';

/**
 * An embedded database with every migration applied, as files to open copies from: creating a PGlite cluster takes
 * seconds, opening one from its files under one. Kept in the system's temporary folder under the hash of the
 * migrations and the PGlite version, so every test file (each in a fresh module context) after the first one of a
 * run opens it, and a changed migration makes a new one. Demo data is seeded into each copy, so its dates are the
 * test's own.
 */
export async function migratedPGlite(): Promise<Blob> {
  const file = templateFile();
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await openDatabase({});
  await migrate(fresh);
  const snapshot = await fresh.snapshot!();
  await fresh.close();
  // A migration added or changed while this one migrated would file the copy under the wrong hash: not kept then.
  if (templateFile() !== file) return snapshot;
  // Written aside and renamed, so a file being written is never read.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  renameSync(partial, file);
  return snapshot;
}

/** The template's file: named by the hash of the PGlite version and of the migrations as they are now. */
function templateFile(): string {
  const migrations = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(path.join(migrations, name)));
  return path.join(tmpdir(), `payout-api-migrated-${hash.digest('hex').slice(0, 20)}.tar`);
}
