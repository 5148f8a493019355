// Response schemas of the toolkit's routes, derived from the entity schemas (schemas/entities/*.json).
// Fastify serialises an answer with its route's response schema (fast and exact: undeclared properties
// are dropped), and the same schemas will describe the API in a generated OpenAPI document. So every
// field a route answers must be declared in its entity schema: the derivation refuses a field the
// entity does not declare, when the route is registered, rather than letting the serialiser drop it.
import { loadSchema } from '../validation.ts';

export type JsonSchema = Record<string, unknown>;

/** Formats the serialiser and an API description understand; the catalogue's own formats are left out. */
const STANDARD_FORMATS = new Set(['date-time', 'date', 'time', 'email', 'uri']);

/** What a response schema keeps of a property: its shape, not its form hints (titles are i18n keys). */
function responseProperty(property: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const key of ['type', 'enum', 'const', 'description', 'nullable', 'minimum', 'maximum'] as const) {
    if (key in property) out[key] = property[key];
  }
  if (typeof property.format === 'string' && STANDARD_FORMATS.has(property.format)) out.format = property.format;
  if (property.items && typeof property.items === 'object') out.items = responseProperty(property.items as JsonSchema);
  if (property.properties && typeof property.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(property.properties as Record<string, JsonSchema>).map(([k, v]) => [k, responseProperty(v)]));
    if (Array.isArray(property.required)) out.required = property.required;
  } else if (typesOf(property).includes('object')) {
    // An object the entity does not describe (a JSON document such as an audit entry's before and after) is
    // answered as it is: the serialiser would otherwise drop every one of its properties.
    out.additionalProperties = true;
  }
  return out;
}

const typesOf = (property: JsonSchema): unknown[] => (Array.isArray(property.type) ? property.type : [property.type]);

/**
 * The schema of one answered row: the entity schema's properties for `fields` (every one of them
 * when omitted), all required, since a row always carries each field (null where it has no value).
 */
export function entityResponse(entitySchema: string, fields?: readonly string[]): JsonSchema {
  const entity = loadSchema(entitySchema) as { properties?: Record<string, JsonSchema>; $comment?: string };
  const properties = entity.properties ?? {};
  const names = fields ?? Object.keys(properties);
  const missing = names.filter((name) => !Object.hasOwn(properties, name));
  if (missing.length) throw new Error(`schemas/${entitySchema}.json does not declare ${missing.join(', ')}: an answer would lose them`);
  return {
    type: 'object',
    ...(entity.$comment ? { description: entity.$comment } : {}),
    properties: Object.fromEntries(names.map((name) => [name, responseProperty(properties[name])])),
    required: [...names],
  };
}

/** The answer of a list: `{ items, numberOfRecords, numberOfRecordsCapped? }` (src/shared/list-query.ts, ListResult). */
export function listResponse(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: item },
      numberOfRecords: { type: 'integer', minimum: 0, description: 'The matching rows; with numberOfRecordsCapped, a lower bound.' },
      numberOfRecordsCapped: { type: 'boolean', const: true, description: 'Present when more rows match than were counted (LIST_EXACT_COUNT_LIMIT, or LIST_TEXT_COUNT_LIMIT for a search): "more than numberOfRecords".' },
    },
    required: ['items', 'numberOfRecords'],
  };
}

/** An entity schema's name or a schema, as a response schema for `fields`. */
export function rowResponse(response: string | JsonSchema, fields: readonly string[]): JsonSchema {
  return typeof response === 'string' ? entityResponse(response, fields) : response;
}

const authorizationRequired = loadSchema('responses/authorization-required');

/**
 * The answer of an operation that may need an SMS code first (toolkit/stepUp.ts): its own answer, or
 * `{ authorizationRequired: true, authorization }` when a code has been sent.
 */
export function stepUpResponse(answer: JsonSchema): JsonSchema {
  return { anyOf: [authorizationRequired, answer] };
}

/** A 204 answer without a body. */
export const noContent: JsonSchema = { type: 'null', description: 'No content' };

/**
 * The answer that carries a form's values back (a set of settings): the form schema's properties for `fields` (every
 * one when omitted), none required, as a value left unset is left out of the answer.
 */
export function formAnswer(formSchema: string, fields?: readonly string[]): JsonSchema {
  const { required: _unset, ...answer } = entityResponse(formSchema, fields);
  return answer;
}

export { fileResponse } from '../fileResponse.ts';
