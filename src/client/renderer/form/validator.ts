// RJSF's ValidatorType over precompiled validators: the whole form is checked by the generated `root` function and
// its ajv errors become catalogue codes through toValidationErrors, the mapping the server uses, so a rule and its
// message exist once. RJSF's own checks of sub-schemas (if/then/else, oneOf) use the generated function of that
// sub-schema, found by RJSF's hash. Neither ajv's compiler nor eval is involved.
// Not @rjsf/validator-ajv8's createPrecompiledValidator: its error conversion drops ajv's parentSchema, where the
// `errorCode` annotation lives (so transformErrors cannot name the catalogue's code), and it hands the form's own
// data to functions that fill defaults and remove properties; wrappers for both stayed as large as this module, and
// the form route grew by 0.9 KiB gzip.
import {
  ID_KEY,
  JUNK_OPTION_ID,
  createErrorHandler,
  hashForSchema,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { toValidationErrors, type PropertyErrors } from '../../../shared/validation/errors.ts';
import { encodeMessage } from './messages.ts';
import type { PrecompiledValidators } from '../../core/precompiledValidators.ts';

export interface ValidatorSettings {
  /** List filters: nothing is required, so REQUIRED is never reported. */
  ignoreRequired?: boolean;
}

/** The validators fill defaults and drop unknown properties (as the server does): they get a copy. */
function copy<T>(data: T): T {
  return data === undefined ? ({} as T) : structuredClone(data);
}

/** RJSF's error list from the catalogue's errors: one entry per message, property in RJSF's ".a.b" form. */
function toRjsfErrors(list: readonly PropertyErrors[]): RJSFValidationError[] {
  return list.flatMap(({ property, errors }) =>
    errors.map((error) => {
      const path = property ? `.${property}` : '';
      return { name: error.code, property: path, message: error.message, stack: `${path} ${error.code}`.trim() };
    }),
  );
}

export function createPrecompiledValidator(validators: PrecompiledValidators, settings: ValidatorSettings = {}): ValidatorType {
  const check = (data: unknown): PropertyErrors[] => {
    const validate = validators.root;
    if (validate(copy(data))) return [];
    const list = toValidationErrors(validate.errors, (code, params) => encodeMessage({ code, params }));
    return settings.ignoreRequired
      ? list.map((entry) => ({ ...entry, errors: entry.errors.filter((e) => e.code !== 'REQUIRED') })).filter((entry) => entry.errors.length)
      : list;
  };

  return {
    validateFormData(formData, _schema, customValidate, transformErrors, uiSchema): ValidationData<unknown> {
      const list = check(formData);
      let errors = toRjsfErrors(list);
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      const result: ValidationData<unknown> = { errors, errorSchema: toErrorSchema(errors) };
      if (!customValidate) return result;
      const own = unwrapErrorHandler(customValidate(formData, createErrorHandler(formData), uiSchema, result.errorSchema));
      return validationDataMerge(result, own);
    },

    isValid(schema: RJSFSchema, formData: unknown): boolean {
      // RJSF's stand-in option when it matches data against oneOf/anyOf options; never generated, never matches.
      if (schema[ID_KEY] === JUNK_OPTION_ID) return false;
      const key = (schema[ID_KEY] as string | undefined) ?? hashForSchema(schema);
      const validate = validators[key];
      if (!validate) {
        // The generated code and the schema on the page differ (a stale build): treat the condition as unmet.
        console.error(`No precompiled validator for sub-schema ${key}`);
        return false;
      }
      return validate(copy(formData));
    },

    rawValidation(_schema, formData) {
      const validate = validators.root;
      validate(copy(formData));
      return { errors: (validate.errors ?? undefined) as never };
    },
  };
}
