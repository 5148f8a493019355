// schemas/api-examples.json, the examples of the integration API's document (src/server/plugins/apiExamples.ts reads it the
// same way): its form on its own; then, with the server's routes, that each entry names a route an API key can call,
// that each such route has its examples, and that each example is one its route accepts or answers, checked against
// the route's schemas by the shared ajv setup, as the server checks a request.
import type AjvCore from 'ajv/dist/core.js';
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { API_EXAMPLES_FILE, exampleKey, isTextType, parseApiExamples, type RouteExamples } from '../../src/server/plugins/apiExamples.ts';
import { isFileResponse } from '../../src/server/fileResponse.ts';
import { normaliseCall } from './apiCall.ts';
import { describeAjvErrors } from './ajvErrors.ts';
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import type { Project } from './project.ts';

/** A route an API key can call, with the schemas its examples are checked against. */
export interface ApiKeyRoute {
  /** As the examples file names it: "GET /api/payout/:id". */
  key: string;
  body?: JsonObject;
  querystring?: JsonObject;
  params?: JsonObject;
  /** By status. */
  response?: Record<string, JsonObject>;
}

/** The route as the checks need it, from what Fastify registers (its method, URL and schema). */
export function apiKeyRouteOf(method: string, url: string, schema: unknown): ApiKeyRoute {
  const route: ApiKeyRoute = { key: exampleKey(method, url) };
  if (!isObject(schema)) return route;
  for (const part of ['body', 'querystring', 'params'] as const) {
    const declared = schema[part];
    if (isObject(declared)) route[part] = declared;
  }
  // A download's answer (a file's schema) is named by its media types in the examples, as one without a schema.
  const described = isObject(schema.response) ? Object.entries(schema.response).filter((entry): entry is [string, JsonObject] => isObject(entry[1]) && !isFileResponse(entry[1])) : [];
  if (described.length > 0) route.response = Object.fromEntries(described);
  return route;
}

/** What is wrong with the file's form; needs no server. */
export function checkApiExamplesForm(project: Project): Problem[] {
  const file = project.schemaFiles.get(API_EXAMPLES_FILE);
  if (file === undefined) return [];
  return parseApiExamples(file).problems.map((p) => problem(API_EXAMPLES_FILE, p.path, p.message));
}

/**
 * The entries against the server's routes: `routes` every route ("METHOD /api/path" with ":" parameters, see
 * apiCall.ts), `apiKeyRoutes` those an API key can call. Without the file there is nothing to check (a project
 * may show no examples); an unparsable one is reported where it is read.
 */
export function checkApiExamples(project: Project, routes: Set<string>, apiKeyRoutes: readonly ApiKeyRoute[]): Problem[] {
  const file = project.schemaFiles.get(API_EXAMPLES_FILE);
  if (!isObject(file)) return [];
  const problems: Problem[] = [];
  const callable = new Map(apiKeyRoutes.map((route) => [route.key, route]));
  const ajv = createAjv();
  for (const [key, examples] of parseApiExamples(file).routes) {
    const route = callable.get(key);
    if (route) problems.push(...routeProblems(ajv, route, examples));
    else problems.push(problem(API_EXAMPLES_FILE, pointer('', key), notCallable(key, routes, apiKeyRoutes)));
  }
  for (const route of apiKeyRoutes) {
    if (!Object.hasOwn(file, route.key)) problems.push(problem(API_EXAMPLES_FILE, '', `no examples for "${route.key}", a route an API key can call`));
  }
  return problems;
}

function notCallable(key: string, routes: Set<string>, apiKeyRoutes: readonly ApiKeyRoute[]): string {
  const [method, url] = key.split(' ');
  const normalised = normaliseCall(method, url);
  // the same route with its parameters named otherwise
  const named = apiKeyRoutes.find((route) => normaliseCall(...(route.key.split(' ') as [string, string])) === normalised);
  if (named) return `the server names this route "${named.key}"`;
  if (routes.has(normalised)) return `"${key}" is a route an API key cannot call: the document does not list it`;
  return `"${key}" is not a route of the server`;
}

function routeProblems(ajv: AjvCore, route: ApiKeyRoute, examples: RouteExamples): Problem[] {
  const problems: Problem[] = [];
  const at = (...segments: string[]) => pointer('', route.key, ...segments);
  const report = (path: string, message: string) => problems.push(problem(API_EXAMPLES_FILE, path, message));

  if (route.body) {
    if (examples.requestType !== undefined) report(at('requestType'), 'the route declares its JSON body: leave requestType out');
    if (examples.request === undefined) report(at(), 'no request example: the route takes a body');
    else problems.push(...exampleProblems(ajv, route.body, examples.request, at('request'), "not in the route's body schema: the server ignores it"));
  } else if (examples.request !== undefined && examples.requestType === undefined) {
    report(at('request'), 'the route declares no JSON body (an upload names its requestType, "multipart/form-data")');
  }

  for (const [field, part, what] of [['query', 'querystring', 'query'], ['params', 'params', 'path']] as const) {
    const given = examples[field];
    if (given === undefined) continue;
    const declared = route[part];
    if (declared) problems.push(...exampleProblems(ajv, declared, given, at(field), `not a ${what} parameter of the route: the server ignores it`));
    else report(at(field), `the route declares no ${what} parameters`);
  }

  const answers = examples.responses ?? {};
  if (route.response) {
    const declared = Object.keys(route.response).filter((status) => /^2/.test(status));
    if (examples.responseTypes) report(at('responseType'), "the route's schema describes its answer: leave responseType out");
    if (Object.keys(answers).length === 0) report(at(), `no example of the success answer (the route answers ${declared.join(', ')})`);
    for (const [status, answer] of Object.entries(answers)) {
      const schema = route.response[status];
      if (schema) problems.push(...exampleProblems(ajv, schema, answer, at('responses', status), "not in the route's answer schema: the answer never holds it"));
      else report(at('responses', status), `the route declares no ${status} answer (it answers ${declared.join(', ')})`);
    }
  } else {
    // An answer the route's schema does not describe (an upload's result, a download) is shown as it is written.
    const types = examples.responseTypes ?? ['application/json'];
    const written = types.filter(isTextType);
    if (written.length > 0 && Object.keys(answers).length === 0) report(at(), 'no example of the success answer');
    const texts = written.filter((type) => type.startsWith('text/'));
    for (const [status, answer] of Object.entries(answers)) {
      if (texts.length > 0 && typeof answer !== 'string') report(at('responses', status), `an answer of ${texts.join(', ')} is a text`);
    }
  }
  return problems;
}

/** The example against its schema: ajv's errors, and the properties the schema does not declare (`undeclaredMessage`). */
function exampleProblems(ajv: AjvCore, schema: JsonObject, example: unknown, base: string, undeclaredMessage: string): Problem[] {
  // As the server compiles a route's schema: an $id is the route's own, not a shared reference (src/server/validation.ts).
  const { $id: _id, ...rest } = schema;
  let validate: ReturnType<AjvCore['compile']>;
  try {
    validate = ajv.compile(rest);
  } catch (error) {
    return [problem(API_EXAMPLES_FILE, base, `cannot be checked: the route's schema does not compile (${(error as Error).message})`)];
  }
  // defaults are filled in as the server fills them; the file's value stays as written
  const found = validate(structuredClone(example)) ? [] : describeAjvErrors(validate.errors ?? []);
  // a property ajv refused already (additionalProperties: false) is not reported twice
  const refused = new Set(found.map(({ path }) => path));
  const extra = undeclared(schema, example, '').filter((path) => !refused.has(path)).map((path) => ({ path, message: undeclaredMessage }));
  return [...found, ...extra].map(({ path, message }) => problem(API_EXAMPLES_FILE, base + path, message));
}

/** The schema and the subschemas that apply to the same value. */
function alongside(schema: unknown): JsonObject[] {
  if (!isObject(schema)) return [];
  const found = [schema];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) found.push(...alongside(sub));
  }
  for (const key of ['if', 'then', 'else'] as const) found.push(...alongside(schema[key]));
  return found;
}

/**
 * Pointers of the properties the example holds that no schema applying to their object declares: a valid example
 * may still name a property wrongly where the schema allows others (an answer's schema does not forbid them, the
 * serialiser drops them).
 */
function undeclared(schema: unknown, value: unknown, path: string): string[] {
  const schemas = alongside(schema);
  if (Array.isArray(value)) {
    const items = schemas.flatMap((s) => alongside(s.items));
    return items.length ? value.flatMap((item, i) => undeclared({ allOf: items }, item, pointer(path, i))) : [];
  }
  if (!isObject(value)) return [];
  if (schemas.some((s) => (s.additionalProperties !== undefined && s.additionalProperties !== false) || s.patternProperties !== undefined)) return [];
  const declared = new Map<string, unknown[]>();
  for (const s of schemas) {
    if (!isObject(s.properties)) continue;
    for (const [name, sub] of Object.entries(s.properties)) declared.set(name, [...(declared.get(name) ?? []), sub]);
  }
  if (declared.size === 0) return [];
  return Object.entries(value).flatMap(([name, sub]) => {
    const subs = declared.get(name);
    return subs ? undeclared({ allOf: subs }, sub, pointer(path, name)) : [pointer(path, name)];
  });
}
