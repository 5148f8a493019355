// The rules too heavy for every form (browser-rules.ts): the server's ajv always checks with the complete rule; the
// browser's precompiled validators (through formats.ts) check once what needs the rule has provided it.
import { describe, expect, it, vi } from 'vitest';
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { hasBrowserRule, provideBrowserRule } from '../../src/shared/validation/browser-rules.ts';
import { formats } from '../../src/shared/validation/formats.ts';
import { isIban } from '../../src/shared/validation/iban.ts';

const GOOD = 'PL61109010140000071219812874';
const BAD_CHECKSUM = 'PL61109010140000071219812875';

describe('the IBAN rule', () => {
  it('is complete on the server whatever the browser has loaded', () => {
    const check = createAjv().compile({ type: 'string', format: 'iban' });
    expect(check(GOOD)).toBe(true);
    expect(check(BAD_CHECKSUM)).toBe(false);
    expect(check('XX00')).toBe(false);
  });

  it('checks in the browser once the IBAN input (or the bank step) has provided it, and lets nothing through after', () => {
    expect(hasBrowserRule('iban')).toBe(false);
    // Before: no IBAN field is editable yet, so whatever is checked was not typed here.
    expect(formats.iban.validate(BAD_CHECKSUM)).toBe(true);
    provideBrowserRule('iban', isIban);
    expect(hasBrowserRule('iban')).toBe(true);
    expect(formats.iban.validate(BAD_CHECKSUM)).toBe(false);
    expect(formats.iban.validate(GOOD)).toBe(true);
  });

  it('comes with the IBAN input', async () => {
    vi.resetModules();
    const fresh = (await import('../../src/shared/validation/formats.ts')).formats;
    expect(fresh.iban.validate(BAD_CHECKSUM)).toBe(true);
    await import('../../src/client/renderer/widgets/IbanWidget.tsx');
    expect(fresh.iban.validate('PL62 1090 1014 0000 0712 1981 2874')).toBe(false);
  });
});
