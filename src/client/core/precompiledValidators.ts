// Finds the precompiled validators of a schema file. tools/validators writes them (ajv standalone code) to
// src/client/generated/validators/ at build time, with an index of lazy loaders: the page fetches only the
// validator of the form it shows, and never compiles anything itself. The index comes in a chunk of its own with the
// schema files' map (lazyFileMaps.ts), so the entry does not carry it.
import type { ErrorObject } from 'ajv';

export interface PrecompiledValidateFunction {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** `root` validates the whole schema; the other keys are RJSF's hashes of the sub-schemas it evaluates alone. */
export interface PrecompiledValidators {
  root: PrecompiledValidateFunction;
  [hash: string]: PrecompiledValidateFunction;
}

const loading = new Map<string, Promise<PrecompiledValidators>>();

/** The validators of "schemas/forms/user.json" and the like; the same promise for every caller. */
export function loadValidators(schemaPath: string): Promise<PrecompiledValidators> {
  let promise = loading.get(schemaPath);
  if (!promise) {
    promise = import('./lazyFileMaps.ts').then(({ validators }) => {
      const load = validators[schemaPath];
      if (!load) throw new Error(`No precompiled validator for ${schemaPath} (tools/validators generates them when Vite builds or serves the client)`);
      return load().then((module) => module.default);
    });
    promise.catch(() => loading.delete(schemaPath));
    loading.set(schemaPath, promise);
  }
  return promise;
}
