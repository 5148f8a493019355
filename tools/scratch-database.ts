// Scratch PostgreSQL databases for the API tests and the bench: one per run, created on the
// server named by an admin URL and dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `template`: a database to copy (PostgreSQL's CREATE DATABASE … TEMPLATE); nobody may be connected to it. */
export async function createScratchDatabase(adminUrl: string, prefix: string, { template }: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(adminUrl, name) };
}

/**
 * Drops a test database once the app's connections have really gone. FORCE would kill backends
 * that are still closing, and their clients would report it as an uncaught error.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (err) {
        // 55006: still being accessed by other users.
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await c.end();
  }
}

