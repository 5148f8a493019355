// The form's validator is @rjsf/validator-ajv8's precompiled validator over the build's ajv standalone functions
// (tools/validators): neither ajv's compiler nor eval runs in the page, so the CSP holds. Two things are handed in:
// - a localizer that turns ajv's errors into the catalogue's before RJSF reads them, through toValidationErrors,
//   the mapping the server uses (it reads the `errorCode` annotation from each error's parentSchema, which RJSF's
//   own conversion drops), so a rule and its message exist once;
// - functions that check a copy of the data: the generated ones fill in defaults and drop unknown properties, as
//   the server does, and the form's own data must stay as typed.
import type { ErrorObject } from 'ajv';
import { ID_KEY, hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type Localizer, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { toValidationErrors } from '../../../shared/validation/errors.ts';
import { encodeMessage } from './messages.ts';
import type { PrecompiledValidateFunction, PrecompiledValidators } from '../../core/precompiledValidators.ts';

export interface ValidatorSettings {
  /** List filters: nothing is required, so REQUIRED is never reported. */
  ignoreRequired?: boolean;
}

/**
 * The generated function `name` run on a copy of the data, its errors kept where RJSF reads them. The function is
 * looked up at each call: `npm run dev` replaces the functions of a loaded validators object in place.
 */
function onCopy(validators: PrecompiledValidators, name: string): PrecompiledValidateFunction {
  const check: PrecompiledValidateFunction = (data) => {
    const validate = validators[name];
    if (!validate) {
      // The generated code and the schema on the page differ (a stale build, an edit not compiled yet): the
      // condition RJSF asks about counts as unmet.
      console.error(`No precompiled validator for sub-schema ${name}`);
      check.errors = null;
      return false;
    }
    const valid = validate(data === undefined ? {} : structuredClone(data));
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

/** RJSF's map of functions by schema hash; the root schema's hash is the generated `root`. */
function functionsOf(validators: PrecompiledValidators, rootKey: string): ValidatorFunctions {
  const made = new Map<string, PrecompiledValidateFunction>();
  return new Proxy({} as ValidatorFunctions, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      let check = made.get(key);
      if (!check) made.set(key, (check = onCopy(validators, key === rootKey ? 'root' : key)));
      return check as ValidatorFunctions[string];
    },
  });
}

/**
 * Replaces ajv's errors, in the list RJSF then reads, by one error per catalogue message, on its field: the code as
 * the keyword, the message as a descriptor that the templates put into words in the current language.
 */
function catalogueErrors({ ignoreRequired = false }: ValidatorSettings): Localizer {
  return (errors) => {
    if (!errors) return;
    const found = toValidationErrors(errors, (code, params) => encodeMessage({ code, params })).flatMap(({ property, errors: list }) =>
      list
        .filter((error) => !(ignoreRequired && error.code === 'REQUIRED'))
        .map((error): ErrorObject => ({
          keyword: error.code,
          instancePath: property ? `/${property.replaceAll('.', '/')}` : '',
          schemaPath: '#',
          params: {},
          message: error.message,
        })),
    );
    errors.splice(0, errors.length, ...found);
  };
}

export function createFormValidator(validators: PrecompiledValidators, schema: RJSFSchema, settings: ValidatorSettings = {}): ValidatorType {
  const rootKey = (schema[ID_KEY] as string | undefined) ?? hashForSchema(schema);
  return createPrecompiledValidator(functionsOf(validators, rootKey), schema, catalogueErrors(settings));
}
