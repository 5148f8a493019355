// Request validation uses the same JSON Schemas and the same shared formats and keywords as the
// browser forms; messages come from the English validation catalogue.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../shared/validation/ajv.ts';
import { messageFor } from '../shared/validation/errors.ts';
import catalogue from '../../locales/en/validation.json' with { type: 'json' };

const SCHEMAS_DIR = path.resolve(import.meta.dirname, '../../schemas');

export function serverMessage(code: string, params: Record<string, unknown>): string {
  return messageFor(catalogue as Record<string, string>, code, params);
}

/** A JSON Schema from schemas/, e.g. formSchema('forms/login'). */
export function loadSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(SCHEMAS_DIR, `${name}.json`), 'utf8'));
}

export function registerValidation(app: FastifyInstance): void {
  // Unknown properties are dropped where a schema says additionalProperties: false; query strings
  // arrive as text and are coerced.
  const bodyAjv = createAjv({ removeAdditional: true });
  const queryAjv = createAjv({ coerceTypes: true, removeAdditional: true });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const { $id: _ignored, ...rest } = schema as Record<string, unknown>;
    return (httpPart === 'body' ? bodyAjv : queryAjv).compile(rest);
  });
}
