// The browser's validator adapter over precompiled validators: catalogue codes as the server reports them, RJSF's
// condition checks (if/then/else) answered by the generated sub-schema functions, nothing required in filter mode.
import path from 'node:path';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeMessage } from '../../src/client/renderer/form/messages.ts';
import type { PrecompiledValidators } from '../../src/client/renderer/form/precompiled.ts';
import { createPrecompiledValidator } from '../../src/client/renderer/form/validator.ts';
import { createAjv, toValidationErrors } from '../../src/shared/validation/index.ts';
import { generateAll } from '../../tools/validators/generate.ts';
import user from '../../schemas/forms/user.json' with { type: 'json' };
import program from '../../schemas/forms/program.json' with { type: 'json' };
import recipientFilter from '../../schemas/filters/recipient.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');
const load = async (name: string) => (await import(`../../src/client/generated/validators/${name}.js`)).default as PrecompiledValidators;

let userValidators: PrecompiledValidators;
let programValidators: PrecompiledValidators;
let filterValidators: PrecompiledValidators;
beforeAll(async () => {
  generateAll(root);
  [userValidators, programValidators, filterValidators] = await Promise.all([load('forms-user'), load('forms-program'), load('filters-recipient')]);
});

/** Codes per field, as a form shows them. */
function codesOf(errorSchema: Record<string, unknown>): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, entry] of Object.entries(errorSchema)) {
    const errors = (entry as { __errors?: string[] }).__errors ?? [];
    if (errors.length) result[name] = errors.map((text) => decodeMessage(text)!.code);
  }
  return result;
}

describe('precompiled validator adapter', () => {
  it('reports the same codes as the server-side ajv for the same data', () => {
    const validator = createPrecompiledValidator(userValidators);
    const data = { login: '1abc', firstName: 'A', lastName: 'Nowak', email: 'no', phoneNumber: '123', type: 'USER', password: 'weak' };
    const { errorSchema } = validator.validateFormData(data, user as RJSFSchema);
    const server = createAjv({ removeAdditional: true }).compile(user);
    server(structuredClone(data));
    const expected = Object.fromEntries(toValidationErrors(server.errors, (code) => code).map((e) => [e.property, e.errors.map((x) => x.code)]));
    expect(codesOf(errorSchema)).toEqual(expected);
    expect(codesOf(errorSchema)).toMatchObject({ login: ['INVALID_USER_LOGIN'], email: ['INVALID_EMAIL'], phoneNumber: ['INVALID_PHONE_NUMBER'], password: ['INVALID_USER_PASSWORD'] });
  });

  it('keeps the parameters of a message for the current language', () => {
    const validator = createPrecompiledValidator(programValidators);
    const { errorSchema } = validator.validateFormData({ name: 'x'.repeat(101), currency: 'PLN', budget: 5, budgetInterval: 'ONE_TIME' }, program as RJSFSchema);
    const name = decodeMessage((errorSchema.name as { __errors: string[] }).__errors[0]);
    expect(name).toEqual({ code: 'INVALID_MAX_LENGTH', params: { limit: 100 } });
    // The budget's own errorCode annotation wins over the keyword's code.
    expect(codesOf(errorSchema).budget).toEqual(['INVALID_MILIBILLION_VALUE']);
  });

  it("answers RJSF's if/then/else checks, so a required password shows on create only", () => {
    const validator = createPrecompiledValidator(userValidators);
    const utils = createSchemaUtils(validator, user as RJSFSchema);
    expect(utils.retrieveSchema(user as RJSFSchema, {}).required).toContain('password');
    expect(utils.retrieveSchema(user as RJSFSchema, { id: 5 }).required ?? []).not.toContain('password');
  });

  it('requires nothing in filter mode and checks what is given', () => {
    const validator = createPrecompiledValidator(filterValidators, { ignoreRequired: true });
    expect(validator.validateFormData({ createdAt: { between: ['2024-05-01 12:00:00', null] } }, recipientFilter as RJSFSchema).errors).toEqual([]);
    const { errorSchema } = validator.validateFormData({ createdAt: { between: ['2024-05', null] } }, recipientFilter as RJSFSchema);
    expect(decodeMessage((errorSchema as any).createdAt.between[0].__errors[0])?.code).toBe('INVALID_DATE_STRING');
  });

  it('does not change the data it checks', () => {
    const validator = createPrecompiledValidator(userValidators);
    const data = { login: 'anna1', extra: 'kept' };
    validator.validateFormData(data, user as RJSFSchema);
    expect(data).toEqual({ login: 'anna1', extra: 'kept' });
  });
});
