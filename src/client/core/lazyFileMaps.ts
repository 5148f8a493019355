// The loaders of every schema file (schemas/{entities,forms,filters,imports}) and of every precompiled validator:
// long maps, kept out of the entry in one small chunk of their own. A form screen's chunk imports it
// (renderer/form/FormScreen.tsx), so it arrives with the form's code and the schema, ui hints and validator are
// asked for at once; the login page, the tables and the dashboard start without it.
import type { PrecompiledValidators } from './precompiledValidators.ts';

type ValidatorsLoader = () => Promise<{ default: PrecompiledValidators }>;

/** Keyed by the path from here ("../../../schemas/forms/user.json"). */
export const schemaFiles = import.meta.glob<Record<string, unknown>>('../../../schemas/{entities,forms,filters,imports}/*.json', { import: 'default' });

// A glob rather than a plain import, so that type-checking does not depend on the build step (tools/validators).
const index = import.meta.glob<Record<string, ValidatorsLoader>>('../generated/validators/index.js', { eager: true, import: 'validators' });

/** Keyed by the schema's repository path ("schemas/forms/user.json"). */
export const validators: Record<string, ValidatorsLoader> = Object.values(index)[0] ?? {};
