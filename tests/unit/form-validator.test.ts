// The form's validator, RJSF's precompiled validator over the build's generated functions: catalogue codes as the
// server reports them, RJSF's condition checks (if/then/else) answered by the generated sub-schema functions, nothing
// required in filter mode, the form's data left as typed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSchemaUtils, JUNK_OPTION_ID, type ErrorSchema, type RJSFSchema } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeMessage, messageText } from '../../src/client/renderer/form/messages.ts';
import type { PrecompiledValidators } from '../../src/client/core/precompiledValidators.ts';
import i18next from 'i18next';
import { createFormValidator } from '../../src/client/renderer/form/validator.ts';
import { createAjv, toValidationErrors } from '../../src/shared/validation/index.ts';
import { commonJsToEsm } from '../../tools/validators/commonjs.ts';
import { compileValidatorSource } from '../../tools/validators/compile.ts';
import { generateAll } from '../../tools/validators/generate.ts';
import enValidation from '../../locales/en/validation.json' with { type: 'json' };
import user from '../../schemas/forms/user.json' with { type: 'json' };
import program from '../../schemas/forms/program.json' with { type: 'json' };
import recipientFilter from '../../schemas/filters/recipient.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');
// By file URL, written at run time: a template import would be resolved against the generated folder when this file
// is transformed, which on a fresh checkout is before beforeAll has generated it.
const load = async (name: string) =>
  (await import(/* @vite-ignore */ pathToFileURL(path.join(root, `src/client/generated/validators/${name}.js`)).href)).default as PrecompiledValidators;

let userValidators: PrecompiledValidators;
let programValidators: PrecompiledValidators;
let filterValidators: PrecompiledValidators;
beforeAll(async () => {
  // The browser's phone rule, as the phone input loads it.
  await import('../../src/shared/validation/phone-mobile.ts');
  generateAll(root);
  [userValidators, programValidators, filterValidators] = await Promise.all([load('forms-user'), load('forms-program'), load('filters-recipient')]);
  // Compiling every schema takes a while beside other test files on a busy machine.
}, 60_000);

/** Codes per field, as a form shows them. */
function codesOf(errorSchema: Record<string, unknown>): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, entry] of Object.entries(errorSchema)) {
    const errors = (entry as { __errors?: string[] }).__errors ?? [];
    if (errors.length) result[name] = errors.map((text) => decodeMessage(text)!.code);
  }
  return result;
}

describe("the form's validator", () => {
  it('reports the same codes as the server-side ajv for the same data', () => {
    const validator = createFormValidator(userValidators, user as RJSFSchema);
    const data = { login: '1abc', firstName: 'A', lastName: 'Nowak', email: 'no', phoneNumber: '123', type: 'USER', password: 'weak' };
    const { errorSchema } = validator.validateFormData(data, user as RJSFSchema);
    const server = createAjv({ removeAdditional: true }).compile(user);
    server(structuredClone(data));
    const expected = Object.fromEntries(toValidationErrors(server.errors, (code) => code).map((e) => [e.property, e.errors.map((x) => x.code)]));
    expect(codesOf(errorSchema)).toEqual(expected);
    expect(codesOf(errorSchema)).toMatchObject({ login: ['INVALID_USER_LOGIN'], email: ['INVALID_EMAIL'], phoneNumber: ['INVALID_PHONE_NUMBER'], password: ['INVALID_USER_PASSWORD'] });
  });

  it('keeps the parameters of a message for the current language', () => {
    const validator = createFormValidator(programValidators, program as RJSFSchema);
    const { errorSchema } = validator.validateFormData({ name: 'x'.repeat(101), currency: 'PLN', budget: 5, budgetInterval: 'ONE_TIME' }, program as RJSFSchema);
    const name = decodeMessage((errorSchema.name as { __errors: string[] }).__errors[0]);
    expect(name).toEqual({ code: 'INVALID_MAX_LENGTH', params: { limit: 100 } });
    // The budget's own errorCode annotation wins over the keyword's code.
    expect(codesOf(errorSchema).budget).toEqual(['INVALID_MILIBILLION_VALUE']);
  });

  it("answers RJSF's if/then/else checks, so a required password shows on create only", () => {
    const validator = createFormValidator(userValidators, user as RJSFSchema);
    const utils = createSchemaUtils(validator, user as RJSFSchema);
    expect(utils.retrieveSchema(user as RJSFSchema, {}).required).toContain('password');
    expect(utils.retrieveSchema(user as RJSFSchema, { id: 5 }).required ?? []).not.toContain('password');
  });

  it('requires nothing in filter mode and checks what is given', () => {
    const validator = createFormValidator(filterValidators, recipientFilter as RJSFSchema, { ignoreRequired: true });
    expect(validator.validateFormData({ createdAt: { between: ['2024-05-01 12:00:00', null] } }, recipientFilter as RJSFSchema).errors).toEqual([]);
    const { errorSchema } = validator.validateFormData({ createdAt: { between: ['2024-05', null] } }, recipientFilter as RJSFSchema);
    expect(decodeMessage((errorSchema as any).createdAt.between[0].__errors[0])?.code).toBe('INVALID_DATE_STRING');
  });

  it('checks an edited schema by the last rules compiled until the new ones arrive (npm run dev)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const edited = { ...user, properties: { ...user.properties, nickname: { type: 'string' } } } as RJSFSchema;
      const live: PrecompiledValidators = { ...userValidators };
      const validator = createFormValidator(live, edited);
      const data = { login: '1abc', firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', phoneNumber: '+48601234567', type: 'USER', password: 'Secret123!' };
      expect(codesOf(validator.validateFormData(data, edited).errorSchema)).toEqual({ login: ['INVALID_USER_LOGIN'] });
      // The new module's functions replace the old ones in the same object; the form checks by them at once.
      const strict: PrecompiledValidators['root'] = (value) => {
        strict.errors = [{ keyword: 'maxLength', instancePath: '/firstName', schemaPath: '#/properties/firstName/maxLength', params: { limit: 3 } }];
        return !value;
      };
      live.root = strict;
      expect(codesOf(validator.validateFormData({ ...data, login: 'anna1' }, edited).errorSchema)).toEqual({ firstName: ['INVALID_MAX_LENGTH'] });
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });

  it('does not change the data it checks', () => {
    const validator = createFormValidator(userValidators, user as RJSFSchema);
    const data = { login: 'anna1', extra: 'kept' };
    validator.validateFormData(data, user as RJSFSchema);
    expect(data).toEqual({ login: 'anna1', extra: 'kept' });
  });
});

// A schema with what the project's forms do not all have yet: a nested object whose own if/then makes a field
// required, a catalogue format under that rule, and an errorCode annotation inside the nested object. Compiled by
// the build step's own functions, loaded as the browser loads it.
const address: RJSFSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['country'],
  properties: {
    country: { type: 'string', enum: ['PL', 'DE'] },
    postalCode: { type: 'string' },
    note: { type: 'string', maxLength: 5 },
    // errorCode is the catalogue's annotation, unknown to the JSON Schema types.
    amount: { type: 'integer', minimum: 10, errorCode: 'INVALID_MILIBILLION_VALUE' } as RJSFSchema,
  },
  if: { properties: { country: { const: 'PL' } }, required: ['country'] },
  then: { required: ['postalCode'], properties: { postalCode: { format: 'postalCode' } } },
};
const nested: RJSFSchema = { type: 'object', additionalProperties: false, properties: { address } };

describe('RJSF through the generated functions of a nested schema', () => {
  const scratch = path.join(root, '.tmp');
  let dir: string;
  let nestedValidators: PrecompiledValidators;
  const texts = i18next.createInstance();

  beforeAll(async () => {
    fs.mkdirSync(scratch, { recursive: true });
    dir = fs.mkdtempSync(path.join(scratch, 'form-validator-'));
    const formats = path.relative(dir, path.join(root, 'src/shared/validation/formats.ts')).split(path.sep).join('/');
    fs.writeFileSync(path.join(dir, 'nested.js'), commonJsToEsm(compileValidatorSource(nested as Record<string, unknown>, formats)));
    nestedValidators = (await import(/* @vite-ignore */ path.join(dir, 'nested.js'))).default as PrecompiledValidators;
    await texts.init({ lng: 'en', ns: ['validation'], resources: { en: { validation: enValidation } }, interpolation: { escapeValue: false } });
  }, 60_000);
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What RJSF's Form does on submit: resolve the schema for the data (if/then through isValid), then validate. */
  function submit(validators: PrecompiledValidators, schema: RJSFSchema, data: Record<string, unknown>, ignoreRequired = false) {
    const validator = createFormValidator(validators, schema, { ignoreRequired });
    const utils = createSchemaUtils(validator, schema);
    return utils.getValidator().validateFormData(data, utils.retrieveSchema(schema, data));
  }
  const field = (errorSchema: ErrorSchema, ...path: string[]) =>
    (path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errorSchema) as { __errors?: string[] } | undefined)?.__errors ?? [];
  const codes = (errors: string[]) => errors.map((text) => decodeMessage(text)?.code);
  const words = (errors: string[]) => errors.map((text) => messageText(texts.t, text));

  it('puts the messages of a nested field under that field, by catalogue code and in words', () => {
    const { errors, errorSchema } = submit(nestedValidators, nested, { address: { country: 'PL', postalCode: '1234', note: 'too long', amount: 5 } });
    expect(codes(field(errorSchema, 'address', 'postalCode'))).toEqual(['INVALID_POSTAL_CODE']);
    expect(codes(field(errorSchema, 'address', 'amount'))).toEqual(['INVALID_MILIBILLION_VALUE']);
    expect(words(field(errorSchema, 'address', 'note'))).toEqual(['Maximum number of characters: 5']);
    expect(words(field(errorSchema, 'address', 'postalCode'))).toEqual(['Postal code must be in the format NN-NNN']);
    // One entry per message, each on its field: nothing at the top of the form, no "must match then" repeat.
    expect(errors.map((e) => e.property).sort()).toEqual(['.address.amount', '.address.note', '.address.postalCode']);
  });

  it('applies a nested if/then rule only when its condition holds', () => {
    const utils = createSchemaUtils(createFormValidator(nestedValidators, nested), nested);
    expect(utils.retrieveSchema(address, { country: 'PL' }).required).toContain('postalCode');
    expect(utils.retrieveSchema(address, { country: 'DE' }).required).not.toContain('postalCode');

    const pl = submit(nestedValidators, nested, { address: { country: 'PL' } });
    expect(words(field(pl.errorSchema, 'address', 'postalCode'))).toEqual(['Field required']);
    expect(pl.errors).toHaveLength(1);
    expect(submit(nestedValidators, nested, { address: { country: 'DE' } }).errors).toEqual([]);
    // A filter drops REQUIRED from what it reports, not from the condition RJSF asks about.
    expect(submit(nestedValidators, nested, { address: { country: 'PL' } }, true).errors).toEqual([]);
    expect(codes(field(submit(nestedValidators, nested, { address: { country: 'PL', postalCode: 'x' } }, true).errorSchema, 'address', 'postalCode'))).toEqual(['INVALID_POSTAL_CODE']);
  });

  it("reports the program form's if/then rule on the fields it requires", () => {
    const data = { name: 'Promo', currency: 'PLN', budget: 1000, budgetInterval: 'ONE_TIME', reminderEnabled: true, reminderMessage: '' };
    const { errors, errorSchema } = submit(programValidators, program as RJSFSchema, data);
    expect(codesOf(errorSchema)).toEqual({ reminderDays: ['REQUIRED'], reminderHour: ['REQUIRED'], reminderMessage: ['REQUIRED'] });
    expect(errors.every((e) => e.property !== '')).toBe(true);
    expect(submit(programValidators, program as RJSFSchema, { ...data, reminderEnabled: false }).errors).toEqual([]);
  });

  it("answers RJSF's stand-in option of a oneOf / anyOf match as not matching, without an error", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const validator = createFormValidator(userValidators, user as RJSFSchema);
      expect(validator.isValid({ $id: JUNK_OPTION_ID, type: 'object' }, {}, user as RJSFSchema)).toBe(false);
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});
