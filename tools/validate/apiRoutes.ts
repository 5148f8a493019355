// The server's API routes, as "METHOD /api/path" with parameters written ":", and those an API key can call with
// their schemas (for the examples of the API's document). Built by registering the real application, so the lists
// cannot drift from the code. Registering routes queries nothing, so the application gets a PostgreSQL pool that
// is never connected (a pool connects on its first query): creating an embedded database would take seconds, and
// the validate tool's tests run it dozens of times.
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { isApiKeyRoute } from '../../src/server/plugins/docs.ts';
import { normaliseCall } from './apiCall.ts';
import { apiKeyRouteOf, type ApiKeyRoute } from './checkApiExamples.ts';
import { migrationIndexes } from './migrationIndexes.ts';
import { routePermissionsOf, type RoutePermissions } from './routePermissions.ts';
import type { ListRoute, ServerLists } from './serverLists.ts';

export interface ServerApi extends ServerLists {
  routes: Set<string>;
  apiKeyRoutes: ApiKeyRoute[];
  /** What each route requires, for the check that every permission it names exists. */
  routePermissions: RoutePermissions[];
}

/** The migrations of the server built here: the indexes its lists run on. */
const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../src/server/db/migrations');

/** An address nothing listens on (port 9 is "discard"); a query would fail at once rather than reach a real database. */
const UNCONNECTED = 'postgres://validate@127.0.0.1:9/routes';

export async function serverApi(): Promise<ServerApi> {
  const routes = new Set<string>();
  const apiKeyRoutes: ApiKeyRoute[] = [];
  const routePermissions: RoutePermissions[] = [];
  const lists: ListRoute[] = [];
  const database = await openDatabase({ databaseUrl: UNCONNECTED });
  try {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', OUTBOX_FILE: 'off' }), clientDir: path.join(import.meta.dirname, 'no-client') };
    const { app } = await buildApp({
      config,
      database,
      logger: false,
      printMessages: false,
      onRoute: ({ method, url, config: routeConfig, schema }) => {
        for (const m of Array.isArray(method) ? method : [method]) {
          if (!url.startsWith('/api')) continue;
          routes.add(normaliseCall(m, url));
          if (m === 'GET' && routeConfig?.list) lists.push({ call: normaliseCall(m, url), route: `${m} ${url}`, shape: routeConfig.list });
          const required = m === 'HEAD' ? undefined : routePermissionsOf(m, url, routeConfig);
          if (required) routePermissions.push(required);
          // Fastify's HEAD twin of a GET is not in the document
          if (m !== 'HEAD' && isApiKeyRoute(url, routeConfig)) apiKeyRoutes.push(apiKeyRouteOf(m, url, schema));
        }
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
  return { routes, apiKeyRoutes, routePermissions, lists, indexes: migrationIndexes(MIGRATIONS_DIR) };
}

export async function serverRoutes(): Promise<Set<string>> {
  return (await serverApi()).routes;
}
