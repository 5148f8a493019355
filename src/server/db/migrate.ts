// Applies the SQL files in ./migrations in name order, each once, each in its own transaction.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { DatabaseHandle } from './index.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations' file names in the order they apply (what schema_migrations holds once all are applied). */
export function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
}

export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const files = migrationNames();
  return handle.exclusive(async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const body = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, "''");
      try {
        await conn.exec(`BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
      } catch (err) {
        await conn.exec('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
      done.push(file);
    }
    return done;
  });
}
