// The integration API's documentation: OpenAPI 3.1 made from the route schemas, holding every route an API key can
// call (and no other), each with its method, parameters, request body and answers, the bearer scheme; and the
// readable page served without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { isApiKeyRoute } from '../../src/server/plugins/docs.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
type Json = any;

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
});
afterAll(async () => t?.close());

/** OpenAPI's form of a path: `/api/payout/{id}` for `/api/payout/:id`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

describe('/api/docs/openapi.json', () => {
  it('documents exactly the routes an API key can call, with their shapes and the bearer scheme', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.status).toBe(200);
    const doc = res.body as Json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toMatch(/API$/);
    expect(doc.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));

    const routes: { method: string | string[]; url: string; config?: Json }[] = [];
    const { app } = await buildApp({ config: t.config, database: t.database, printMessages: false, logger: false, onRoute: (r) => routes.push(r) });
    await app.close();
    const callable = routes
      .filter((r) => isApiKeyRoute(r.url, r.config))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((m) => `${m.toLowerCase()} ${openApiPath(r.url)}`));
    expect(callable.length).toBeGreaterThan(20);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(new Set(documented)).toEqual(new Set(callable));
    for (const expected of ['get /api/payout', 'post /api/payout', 'get /api/payout/recipient', 'post /api/payout/recipient', 'get /api/payout/program', 'get /api/account']) expect(documented).toContain(expected);
    for (const hidden of ['get /api/user', 'post /api/integration/keys', 'get /api/me', 'post /api/login']) expect(documented).not.toContain(hidden);

    // Well formed: every operation answers something, path parameters are declared, bodies are JSON schemas.
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
          expect(op.parameters?.some((p: Json) => p.in === 'path' && `{${p.name}}` === name), `${method} ${path} ${name}`).toBe(true);
        }
        if (op.requestBody) expect(op.requestBody.content['application/json'].schema, `${method} ${path}`).toEqual(expect.objectContaining({ type: 'object' }));
      }
    }
    const create = doc.paths['/api/payout'].post;
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['accountId', 'programId', 'amount', 'endDate']));
  });

  it('serves the readable page without a session', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
