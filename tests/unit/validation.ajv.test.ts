import { describe, expect, it } from 'vitest';
import en from '../../locales/en/validation.json' with { type: 'json' };
import pl from '../../locales/pl/validation.json' with { type: 'json' };
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { createAjv, createStandaloneAjv } from '../../src/shared/validation/ajv.ts';
import { messageFor, toValidationErrors, type PropertyErrors } from '../../src/shared/validation/errors.ts';

const schema = {
  type: 'object',
  properties: {
    login: { type: 'string', minLength: 1, format: 'username' },
    phoneNumber: { type: 'string', minLength: 1, format: 'phone' },
    newPassword: { type: 'string', minLength: 1, format: 'password' },
    confirmNewPassword: { type: 'string', minLength: 1, format: 'password', sameAs: 'newPassword' },
    firstName: { type: 'string', minLength: 1, maxLength: 50, pattern: '^\\p{L}{2,}$', errorCode: 'INVALID_FIRST_LAST_NAME' },
    title: { type: 'string', maxLength: 60 },
    message: { type: 'string', smsText: true },
    amount: { type: 'integer', minimum: 10, errorCode: 'INVALID_MILIBILLION_VALUE' },
    reminderDays: { type: 'integer', exclusiveMinimum: 0 },
    sendSms: { type: 'boolean' },
    status: { type: 'string', enum: ['TO_COLLECT', 'SUSPENDED'] },
    startDate: { type: 'string', format: 'dateTime' },
    endDate: { type: 'string', format: 'dateTime', formatMinimum: { $data: '1/startDate' } },
    recipients: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { iban: { type: 'string', format: 'iban' }, sortCode: { type: 'string', format: 'sortCode' } },
        required: ['iban'],
      },
    },
  },
  required: ['login', 'phoneNumber', 'newPassword', 'confirmNewPassword'],
};

const ajv = createAjv();
const validate = ajv.compile(schema);
const english = (code: string, params: Record<string, unknown>) => messageFor(en, code, params);

const valid = {
  login: 'jan2024',
  phoneNumber: '+48600123456',
  newPassword: 'Secret123!',
  confirmNewPassword: 'Secret123!',
};

function check(body: Record<string, unknown>): PropertyErrors[] {
  const ok = validate(body);
  const errors = toValidationErrors(validate.errors, english);
  expect(ok).toBe(errors.length === 0);
  return errors;
}

function errorsOf(result: PropertyErrors[], property: string) {
  return result.find((e) => e.property === property)?.errors;
}

describe('toValidationErrors with createAjv()', () => {
  it('accepts a valid body', () => {
    expect(check({ ...valid, firstName: 'Łucja', message: 'Hi', amount: 10, reminderDays: 1, recipients: [{ iban: 'PL61 1090 1014 0000 0712 1981 2874' }] })).toEqual([]);
  });

  it('reports a missing required property under its own name', () => {
    const result = check({ phoneNumber: valid.phoneNumber, newPassword: valid.newPassword, confirmNewPassword: valid.newPassword });
    expect(result).toEqual([{ property: 'login', errors: [{ code: 'REQUIRED', message: 'Field required' }] }]);
  });

  it('reports an empty required string only as "Field required"', () => {
    const result = check({ ...valid, login: '' });
    expect(result).toEqual([{ property: 'login', errors: [{ code: 'REQUIRED', message: 'Field required' }] }]);
  });

  it('reports a bad phone number with the spec message', () => {
    expect(errorsOf(check({ ...valid, phoneNumber: '+48 600' }), 'phoneNumber')).toEqual([
      { code: 'INVALID_PHONE_NUMBER', message: 'Given phone number is invalid' },
    ]);
  });

  it('reports mismatched passwords on the confirmation field', () => {
    const result = check({ ...valid, confirmNewPassword: 'Secret123@' });
    expect(result).toEqual([{ property: 'confirmNewPassword', errors: [{ code: 'VALUE_NOT_MATCH', message: 'Passwords must match' }] }]);
  });

  it('reports a weak password with the rule text', () => {
    const result = check({ ...valid, newPassword: 'secret', confirmNewPassword: 'secret' });
    expect(errorsOf(result, 'newPassword')).toEqual([{ code: 'INVALID_USER_PASSWORD', message: en.INVALID_USER_PASSWORD }]);
    expect(errorsOf(result, 'confirmNewPassword')).toEqual([{ code: 'INVALID_USER_PASSWORD', message: en.INVALID_USER_PASSWORD }]);
  });

  it('lets an optional password stay empty but checks it once typed', () => {
    const v = createAjv().compile({ type: 'object', properties: { password: { type: 'string', format: 'password' } } });
    expect(v({ password: '' })).toBe(true);
    expect(v({})).toBe(true);
    expect(v({ password: 'weak' })).toBe(false);
    expect(toValidationErrors(v.errors, english)).toEqual([{ property: 'password', errors: [{ code: 'INVALID_USER_PASSWORD', message: en.INVALID_USER_PASSWORD }] }]);
  });

  it('reports every failing field at once', () => {
    const result = check({ ...valid, login: '1abc', phoneNumber: 'x', title: 'x'.repeat(61) });
    expect(result.map((e) => e.property).sort()).toEqual(['login', 'phoneNumber', 'title']);
    expect(errorsOf(result, 'login')?.[0].code).toBe('INVALID_USER_LOGIN');
    expect(errorsOf(result, 'title')).toEqual([{ code: 'INVALID_MAX_LENGTH', message: 'Maximum number of characters: 60' }]);
  });

  it('gives nested properties a dotted path', () => {
    const result = check({ ...valid, recipients: [{ iban: 'PL61109010140000071219812874' }, { iban: 'PL00', sortCode: '123456' }, {}] });
    expect(result).toEqual([
      { property: 'recipients.1.iban', errors: [{ code: 'INVALID_IBAN', message: 'IBAN is invalid' }] },
      { property: 'recipients.1.sortCode', errors: [{ code: 'INVALID_SORT_CODE', message: 'Sort code must be in the format NN-NN-NN' }] },
      { property: 'recipients.2.iban', errors: [{ code: 'REQUIRED', message: 'Field required' }] },
    ]);
  });

  it('reports an empty list as ARRAY_IS_EMPTY and a wrong type by its kind', () => {
    const result = check({ ...valid, recipients: [], amount: '10', sendSms: 'yes', status: 'PAID' });
    expect(errorsOf(result, 'recipients')?.[0].code).toBe('ARRAY_IS_EMPTY');
    expect(errorsOf(result, 'amount')?.[0].code).toBe('INVALID_MILIBILLION_VALUE');
    expect(errorsOf(result, 'sendSms')?.[0].code).toBe('INVALID_BOOLEAN');
    expect(errorsOf(result, 'status')?.[0].code).toBe('INVALID_ENUM');
  });

  it('applies an errorCode annotation to the property it is written on', () => {
    expect(errorsOf(check({ ...valid, firstName: 'J4n' }), 'firstName')).toEqual([{ code: 'INVALID_FIRST_LAST_NAME', message: 'Letters only, at least 2' }]);
    expect(errorsOf(check({ ...valid, amount: 9 }), 'amount')).toEqual([{ code: 'INVALID_MILIBILLION_VALUE', message: 'The amount must be at least 0.01' }]);
    // ... but an empty value is still "Field required"
    expect(errorsOf(check({ ...valid, firstName: '' }), 'firstName')).toEqual([{ code: 'REQUIRED', message: 'Field required' }]);
  });

  it('states the limit of a minimum in the message (an exclusive integer minimum as the first allowed value)', () => {
    expect(errorsOf(check({ ...valid, reminderDays: 0 }), 'reminderDays')).toEqual([{ code: 'INVALID_MIN_VALUE', message: 'The value must be at least 1' }]);
    expect(errorsOf(check({ ...valid, reminderDays: 1.5 }), 'reminderDays')?.[0].code).toBe('INVALID_NUMBER');
  });

  it('flags a too long SMS text', () => {
    expect(check({ ...valid, message: 'a'.repeat(560) })).toEqual([]);
    expect(errorsOf(check({ ...valid, message: 'ą'.repeat(281) }), 'message')).toEqual([{ code: 'INVALID_SMS_CONTENT_LENGTH', message: 'Message is too long' }]);
  });

  it('checks the date string format and that the end is not before the start', () => {
    expect(errorsOf(check({ ...valid, startDate: '2024-02-30 12:00:00' }), 'startDate')?.[0].code).toBe('INVALID_DATE_STRING');
    expect(check({ ...valid, startDate: '2024-05-01 12:00:00', endDate: '2024-05-01 12:00:00' })).toEqual([]);
    expect(errorsOf(check({ ...valid, startDate: '2024-05-01 12:00:00', endDate: '2024-04-30 23:59:59' }), 'endDate')).toEqual([
      { code: 'INVALID_MIN_DATE', message: 'The date must be 2024-05-01 12:00:00 or later' },
    ]);
  });

  it('reports a body that is not an object at the root', () => {
    expect(check([] as unknown as Record<string, unknown>)).toEqual([{ property: '', errors: [{ code: 'ARRAY_OR_OBJECT_REQUIRED', message: 'Invalid data structure' }] }]);
  });

  it('handles no errors at all', () => {
    expect(toValidationErrors(null, english)).toEqual([]);
    expect(toValidationErrors(undefined, english)).toEqual([]);
  });

  it('unescapes JSON pointer segments in property names', () => {
    const v = createAjv().compile({ type: 'object', properties: { 'a/b': { type: 'object', properties: { 'c~d': { type: 'number' } } } } });
    v({ 'a/b': { 'c~d': 'x' } });
    expect(toValidationErrors(v.errors, english)).toEqual([{ property: 'a/b.c~d', errors: [{ code: 'INVALID_NUMBER', message: 'Enter a valid number' }] }]);
  });

  it('takes messages in the caller\'s language', () => {
    validate({ ...valid, login: '' });
    expect(toValidationErrors(validate.errors, (code, params) => messageFor(pl, code, params))).toEqual([
      { property: 'login', errors: [{ code: 'REQUIRED', message: 'Pole wymagane' }] },
    ]);
  });
});

describe('keywords and strict mode', () => {
  it('refuses sameAs on the root value', () => {
    expect(() => createAjv().compile({ type: 'string', sameAs: 'x' })).toThrow(/sameAs/);
  });

  it('refuses an unknown format or keyword (strict mode)', () => {
    expect(() => createAjv().compile({ type: 'string', format: 'nope' })).toThrow();
    expect(() => createAjv().compile({ type: 'string', nope: true })).toThrow();
  });

  it('does not trim or change the data', () => {
    const v = createAjv().compile({ type: 'object', properties: { a: { type: 'string', format: 'postalCode' } } });
    const body = { a: ' 00-950 ' };
    expect(v(body)).toBe(false);
    expect(body.a).toBe(' 00-950 ');
  });

  it('fills defaults and leaves additional properties to the caller', () => {
    const v = createAjv().compile({ type: 'object', properties: { page: { type: 'integer', default: 1 } } });
    const body: Record<string, unknown> = { extra: true };
    expect(v(body)).toBe(true);
    expect(body).toEqual({ extra: true, page: 1 });
  });
});

describe("the server's formats", () => {
  const text = (format: string) => createAjv().compile({ type: 'string', format });

  it("checks ajv-formats' standard formats", () => {
    expect(text('uri')('https://example.com/a?b=c')).toBe(true);
    expect(text('uri')('no scheme')).toBe(false);
    expect(text('uuid')('0b7e2c7a-5b1d-4c2f-9d6e-3f1a2b3c4d5e')).toBe(true);
    expect(text('uuid')('0b7e2c7a')).toBe(false);
    expect(text('ipv4')('192.168.0.1')).toBe(true);
    expect(text('ipv4')('192.168.0.256')).toBe(false);
    expect(text('hostname')('example.com')).toBe(true);
    expect(text('hostname')('-bad-.com')).toBe(false);
  });

  it("has ajv-formats' date and date-time, with their order for formatMinimum", () => {
    const ajv = createAjv();
    expect(ajv.formats.date).toBe(fullFormats.date);
    expect(ajv.formats['date-time']).toBe(fullFormats['date-time']);
    expect(text('date')('2024-02-29')).toBe(true);
    expect(text('date')('2023-02-29')).toBe(false);
    expect(text('date-time')('2024-05-01T12:00:00Z')).toBe(true);
    // A date-time names its zone.
    expect(text('date-time')('2024-05-01T12:00:00')).toBe(false);
    const range = ajv.compile({
      type: 'object',
      properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date', formatMinimum: { $data: '1/from' } } },
    });
    expect(range({ from: '2024-05-01', to: '2024-04-30' })).toBe(false);
    expect(toValidationErrors(range.errors, english)).toEqual([{ property: 'to', errors: [{ code: 'INVALID_MIN_DATE', message: messageFor(en, 'INVALID_MIN_DATE', { limit: '2024-05-01' }) }] }]);
    expect(range({ from: '2024-05-01', to: '2024-05-01' })).toBe(true);
  });

  it("keeps the catalogue's own rule and code where ajv-formats names the same format", () => {
    // ajv-formats' email accepts a one-letter top-level domain; the catalogue's does not, in the browser and here.
    expect(fullFormats.email).toBeInstanceOf(RegExp);
    expect((fullFormats.email as RegExp).test('anna@example.c')).toBe(true);
    const email = text('email');
    expect(email('anna@example.c')).toBe(false);
    expect(toValidationErrors(email.errors, english)).toEqual([{ property: '', errors: [{ code: 'INVALID_EMAIL', message: en.INVALID_EMAIL }] }]);
    // ajv-formats' password accepts anything; the catalogue's asks for a strong one.
    expect(text('password')('weak')).toBe(false);
  });

  it('leaves the standard formats out of the precompiled validators, whose code reaches formats.ts only', () => {
    expect(() => createStandaloneAjv().compile({ type: 'string', format: 'uri' })).toThrow(/uri/);
    expect(createStandaloneAjv().compile({ type: 'string', format: 'date' })('2024-02-30')).toBe(false);
  });
});

describe('messageFor', () => {
  it('fills {{param}} placeholders', () => {
    expect(messageFor(en, 'INVALID_MIN_LENGTH', { limit: 8 })).toBe('Minimum number of characters: 8');
    expect(messageFor(pl, 'INVALID_MAX_LENGTH', { limit: 60 })).toBe('Maksymalna liczba znaków: 60');
  });

  it('falls back to the generic message for an unknown code', () => {
    expect(messageFor(en, 'NO_SUCH_CODE', {})).toBe(en.VALIDATION_ERROR);
    expect(messageFor({}, 'NO_SUCH_CODE')).toBe('NO_SUCH_CODE');
  });
});

describe('precompiled (standalone) validators', () => {
  it('work with the catalogue formats and keywords, reaching formats through one module export', async () => {
    const { _ } = await import('ajv');
    const standaloneCode = (await import('ajv/dist/standalone/index.js')).default;
    const formatsModule = await import('../../src/shared/validation/formats.ts');
    // The browser's phone rule, as the phone input loads it.
    await import('../../src/shared/validation/phone-mobile.ts');
    const aot = createStandaloneAjv({ code: { source: true, formats: _`require("./formats").formats` } });
    const source = standaloneCode(aot, aot.compile(schema));

    // Evaluate the CommonJS output with a require that serves only the modules it names.
    const modules: Record<string, unknown> = {
      './formats': formatsModule,
      'ajv/dist/runtime/ucs2length': await import('ajv/dist/runtime/ucs2length.js'),
      'ajv/dist/runtime/equal': await import('ajv/dist/runtime/equal.js'),
    };
    const fakeRequire = (id: string) => {
      if (!(id in modules)) throw new Error(`unexpected require ${id}`);
      return modules[id];
    };
    const mod = { exports: {} as Record<string, unknown> };
    new Function('require', 'module', 'exports', source)(fakeRequire, mod, mod.exports);
    const aotValidate = mod.exports.default as typeof validate;

    const body = { ...valid, confirmNewPassword: 'Other123!', phoneNumber: 'x', message: 'ą'.repeat(281), startDate: '2024-05-01 12:00:00', endDate: '2024-04-01 12:00:00' };
    expect(aotValidate(body)).toBe(false);
    expect(toValidationErrors(aotValidate.errors, english)).toEqual(check(body));
    expect(aotValidate(valid)).toBe(true);
  });
});
