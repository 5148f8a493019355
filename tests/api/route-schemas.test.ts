// Every /api route declares its contract in schemas: a response schema for a success status (the answer is
// serialised by it, so nothing undeclared leaves), a params schema when its path has parameters, and a body schema
// when it is a POST, PUT or PATCH. The routes are listed from the real application (buildApp's onRoute, as
// tools/validate/apiRoutes.ts does), so a route added later is checked without touching this file.
import path from 'node:path';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.ts';

interface Route {
  method: string;
  url: string;
  schema?: FastifySchema;
}

/**
 * Write routes that take no body, so declare none (a body schema would refuse the empty request they get):
 * "METHOD url" as the application registers it.
 */
const NO_BODY = new Set([
  // Ends the session of the bearer token.
  'POST /api/logout',
  // Marks one notification, or all of the user's, read.
  'POST /api/notification/:id/read',
  'POST /api/notification/read',
  // Runs the ledger check now.
  'POST /api/ledger/check',
  // Revokes the key the path names.
  'POST /api/integration/keys/:id/revoke',
  // Sends the payout's recipient a reminder SMS.
  'POST /api/payout/:id/reminder',
  // Queues the delivery again; gives the endpoint a new signing secret.
  'POST /api/integration/webhooks/deliveries/:id/resend',
  'POST /api/integration/webhooks/:id/secret',
]);

/**
 * Multipart uploads: their body is a file read as a stream (src/server/imports/upload.ts), which no JSON Schema
 * describes; the upload's own code checks its fields.
 */
const MULTIPART = new Set(['POST /api/payout/fromFile', 'POST /api/payout/recipient/fromFile']);

/** An address nothing listens on: registering routes queries nothing, and a pool connects only on its first query. */
const UNCONNECTED = 'postgres://routes@127.0.0.1:9/routes';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** What a route lacks, as "METHOD url: problem" lines. */
function missingSchemas({ method, url, schema }: Route): string[] {
  const call = `${method} ${url}`;
  const problems: string[] = [];
  const statuses = Object.keys((schema?.response as Record<string, unknown> | undefined) ?? {});
  if (!statuses.some((status) => /^2(\d\d|xx)$/i.test(status))) problems.push(`${call}: no response schema for a success (2xx) status`);
  if (url.includes(':') && !schema?.params) problems.push(`${call}: no params schema for its path parameters`);
  if (BODY_METHODS.has(method) && !schema?.body && !NO_BODY.has(call) && !MULTIPART.has(call)) problems.push(`${call}: no body schema`);
  return problems;
}

/** The /api routes, one per method: Fastify's HEAD twins of GET routes and the API document's own routes left out. */
function apiRoutes(registered: { method: string | string[]; url: string; schema?: FastifySchema }[]): Route[] {
  return registered
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => ({ method, url: r.url, schema: r.schema })));
}

let database: DatabaseHandle;

async function build(): Promise<{ built: App; registered: Parameters<typeof apiRoutes>[0] }> {
  const registered: Parameters<typeof apiRoutes>[0] = [];
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', OUTBOX_FILE: 'off' }), clientDir: path.join(import.meta.dirname, 'no-client') };
  const built = await buildApp({ config, database, logger: false, printMessages: false, onRoute: (r) => registered.push(r) });
  return { built, registered };
}

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: UNCONNECTED });
});
afterAll(async () => database?.close());

describe('route schemas', () => {
  it('every /api route declares its response, params and body schemas', async () => {
    const { built, registered } = await build();
    await built.app.close();
    const routes = apiRoutes(registered);
    expect(routes.length).toBeGreaterThan(90);
    // The allow-lists name routes that exist, so a renamed route cannot leave a stale exemption behind.
    const calls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...NO_BODY, ...MULTIPART].filter((call) => !calls.has(call))).toEqual([]);
    expect(routes.flatMap(missingSchemas)).toEqual([]);
  });

  it('names a route registered without schemas', async () => {
    const { built, registered } = await build();
    built.app.post('/api/unchecked/:id', async () => ({ done: true }));
    built.app.get('/api/unchecked', { schema: { response: { 400: { type: 'object' } } } }, async () => ({ done: true }));
    await built.app.close();
    const problems = apiRoutes(registered).flatMap(missingSchemas);
    expect(problems).toEqual(
      expect.arrayContaining([
        'POST /api/unchecked/:id: no response schema for a success (2xx) status',
        'POST /api/unchecked/:id: no params schema for its path parameters',
        'POST /api/unchecked/:id: no body schema',
        'GET /api/unchecked: no response schema for a success (2xx) status',
      ]),
    );
  });
});
