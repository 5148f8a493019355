// Turns ajv's errors into one readable line per location.
import type { ErrorObject } from 'ajv';
import { pointer } from './problem.ts';

interface Located {
  path: string;
  message: string;
}

function describe(error: ErrorObject): Located | undefined {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      // the failing "then"/"else" keywords report the detail
      return undefined;
    case 'additionalProperties':
      return { path: pointer(error.instancePath, String(params.additionalProperty)), message: 'unknown property (not allowed here)' };
    case 'required':
      return { path: error.instancePath, message: `missing required property "${String(params.missingProperty)}"` };
    case 'enum':
      return { path: error.instancePath, message: `must be one of: ${(params.allowedValues as unknown[]).map(show).join(', ')}` };
    case 'const':
      return { path: error.instancePath, message: `must be ${show(params.allowedValue)}` };
    case 'pattern': {
      // a regular expression says little to a product owner; the schema's description says what is meant
      const description = error.parentSchema?.description;
      const hint = typeof description === 'string' ? ` (${description})` : '';
      return { path: error.instancePath, message: `${error.message ?? 'must match a pattern'}${hint}` };
    }
    default:
      return { path: error.instancePath, message: error.message ?? `fails "${error.keyword}"` };
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One entry per instance path, messages joined. An anyOf/oneOf summary is dropped when its alternatives already
 * explained what is wrong at or below the same place.
 */
export function describeAjvErrors(errors: readonly ErrorObject[]): Located[] {
  const byPath = new Map<string, string[]>();
  const add = ({ path, message }: Located): void => {
    const messages = byPath.get(path) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byPath.set(path, messages);
  };
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      const explained = errors.some(
        (other) =>
          other !== error &&
          other.keyword !== error.keyword &&
          (other.instancePath === error.instancePath || other.instancePath.startsWith(error.instancePath + '/')),
      );
      if (explained) continue;
    }
    const located = describe(error);
    if (located) add(located);
  }
  return [...byPath].map(([path, messages]) => ({ path, message: messages.join('; ') }));
}
