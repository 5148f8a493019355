// Money has at most two decimals (spec 001, "Money | at most two decimals"): the wholeCents keyword refuses an amount
// in thousandths that is not a whole number of cents, with the money message, and npm run validate finds a money
// property without it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/validation.json' with { type: 'json' };
import pl from '../../locales/pl/validation.json' with { type: 'json' };
import program from '../../schemas/forms/program.json' with { type: 'json' };
import type { PrecompiledValidators } from '../../src/client/core/precompiledValidators.ts';
import { decodeMessage } from '../../src/client/renderer/form/messages.ts';
import { createFormValidator } from '../../src/client/renderer/form/validator.ts';
import { generateAll } from '../../tools/validators/generate.ts';
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { messageFor, toValidationErrors } from '../../src/shared/validation/errors.ts';
import { checkMoney } from '../../tools/validate/checkMoney.ts';
import type { Project } from '../../tools/validate/project.ts';

const amountSchema = { type: 'integer', minimum: 10, maximum: 1_000_000_000_000_000, wholeCents: true, errorCode: 'INVALID_MILIBILLION_VALUE' };
const validate = createAjv().compile({ type: 'object', properties: { amount: amountSchema } });
const english = (code: string, params: Record<string, unknown>) => messageFor(en as Record<string, string>, code, params);

function errorsOf(amount: unknown) {
  validate({ amount });
  return toValidationErrors(validate.errors, english);
}

describe('the wholeCents keyword', () => {
  it('accepts whole cents: 0.01, 12.35, 1500.00', () => {
    for (const amount of [10, 12_350, 1_500_000]) expect(errorsOf(amount)).toEqual([]);
  });

  it('refuses 12.345 with INVALID_AMOUNT and the message, not the minimum code the schema names', () => {
    expect(errorsOf(12_345)).toEqual([
      { property: 'amount', errors: [{ code: 'INVALID_AMOUNT', message: 'Enter a valid amount with at most 2 decimal places' }] },
    ]);
  });

  it('refuses 0.005 for being under 0.01 only: one message for the one thing to fix', () => {
    expect(errorsOf(5)).toEqual([{ property: 'amount', errors: [{ code: 'INVALID_MILIBILLION_VALUE', message: 'The amount must be at least 0.01' }] }]);
  });

  it('refuses a fraction of a thousandth too', () => {
    const codes = errorsOf(12_340.5)[0].errors.map((e) => e.code);
    expect(codes).toContain('INVALID_AMOUNT');
  });

  it('does nothing when false, and leaves text to the type check', () => {
    const off = createAjv().compile({ type: 'integer', wholeCents: false });
    expect(off(12_345)).toBe(true);
    expect(errorsOf('12.345')).toEqual([{ property: 'amount', errors: [{ code: 'INVALID_MILIBILLION_VALUE', message: 'The amount must be at least 0.01' }] }]);
  });

  it('has its message in both languages', () => {
    expect(en.INVALID_AMOUNT).toBe('Enter a valid amount with at most 2 decimal places');
    expect(pl.INVALID_AMOUNT).toBe('Wpisz poprawną kwotę z najwyżej 2 miejscami po przecinku');
  });
});

describe("the browser's precompiled validators", () => {
  it('refuse a budget of 12.345 in the program form with the same code as the server', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    generateAll(root);
    const url = pathToFileURL(path.join(root, 'src/client/generated/validators/forms-program.js')).href;
    const validators = (await import(/* @vite-ignore */ url)).default as PrecompiledValidators;
    const validator = createFormValidator(validators, program as RJSFSchema);
    const budgetCodes = (budget: number) => {
      const { errorSchema } = validator.validateFormData({ name: 'Bonuses', currency: 'PLN', budget, budgetInterval: 'ONE_TIME' }, program as RJSFSchema);
      return ((errorSchema.budget as { __errors?: string[] } | undefined)?.__errors ?? []).map((text) => decodeMessage(text)!.code);
    };
    expect(budgetCodes(12_345)).toEqual(['INVALID_AMOUNT']);
    expect(budgetCodes(12_350)).toEqual([]);
  });
});

function projectOf(files: Record<string, unknown>): Project {
  return {
    root: '/nowhere',
    schemaFiles: new Map(Object.entries(files)),
    schemaPaths: new Set(Object.keys(files)),
    locales: new Map(),
    localeFiles: new Set(),
  };
}

describe('npm run validate: every money property carries wholeCents', () => {
  const { wholeCents: _rule, ...withoutRule } = amountSchema;
  const plainInteger = { type: 'integer', minimum: 0 };

  it('passes the repository form when each money property has it', () => {
    const project = projectOf({
      'schemas/forms/gift.json': { type: 'object', properties: { amount: amountSchema, count: plainInteger } },
      'schemas/forms/gift.ui.json': { amount: { 'ui:widget': 'money' } },
    });
    expect(checkMoney(project)).toEqual([]);
  });

  it('names a property with the amount code, one with the money input, and one an import reads an amount into', () => {
    const project = projectOf({
      'schemas/forms/gift.json': { type: 'object', properties: { amount: withoutRule, budget: plainInteger, total: plainInteger } },
      'schemas/forms/gift.ui.json': { budget: { 'ui:widget': 'money' } },
      'schemas/imports/gift.json': { form: 'schemas/forms/gift.json', columns: [{ field: 'total', kind: 'amount' }] },
    });
    const found = checkMoney(project).map((p) => `${p.file} ${p.path}`);
    expect(found).toEqual([
      'schemas/forms/gift.json /properties/amount',
      'schemas/forms/gift.json /properties/budget',
      'schemas/forms/gift.json /properties/total',
    ]);
  });
});
