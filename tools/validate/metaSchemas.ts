// Checks a schema against the meta-schema its $schema names (draft-07 when it names none).
import Ajv from 'ajv';
import type AjvCore from 'ajv/dist/core.js';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { describeAjvErrors } from './ajvErrors.ts';
import { isObject } from './problem.ts';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
const DRAFT_06 = 'http://json-schema.org/draft-06/schema';
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

export type MetaResult = { known: false } | { known: true; errors: { path: string; message: string }[] };

export function normalizeMetaUri(uri: string): string {
  return uri.replace(/#$/, '');
}

// One checker per draft, made on first use; they only validate schemas, so no formats or strictness are needed.
const checkers = new Map<string, AjvCore>();

function checkerFor(meta: string): AjvCore | undefined {
  const draft = meta === DRAFT_06 ? DRAFT_07 : meta;
  let checker = checkers.get(draft);
  if (!checker) {
    const options = { allErrors: true, strict: false, validateFormats: false };
    if (draft === DRAFT_07) {
      checker = new Ajv(options);
      checker.addMetaSchema(draft06);
    } else if (draft === DRAFT_2019) checker = new Ajv2019(options);
    else if (draft === DRAFT_2020) checker = new Ajv2020(options);
    else return undefined;
    checkers.set(draft, checker);
  }
  return checker;
}

/** Whether this tool can check the schema's $schema at all (else checkMetaSchemas reports it). */
export function knowsDraftOf(schema: unknown): boolean {
  return !isObject(schema) || typeof schema.$schema !== 'string' || checkerFor(normalizeMetaUri(schema.$schema)) !== undefined;
}

export function checkAgainstMetaSchema(schema: unknown): MetaResult {
  if (typeof schema === 'boolean') return { known: true, errors: [] };
  if (!isObject(schema)) return { known: true, errors: [{ path: '', message: 'a JSON Schema must be an object' }] };
  if (schema.$schema !== undefined && typeof schema.$schema !== 'string') {
    return { known: true, errors: [{ path: '/$schema', message: 'must be a string' }] };
  }
  const meta = typeof schema.$schema === 'string' ? normalizeMetaUri(schema.$schema) : DRAFT_07;
  const checker = checkerFor(meta);
  if (!checker) return { known: false };
  // a copy: validating against a meta-schema must never alter the schema being checked
  const valid = checker.validateSchema(structuredClone(schema));
  return { known: true, errors: valid ? [] : describeAjvErrors(checker.errors ?? []) };
}
