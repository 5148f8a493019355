import { describe, expect, it } from 'vitest';
import en from '../../locales/en/validation.json' with { type: 'json' };
import pl from '../../locales/pl/validation.json' with { type: 'json' };
import { ADDED_CODES, ALL_CODES, CATALOGUE_CODES } from '../../src/shared/validation/codes.ts';
import { KEYWORD_CODES } from '../../src/shared/validation/errors.ts';
import { formats } from '../../src/shared/validation/formats.ts';

const catalogues: Record<string, Record<string, string>> = { en, pl };

describe('validation messages', () => {
  it('have exactly the same keys in English and Polish', () => {
    expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort());
  });

  it('exist in both languages for every catalogue code and every added code', () => {
    for (const [lang, messages] of Object.entries(catalogues)) {
      const missing = ALL_CODES.filter((code) => !messages[code]?.trim());
      expect(missing, `missing in ${lang}`).toEqual([]);
    }
  });

  it('exist for every code a format or an ajv keyword can report', () => {
    const used = new Set<string>([...KEYWORD_CODES, ...Object.values(formats).map((f) => f.code)]);
    for (const [lang, messages] of Object.entries(catalogues)) {
      expect([...used].filter((code) => !messages[code]), `missing in ${lang}`).toEqual([]);
    }
  });

  it('hold no key outside the known codes', () => {
    expect(Object.keys(en).filter((key) => !ALL_CODES.includes(key as never))).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const key of Object.keys(en)) expect(placeholders(pl[key as keyof typeof pl]), key).toEqual(placeholders(en[key as keyof typeof en]));
  });

  it('are translated: no Polish message is the English one', () => {
    const same = Object.keys(en).filter((key) => en[key as keyof typeof en] === pl[key as keyof typeof pl]);
    expect(same).toEqual([]);
  });

  it('keep the wording the spec gives', () => {
    expect(en).toMatchObject({
      REQUIRED: 'Field required',
      INVALID_PHONE_NUMBER: 'Given phone number is invalid',
      INVALID_EMAIL: 'Email is invalid',
      INVALID_IBAN: 'IBAN is invalid',
      FORBIDDEN_CHARACTERS: 'Field contains forbidden characters!',
      FILE_FORMAT_INVALID: 'File format is invalid',
      UNREADABLE_FILE: 'Unable to read file type!',
      VALUE_NOT_MATCH: 'Passwords must match',
      INVALID_CURRENT_PASSWORD: 'Invalid current password.',
      INVALID_MILIBILLION_VALUE: 'The amount must be at least 0.01',
    });
    expect(en.INVALID_SORT_CODE).toContain('NN-NN-NN');
    expect(en.INVALID_USER_PASSWORD).toContain('!@#$%^&');
  });

  it('keeps the added codes apart from the catalogue', () => {
    expect(ADDED_CODES.filter((code) => (CATALOGUE_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});
