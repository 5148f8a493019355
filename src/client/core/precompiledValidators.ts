// Finds the precompiled validators of a schema file. tools/validators writes them (ajv standalone code) to
// src/client/generated/validators/ at build time, with an index of lazy loaders: the page fetches only the
// validator of the form it shows, and never compiles anything itself.
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

type Loader = () => Promise<{ default: PrecompiledValidators }>;

// A glob rather than a plain import, so that type-checking does not depend on the build step having run.
const index = import.meta.glob<Record<string, Loader>>('../generated/validators/index.js', { eager: true, import: 'validators' });
const loaders: Record<string, Loader> = Object.values(index)[0] ?? {};
const loading = new Map<string, Promise<PrecompiledValidators>>();

/** The validators of "schemas/forms/user.json" and the like; the same promise for every caller. */
export function loadValidators(schemaPath: string): Promise<PrecompiledValidators> {
  let promise = loading.get(schemaPath);
  if (!promise) {
    const load = loaders[schemaPath];
    if (!load) return Promise.reject(new Error(`No precompiled validator for ${schemaPath} (tools/validators generates them when Vite builds or serves the client)`));
    promise = load().then((module) => module.default);
    promise.catch(() => loading.delete(schemaPath));
    loading.set(schemaPath, promise);
  }
  return promise;
}
