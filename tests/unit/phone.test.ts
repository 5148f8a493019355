// The phone rule: a valid mobile number (payout recipients receive SMS). The server checks it with libphonenumber's
// complete metadata; the browser's precompiled validators, the phone input and the phone login with the mobile-only
// metadata. Both sides must refuse numbers that only have a plausible length, and agree with each other.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { _ } from 'ajv';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/mobile/examples';
import maxMetadata from 'libphonenumber-js/max/metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { hasBrowserPhoneRule } from '../../src/shared/validation/browser-phone-rule.ts';
import * as formatsModule from '../../src/shared/validation/formats.ts';
import { isPhone, normalisePhone } from '../../src/shared/validation/rules.ts';
import { phoneForRequest } from '../../src/client/core/phoneInput.ts';
import { compileValidatorSource } from '../../tools/validators/compile.ts';

/** The browser's phone metadata, as the phone input loads it. */
const loadBrowserPhone = () => import('../../src/shared/validation/phone-mobile.ts');

const repo = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const recipientSchema = JSON.parse(fs.readFileSync(path.join(repo, 'schemas/forms/recipient.json'), 'utf8')) as Record<string, unknown>;
const recipient = (phoneNumber: string) => ({ firstName: 'Jan', lastName: 'Kowalski', phoneNumber });

const GARBAGE = [
  // Right length for Poland, but no Polish range starts with 11.
  '+48111111111',
  // A Polish mobile cut short (7 national digits).
  '+485965442',
  // A US number without its +1: the digits must not be read as an Egyptian +20 number...
  '2019657502',
  // ...nor does the Egyptian reading pass when written out: 8 digits after +20 are no Egyptian mobile.
  '+2019657502',
];
const LANDLINES = ['+48221234567', '+442079460000', '+4930123456'];
const MOBILES = ['+48600123456', '+48512345678', '+447911123456', '+12015550123', '+12125550123', '+4915123456789', '+491701234567'];

/** The browser's validator of the recipient form, built as the client build builds it and run with the formats module. */
function precompiledRecipientValidator(): (data: unknown) => boolean {
  const source = compileValidatorSource(recipientSchema, './formats');
  const modules: Record<string, unknown> = { './formats': formatsModule };
  const fakeRequire = (id: string) => {
    if (id in modules) return modules[id];
    if (id.startsWith('ajv/dist/runtime/')) return require(id);
    throw new Error(`unexpected require ${id}`);
  };
  const mod = { exports: {} as Record<string, (data: unknown) => boolean> };
  new Function('require', 'module', 'exports', source)(fakeRequire, mod, mod.exports);
  return mod.exports.root;
}

const serverValidate = createAjv({ removeAdditional: true }).compile(recipientSchema);
function serverPhoneErrors(phoneNumber: string): string[] {
  serverValidate(recipient(phoneNumber));
  return (serverValidate.errors ?? []).filter((e) => e.instancePath === '/phoneNumber').map((e) => String(e.keyword));
}

describe('on the server (complete metadata)', () => {
  it.each(GARBAGE)('refuses %s', (value) => {
    expect(isPhone(value)).toBe(false);
    expect(normalisePhone(value, 'PL')).toBeNull();
    expect(serverPhoneErrors(value)).toEqual(['format']);
  });

  it.each(LANDLINES)('refuses the landline %s: no SMS reaches it', (value) => {
    expect(isPhone(value)).toBe(false);
    expect(normalisePhone(value)).toBeNull();
  });

  it.each(MOBILES)('accepts the mobile %s', (value) => {
    expect(isPhone(value)).toBe(true);
    expect(normalisePhone(value)).toBe(value);
    expect(serverPhoneErrors(value)).toEqual([]);
  });

  it('reads a number without a dial code as a Polish one (spec: Poland is the preferred phone country)', () => {
    expect(normalisePhone('600123456')).toBe('+48600123456');
    expect(normalisePhone('48600123456')).toBe('+48600123456');
    expect(normalisePhone('0048600123456')).toBe('+48600123456');
    expect(normalisePhone('2019657502')).toBeNull();
    expect(normalisePhone('2019657502', 'US')).toBe('+12019657502');
  });
});

describe('the browser phone rule', () => {
  it('reaches the precompiled validators when the phone metadata loads, not before', async () => {
    expect(hasBrowserPhoneRule()).toBe(false);
    await loadBrowserPhone();
    expect(hasBrowserPhoneRule()).toBe(true);
    expect(formatsModule.formats.phone.validate('+48111111111')).toBe(false);
  });
});

describe('in the browser (mobile-only metadata)', () => {
  const validate = precompiledRecipientValidator();
  beforeAll(loadBrowserPhone);

  it.each(GARBAGE)('the precompiled form validator refuses %s', (value) => {
    expect(formatsModule.formats.phone.validate(value)).toBe(false);
    expect(validate(recipient(value))).toBe(false);
  });

  it.each(LANDLINES)('the precompiled form validator refuses the landline %s', (value) => {
    expect(validate(recipient(value))).toBe(false);
  });

  it.each(MOBILES)('the precompiled form validator accepts %s', (value) => {
    expect(validate(recipient(value))).toBe(true);
  });

  it('the phone login sends a number it cannot read as typed (the server then refuses it), never under another dial code', async () => {
    expect(await phoneForRequest('600 123 456')).toBe('+48600123456');
    expect(await phoneForRequest('2019657502')).toBe('2019657502');
    expect(await phoneForRequest('+48 111 111 111')).toBe('+48 111 111 111');
  });
});

describe('both sides', () => {
  beforeAll(loadBrowserPhone);
  it('give the same answer for numbers near every country’s mobile ranges', () => {
    // Example mobiles with their last digits changed (and one digit more or fewer): valid and invalid numbers of
    // every country, from a fixed seed so a failure repeats.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    let accepted = 0;
    for (const country of getCountries(maxMetadata)) {
      const example = (examples as Record<string, string | undefined>)[country];
      if (!example) continue;
      const dialCode = getCountryCallingCode(country, maxMetadata);
      for (let i = 0; i < 20; i++) {
        const keep = Math.floor(random() * example.length);
        const national = example.slice(0, keep) + digits(Math.max(0, example.length - keep + Math.floor(random() * 3) - 1));
        const number = `+${dialCode}${national}`;
        const server = isPhone(number);
        expect(formatsModule.formats.phone.validate(number), number).toBe(server);
        if (server) accepted++;
      }
    }
    // The sample holds plenty of valid numbers, not only refusals.
    expect(accepted).toBeGreaterThan(1000);
  });

  it('the example mobile of every country passes', () => {
    for (const country of getCountries(maxMetadata)) {
      const example = (examples as Record<string, string | undefined>)[country];
      if (!example) continue;
      const number = parsePhoneNumberFromString(example, country, maxMetadata)!.number;
      expect(isPhone(number), `${country} ${number}`).toBe(true);
      expect(formatsModule.formats.phone.validate(number), `${country} ${number}`).toBe(true);
    }
  });
});
