// Compiles one form or filter schema into ajv standalone code (CommonJS), with the catalogue's formats and keywords.
// The browser then validates with plain generated functions: no eval, no `new Function`, so the CSP holds.
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import { createStandaloneAjv } from '../../src/shared/validation/ajv.ts';

/** Name of the export holding the validator of the whole schema; the others are named by RJSF's schema hash. */
const ROOT_EXPORT = 'root';

/**
 * CommonJS source exporting `root` (the whole schema) and one function per sub-schema RJSF evaluates on its own
 * (if/then/else conditions, oneOf options), keyed by RJSF's hash of that sub-schema.
 *
 * @param formatsModule how the generated file requires src/shared/validation/formats.ts (formats are reached
 *   through that module's single `formats` export, so every format keeps its one implementation).
 */
export function compileValidatorSource(schema: Record<string, unknown>, formatsModule: string): string {
  // RJSF adds `$id: <hash>` to each sub-schema it will ask about; the root gets one too.
  const parts = schemaParser(schema as RJSFSchema);
  const ajv = createStandaloneAjv({
    // Same as the server's body validation: unknown properties are dropped, not reported.
    removeAdditional: true,
    // Sub-schemas such as `if: { required: [...] }` carry no type of their own; the server compiles the root strictly.
    strictTypes: false,
    code: { source: true, esm: false, formats: _`require(${formatsModule}).formats` },
  });
  const exportsMap: Record<string, string> = {};
  for (const [hash, part] of Object.entries(parts)) {
    ajv.addSchema(part as object);
    exportsMap[hash] = hash;
  }
  // Named once by its hash; exporting it under a second name through standaloneCode would emit its code twice.
  return `${standaloneCode(ajv, exportsMap)};exports.${ROOT_EXPORT} = exports[${JSON.stringify(rootHash(schema, parts))}];`;
}

/** The entry of schemaParser's map that is the root schema itself (equal to it apart from the added $id). */
function rootHash(schema: Record<string, unknown>, parts: Record<string, unknown>): string {
  const text = JSON.stringify(schema);
  for (const [hash, part] of Object.entries(parts)) {
    const { $id: _id, ...rest } = part as Record<string, unknown>;
    if (JSON.stringify(rest) === text) return hash;
  }
  throw new Error('schemaParser did not return the root schema');
}
