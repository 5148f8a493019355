// The integration API's examples (schemas/api-examples.json): read as the server starts, checked for their form
// (npm run validate checks them against the routes: tools/validate/checkApiExamples.ts), and placed into a route's
// schema where @fastify/swagger shows them (docs.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifySchema } from 'fastify';
import { isFileResponse } from '../fileResponse.ts';

/** The file of the examples, relative to the repository. */
export const API_EXAMPLES_FILE = 'schemas/api-examples.json';

/** A route as the examples file names it: the method and the URL as Fastify registers it ("GET /api/payout/:id"). */
export const exampleKey = (method: string, url: string): string => `${method.toUpperCase()} ${url}`;

const ROUTE_KEY = /^(GET|POST|PUT|PATCH|DELETE) \/api\/\S*$/;
const MEDIA_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/;
const SUCCESS = /^2[0-9][0-9]$/;
const FIELDS = ['request', 'requestType', 'query', 'params', 'responses', 'responseType'] as const;

/** One route's examples, as the file gives them. */
export interface RouteExamples {
  /** The request body: JSON the route's body schema describes, or the fields of a body of `requestType`. */
  request?: unknown;
  /** The body's media type, for a route whose schema declares no body (an upload: multipart/form-data). */
  requestType?: string;
  /** Query and path parameters by name. */
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  /** The success answers by status ("201"). */
  responses?: Record<string, unknown>;
  /** The answer's media types, for a route whose schema declares no answer (a download); JSON otherwise. */
  responseTypes?: string[];
}

export interface ExampleProblem {
  /** JSON pointer into the file. */
  path: string;
  message: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const pointer = (...segments: string[]): string => segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');

/** Whether an answer of this media type can be shown by an example written in JSON: JSON or text, not a spreadsheet. */
export function isTextType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json') || type.startsWith('text/');
}

/**
 * The file read into examples by route, with what is wrong with its form. The document uses what is well formed;
 * `npm run validate` reports the problems, and those that need the routes (tools/validate/checkApiExamples.ts).
 */
export function parseApiExamples(file: unknown): { routes: Map<string, RouteExamples>; problems: ExampleProblem[] } {
  const routes = new Map<string, RouteExamples>();
  const problems: ExampleProblem[] = [];
  const report = (message: string, ...at: string[]) => problems.push({ path: pointer(...at), message });
  if (!isObject(file)) {
    report('must be an object whose keys name routes, as "POST /api/payout"');
    return { routes, problems };
  }
  for (const [key, entry] of Object.entries(file)) {
    if (key === '$comment') {
      if (typeof entry !== 'string') report('must be a text', key);
      continue;
    }
    if (!ROUTE_KEY.test(key)) {
      report('must name a route as "METHOD /api/path", its parameters as Fastify writes them ("GET /api/payout/:id")', key);
      continue;
    }
    if (!isObject(entry)) {
      report(`must be an object of the route's examples (${FIELDS.join(', ')})`, key);
      continue;
    }
    const examples: RouteExamples = {};
    for (const [field, value] of Object.entries(entry)) {
      if (field === 'request') examples.request = value;
      else if (field === 'requestType') {
        if (typeof value === 'string' && MEDIA_TYPE.test(value)) examples.requestType = value;
        else report('must be a media type, as "multipart/form-data"', key, field);
      } else if (field === 'query' || field === 'params') {
        if (isObject(value)) examples[field] = value;
        else report('must be an object of parameter names and their example values', key, field);
      } else if (field === 'responses') {
        if (!isObject(value)) {
          report('must be an object of statuses ("200") and the answer of each', key, field);
          continue;
        }
        examples.responses = {};
        for (const [status, answer] of Object.entries(value)) {
          if (SUCCESS.test(status)) examples.responses[status] = answer;
          else report('only a success answer (a 2xx status) takes an example', key, field, status);
        }
      } else if (field === 'responseType') {
        const types = typeof value === 'string' ? [value] : value;
        if (Array.isArray(types) && types.length > 0 && types.every((t) => typeof t === 'string' && MEDIA_TYPE.test(t))) examples.responseTypes = types as string[];
        else report('must be a media type, as "text/csv", or a list of them', key, field);
      } else report(`unknown field (the fields are ${FIELDS.join(', ')})`, key, field);
    }
    if (examples.requestType !== undefined && examples.request === undefined) report('names the type of a request example that is not there', key, 'requestType');
    if (examples.responses && examples.responseTypes && !examples.responseTypes.some(isTextType)) {
      for (const status of Object.keys(examples.responses)) report(`an answer of ${examples.responseTypes.join(', ')} cannot be written here: name its type only`, key, 'responses', status);
    }
    routes.set(key, examples);
  }
  return { routes, problems };
}

/**
 * The route's schema with its examples where @fastify/swagger shows them: a body's or an answer's `examples` become
 * the `example` of its media type, a parameter's its own. A body or an answer the schema does not declare (an
 * upload, a download) is described for the document only, by its media type: what the server checks is unchanged.
 */
export function withExamples(schema: FastifySchema, examples: RouteExamples): FastifySchema {
  const out: Json = { ...schema };
  if (examples.request !== undefined) {
    if (isObject(out.body)) out.body = { ...out.body, examples: [examples.request] };
    else if (examples.requestType) {
      out.consumes = [examples.requestType];
      out.body = { examples: [examples.request] };
    }
  }
  for (const [part, given] of [['querystring', examples.query], ['params', examples.params]] as const) {
    const declared = out[part];
    if (!given || !isObject(declared) || !isObject(declared.properties)) continue;
    const properties: Json = { ...declared.properties };
    for (const [name, value] of Object.entries(given)) {
      const property = properties[name];
      if (isObject(property)) properties[name] = { ...property, examples: [value] };
    }
    out[part] = { ...declared, properties };
  }
  const answers = examples.responses ?? {};
  // A download's schema (a file) describes no JSON answer: it is shown under the media types the examples name.
  const declaredFile = (status: string) => (isObject(out.response) && isFileResponse(out.response[status]) ? (out.response[status] as Json) : undefined);
  if (isObject(out.response) && !Object.keys(out.response).some(declaredFile)) {
    const response: Json = { ...out.response };
    for (const [status, answer] of Object.entries(answers)) {
      const declared = response[status];
      if (isObject(declared)) response[status] = { ...declared, examples: [answer] };
    }
    out.response = response;
  } else if (Object.keys(answers).length > 0 || examples.responseTypes) {
    const types = examples.responseTypes ?? ['application/json'];
    const statuses = Object.keys(answers).length > 0 ? Object.keys(answers) : ['200'];
    out.response = Object.fromEntries(
      statuses.map((status) => [
        status,
        { content: Object.fromEntries(types.map((type) => [type, { schema: declaredFile(status) ?? {}, ...(isTextType(type) && Object.hasOwn(answers, status) ? { example: answers[status] } : {}) }])) },
      ]),
    );
  }
  return out as FastifySchema;
}

const EXAMPLES_PATH = path.resolve(import.meta.dirname, '../../..', API_EXAMPLES_FILE);

/** Read once as the server starts; without the file the document has no examples. */
export function loadApiExamples(): Map<string, RouteExamples> {
  let text: string;
  try {
    text = readFileSync(EXAMPLES_PATH, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (error) {
    // as a broken schema does: the server does not start on a file CI would have refused (npm run validate)
    throw new Error(`${API_EXAMPLES_FILE} is not valid JSON: ${(error as Error).message}`);
  }
  return parseApiExamples(file).routes;
}
