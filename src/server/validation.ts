// Request validation uses the same JSON Schemas and the same shared formats and keywords as the
// browser forms; messages come from the English validation catalogue.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../shared/validation/ajv.ts';
import { messageFor } from '../shared/validation/errors.ts';
import { normaliseIban } from '../shared/validation/iban.ts';
import catalogue from '../../locales/en/validation.json' with { type: 'json' };

const SCHEMAS_DIR = path.resolve(import.meta.dirname, '../../schemas');

export function serverMessage(code: string, params: Record<string, unknown>): string {
  return messageFor(catalogue as Record<string, string>, code, params);
}

/** A JSON Schema from schemas/, e.g. formSchema('forms/login'). */
export function loadSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(SCHEMAS_DIR, `${name}.json`), 'utf8'));
}

/**
 * The params schema of every route with an id in its path (`:id`, or a named one such as `:customerId`):
 * a database id written plainly (no sign, spaces, leading zeros, fraction, exponent or hex), so `/x/%201`
 * or `/x/01` never reaches a row (400). At most 10 digits keeps it a safe integer; one beyond the
 * column's range is refused by the database as bad input (400). The value stays text (not coerced):
 * read it with `paramId`.
 */
export function idParamsOf<N extends string>(name: N) {
  return {
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } } as Record<N, { type: 'string'; pattern: string }>,
  } as const;
}

export const idParams = idParamsOf('id');

export type IdParams<N extends string = 'id'> = Record<N, string>;

export function paramId<N extends string = 'id'>(params: IdParams<N>, name: N = 'id' as N): number {
  return Number(params[name]);
}

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Formats whose values are stored in one canonical form; a value that does not parse is left for the format to refuse. */
const CANONICAL_FORMS: Record<string, (s: string) => string | null> = {
  iban: normaliseIban,
};

/** The schema and the subschemas that apply to the same value (allOf/anyOf/oneOf, if/then/else). */
function alongside(schema: unknown): Schema[] {
  if (!isObject(schema)) return [];
  const found: Schema[] = [schema];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) found.push(...alongside(sub));
  }
  for (const key of ['if', 'then', 'else']) found.push(...alongside(schema[key]));
  return found;
}

const REMOVE = Symbol('remove');

/**
 * Tidies a request body in place BEFORE it is validated, so the schema judges what will be stored:
 *  - text is trimmed, and a property left blank is removed: a required one then fails `required`
 *    (REQUIRED), an optional one is absent and stored as null. Inside arrays text is trimmed only;
 *  - secrets are kept exactly as typed, never trimmed: a property whose schema has `writeOnly: true`
 *    (JSON Schema's marker for values such as passwords) or the `password` format;
 *  - a format listed in CANONICAL_FORMS is stored in its canonical form (an IBAN without spaces, upper case).
 * Only properties the schema declares are touched; undeclared ones are left to `additionalProperties`.
 */
function tidy(value: unknown, schemas: Schema[], removable: boolean): unknown {
  if (typeof value === 'string') {
    if (schemas.some((s) => s.writeOnly === true || s.format === 'password')) return value;
    const text = value.trim();
    if (text === '' && removable) return REMOVE;
    for (const s of schemas) {
      const canonical = typeof s.format === 'string' && Object.hasOwn(CANONICAL_FORMS, s.format) ? CANONICAL_FORMS[s.format](text) : null;
      if (canonical !== null) return canonical;
    }
    return text;
  }
  if (Array.isArray(value)) {
    const items = schemas.flatMap((s) => alongside(s.items));
    if (items.length) for (let i = 0; i < value.length; i++) value[i] = tidy(value[i], items, false);
    return value;
  }
  if (isObject(value)) {
    const properties = new Map<string, Schema[]>();
    for (const s of schemas) {
      if (!isObject(s.properties)) continue;
      for (const [name, sub] of Object.entries(s.properties)) properties.set(name, [...(properties.get(name) ?? []), ...alongside(sub)]);
    }
    for (const [name, subs] of properties) {
      if (!Object.hasOwn(value, name)) continue;
      const tidied = tidy(value[name], subs, true);
      if (tidied === REMOVE) delete value[name];
      else value[name] = tidied;
    }
  }
  return value;
}

export interface BodyValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * Compiles with one ajv, each schema once by its text: routes and lists read their schemas afresh from their files,
 * and ajv's own cache knows a schema by its object. One ajv per purpose also compiles its meta-schema and formats
 * once, not once per list or per app (a test process builds about a hundred apps). Compiled checks keep no state
 * between calls but `errors`, which each caller reads right after its own synchronous call.
 */
function compilerOf(ajv: Ajv): (schema: Schema) => ValidateFunction {
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
    return validate;
  };
}

// Unknown properties are dropped where a schema says additionalProperties: false.
const compileBody = compilerOf(createAjv({ removeAdditional: true }));
// Query strings and params arrive as text and are coerced (an id param is kept as text, see idParams).
const compileQuery = compilerOf(createAjv({ coerceTypes: true, removeAdditional: true }));
/** A list's filter options, parsed from JSON: nothing coerced, nothing removed. */
export const compileFilterValidator = compilerOf(createAjv());

/** The validator of a request body: tidies it (see tidy) and then checks it against the schema. */
export function compileBodyValidator(schema: Schema): BodyValidator {
  const validate = compileBody(schema);
  const schemas = alongside(schema);
  const check: BodyValidator = (data) => {
    tidy(data, schemas, false);
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const { $id: _ignored, ...rest } = schema as Record<string, unknown>;
    return httpPart === 'body' ? compileBodyValidator(rest) : compileQuery(rest);
  });
}
