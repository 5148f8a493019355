// The server's API routes, as "METHOD /api/path" with parameters written ":". Built by registering
// the real application on an empty in-memory database, so the list cannot drift from the code.
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { normaliseCall } from './apiCall.ts';

export async function serverRoutes(): Promise<Set<string>> {
  const routes = new Set<string>();
  const database = await openDatabase({});
  try {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', OUTBOX_FILE: 'off' }), clientDir: path.join(import.meta.dirname, 'no-client') };
    const { app } = await buildApp({
      config,
      database,
      logger: false,
      printMessages: false,
      onRoute: ({ method, url }) => {
        for (const m of Array.isArray(method) ? method : [method]) if (url.startsWith('/api')) routes.add(normaliseCall(m, url));
      },
    });
    try {
      await app.ready();
    } finally {
      // also when a route's schema does not compile, so the caller can go on and report
      await app.close();
    }
  } finally {
    await database.close();
  }
  return routes;
}
