// The integration API's documentation: OpenAPI 3.1 made from the route schemas, holding every route an API key can
// call (and no other), each with its method, parameters, request body and answers, the bearer scheme, and the
// examples of schemas/api-examples.json (each valid against its route's schemas, the example queries answered by the
// real routes); and the readable page served without a session.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { putSettings } from '../../src/server/platform/settings.ts';
import { API_EXAMPLES_FILE, isTextType } from '../../src/server/plugins/apiExamples.ts';
import { isApiKeyRoute } from '../../src/server/plugins/docs.ts';
import { isFileResponse } from '../../src/server/fileResponse.ts';
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { normaliseCall } from '../../tools/validate/apiCall.ts';
import { apiKeyRouteOf, checkApiExamples } from '../../tools/validate/checkApiExamples.ts';
import { formatProblem } from '../../tools/validate/problem.ts';
import { loadProject } from '../../tools/validate/project.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
type Json = any;

interface Registered {
  method: string;
  url: string;
  config?: Json;
  schema?: Json;
}

/** Every route as the app registers it, one per method (Fastify's HEAD twins left out: the document has none). */
let registered: Registered[] = [];

const repo = path.resolve(import.meta.dirname, '../..');
const examplesFile = (): Json => JSON.parse(readFileSync(path.join(repo, API_EXAMPLES_FILE), 'utf8'));

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  const routes: { method: string | string[]; url: string; config?: Json; schema?: Json }[] = [];
  const { app } = await buildApp({ config: t.config, database: t.database, printMessages: false, logger: false, onRoute: (r) => routes.push(r) });
  await app.close();
  registered = routes.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => ({ ...r, method })));
});
afterAll(async () => t?.close());

const callableRoutes = () => registered.filter((r) => isApiKeyRoute(r.url, r.config));

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

    const callable = callableRoutes().map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`);
    expect(callable.length).toBeGreaterThan(20);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(new Set(documented)).toEqual(new Set(callable));
    for (const expected of ['get /api/payout', 'post /api/payout', 'get /api/payout/recipient', 'post /api/payout/recipient', 'get /api/payout/program', 'get /api/account']) expect(documented).toContain(expected);
    for (const hidden of ['get /api/user', 'post /api/integration/keys', 'get /api/me', 'post /api/login']) expect(documented).not.toContain(hidden);

    // Well formed: every operation answers something, path parameters are declared, bodies are JSON schemas of
    // objects (or an upload's form).
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
          expect(op.parameters?.some((p: Json) => p.in === 'path' && `{${p.name}}` === name), `${method} ${path} ${name}`).toBe(true);
        }
        if (!op.requestBody) continue;
        const json = op.requestBody.content['application/json'];
        if (json) expect(json.schema, `${method} ${path}`).toEqual(expect.objectContaining({ type: 'object' }));
        else expect(Object.keys(op.requestBody.content), `${method} ${path}`).toEqual(['multipart/form-data']);
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

describe('the examples of the document (schemas/api-examples.json)', () => {
  /** The route's operation in the served document. */
  const operationOf = (doc: Json, r: Registered): Json => doc.paths[openApiPath(r.url)][r.method.toLowerCase()];

  it('shows every route an API key can call with its examples, each valid against its route\'s schemas', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/openapi.json' })).body as Json;
    const file = examplesFile();
    // the shared setup the server validates requests with; an $id is the route's own (src/server/validation.ts)
    const ajv = createAjv();
    const expectValid = (schema: Json, example: unknown, what: string) => {
      const { $id: _id, ...rest } = schema;
      const validate = ajv.compile(rest);
      expect(validate(structuredClone(example)), `${what}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    };
    const routes = callableRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const entry = file[key];
      expect(entry, `${key} has no entry in ${API_EXAMPLES_FILE}`).toBeDefined();
      const op = operationOf(doc, r);

      // The request body: JSON checked against the route's body schema, or an upload's form fields.
      if (r.schema?.body) {
        expect(entry.request, `${key}: request`).toBeDefined();
        expect(op.requestBody.content['application/json'].example, `${key}: request`).toEqual(entry.request);
        expectValid(r.schema.body, entry.request, `${key}: request`);
      } else if (entry.request !== undefined) {
        expect(op.requestBody.content[entry.requestType].example, `${key}: request`).toEqual(entry.request);
      }

      // Parameters: each shown on its own, the whole checked against the route's schema.
      for (const [field, part, where] of [['query', 'querystring', 'query'], ['params', 'params', 'path']] as const) {
        if (entry[field] === undefined) continue;
        for (const [name, value] of Object.entries(entry[field])) {
          expect(op.parameters.find((p: Json) => p.in === where && p.name === name)?.example, `${key}: ${field}.${name}`).toEqual(value);
        }
        expectValid(r.schema[part], entry[field], `${key}: ${field}`);
      }

      // The success answers: under each media type an example can be written in, checked against the route's schema.
      const answers: Record<string, unknown> = entry.responses ?? {};
      // A download's schema (a file) describes no JSON answer: its media types are the examples' responseType.
      const declared = Object.keys(r.schema?.response ?? {}).filter((status) => status.startsWith('2') && !isFileResponse(r.schema.response[status]));
      if (declared.length > 0) expect(Object.keys(answers).length, `${key}: an example of its success answer`).toBeGreaterThan(0);
      for (const [status, answer] of Object.entries(answers)) {
        const content: Record<string, Json> = op.responses[status].content;
        const written = Object.keys(content).filter(isTextType);
        expect(written.length, `${key}: ${status}`).toBeGreaterThan(0);
        for (const type of written) expect(content[type].example, `${key}: ${status} ${type}`).toEqual(answer);
        if (declared.includes(status)) expectValid(r.schema.response[status], answer, `${key}: ${status}`);
      }
      // An answer the route's schema does not describe is named by its media types; one of JSON or text has its example.
      if (declared.length === 0) {
        const types = Object.keys(op.responses['200']?.content ?? {});
        expect(types, `${key}: the answer's media types`).toEqual(entry.responseType ? [entry.responseType].flat() : ['application/json']);
        if (types.some(isTextType)) expect(Object.keys(answers).length, `${key}: an example of its success answer`).toBeGreaterThan(0);
      }
    }
  });

  it('the example queries are answered by the real routes for an API key, with the media types the examples name', async () => {
    const demo = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
    await putSettings(t.database.db, { API_ENABLED: 'true' }, demo);
    const made = await t.request({ method: 'POST', url: '/api/integration/keys', token: await t.login('admin'), payload: { name: 'Examples' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key: string = made.body.key;
    const file = examplesFile();
    const reads = callableRoutes().filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    for (const r of reads) {
      const entry = file[`${r.method} ${r.url}`];
      // A path parameter names a row of the demo data the key can see (the first of its list), so that the query is
      // what is judged: the example's own ids are another customer's.
      let url = r.url;
      if (url.includes('/:id')) {
        const list = await t.request({ method: 'GET', url: url.slice(0, url.indexOf('/:id')), token: key });
        url = url.replace(':id', String(list.body.items[0].id));
      }
      const query = new URLSearchParams(Object.entries(entry.query ?? {}).map(([name, value]) => [name, String(value)])).toString();
      const res = await t.request({ method: 'GET', url: query ? `${url}?${query}` : url, token: key });
      expect(res.status, `GET ${url}?${query}: ${JSON.stringify(res.body)}`).toBe(200);
      const type = String(res.headers['content-type']).split(';')[0];
      expect([entry.responseType ?? 'application/json'].flat(), `GET ${url}`).toContain(type);
    }
  });

  it('reports an entry naming a route that does not exist or that an API key cannot call, and a route without one', () => {
    const { project } = loadProject(repo);
    const routes = new Set(registered.filter((r) => r.url.startsWith('/api')).map((r) => normaliseCall(r.method, r.url)));
    const apiKeyRoutes = callableRoutes().map((r) => apiKeyRouteOf(r.method, r.url, r.schema));
    const report = () => checkApiExamples(project, routes, apiKeyRoutes).map(formatProblem);
    expect(report()).toEqual([]);

    const file = examplesFile();
    file['POST /api/payout/bonus'] = { request: { amount: 150000 }, responses: { '201': {} } };
    file['GET /api/user'] = { responses: { '200': { items: [], numberOfRecords: 0 } } };
    delete file['GET /api/account/summary'];
    project.schemaFiles.set(API_EXAMPLES_FILE, file);
    expect(report()).toEqual([
      `${API_EXAMPLES_FILE}: /POST ~1api~1payout~1bonus: "POST /api/payout/bonus" is not a route of the server`,
      `${API_EXAMPLES_FILE}: /GET ~1api~1user: "GET /api/user" is a route an API key cannot call: the document does not list it`,
      `${API_EXAMPLES_FILE}: /: no examples for "GET /api/account/summary", a route an API key can call`,
    ]);
  });
});
