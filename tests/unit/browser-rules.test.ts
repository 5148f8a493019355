// The rules too heavy for every form (browser-rules.ts): the server's ajv always checks with the complete rule; the
// browser's precompiled validators (through formats.ts) check once what needs the rule has provided it.
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it, vi } from 'vitest';
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { hasBrowserRule, provideBrowserRule } from '../../src/shared/validation/browser-rules.ts';
import { DEFERRED_FORMATS, IMPORT_CHECK_RULES, RULE_INPUTS } from '../../src/shared/validation/browser-rule-inputs.ts';
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

describe('the URL rules that judge a host (safeUrl, webhookUrl)', () => {
  const PRIVATE_HOOK = 'http://10.0.0.2/hook';
  const PUBLIC_HOOK = 'https://hooks.example.com/payouts';

  it('are complete on the server whatever the browser has loaded', () => {
    const ajv = createAjv();
    const webhook = ajv.compile({ type: 'string', format: 'webhookUrl' });
    const safe = ajv.compile({ type: 'string', format: 'safeUrl' });
    expect(webhook(PUBLIC_HOOK)).toBe(true);
    expect(webhook(PRIVATE_HOOK)).toBe(false);
    expect(webhook('https://[2002:7f00:1::]/hook')).toBe(false);
    expect(webhook('ftp://files.example.org/in')).toBe(false);
    expect(safe('ftp://files.example.org/a.txt')).toBe(true);
    expect(safe('http://169.254.169.254/latest/meta-data')).toBe(false);
  });

  it('come with the URL input, which gives the browser the same answers as the server', async () => {
    vi.resetModules();
    const rules = await import('../../src/shared/validation/browser-rules.ts');
    const fresh = (await import('../../src/shared/validation/formats.ts')).formats;
    // Before: no URL field is editable yet, so whatever is checked was not typed here.
    expect(rules.hasBrowserRule('webhookUrl')).toBe(false);
    expect(fresh.webhookUrl.validate(PRIVATE_HOOK)).toBe(true);
    await import('../../src/client/renderer/widgets/UrlWidget.tsx');
    const server = createAjv();
    for (const [format, values] of [
      ['webhookUrl', [PUBLIC_HOOK, PRIVATE_HOOK, 'https://[::ffff:127.0.0.1]/', 'http://intranet/', 'ftp://files.example.org/in', 'https://8.8.8.8/hook']],
      ['safeUrl', ['https://example.com', 'ftp://files.example.org/a.txt', 'http://192.168.1.1/', 'https://localhost/', 'http://[fe80::1]/']],
    ] as const) {
      const check = server.compile({ type: 'string', format });
      for (const value of values) expect(fresh[format].validate(value), `${format} ${value}`).toBe(check(value));
    }
    expect(fresh.webhookUrl.validate(PRIVATE_HOOK)).toBe(false);
    expect(fresh.safeUrl.validate('http://192.168.1.1/')).toBe(false);
    expect(fresh.webhookUrl.code).toBe('INVALID_WEBHOOK_URL');
    expect(fresh.safeUrl.code).toBe('INVALID_URL');
  });
});

type Found = [keys: string[], format: keyof typeof RULE_INPUTS];

/** The properties of a schema (nested objects and array items included) whose format is one of `names`, by path. */
function propertiesWithFormat(schema: unknown, names: readonly string[], keys: string[] = [], found: Found[] = []): Found[] {
  if (!schema || typeof schema !== 'object') return found;
  const node = schema as { format?: unknown; properties?: Record<string, unknown>; items?: unknown };
  if (typeof node.format === 'string' && names.includes(node.format)) found.push([keys, node.format as Found[1]]);
  for (const [key, child] of Object.entries(node.properties ?? {})) propertiesWithFormat(child, names, [...keys, key], found);
  if (node.items) propertiesWithFormat(node.items, names, [...keys, 'items'], found);
  return found;
}

describe('forms that check a URL by its host', () => {
  const formsDir = path.resolve(import.meta.dirname, '../../schemas/forms');
  const forms = fs
    .readdirSync(formsDir)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
    .map((file) => [file, JSON.parse(fs.readFileSync(path.join(formsDir, file), 'utf8')) as unknown] as const)
    .map(([file, schema]) => [file, propertiesWithFormat(schema, DEFERRED_FORMATS.filter((format) => RULE_INPUTS[format] === 'url'))] as const)
    .filter(([, found]) => found.length > 0);

  it('include the webhook endpoint form', () => expect(forms.map(([file]) => file)).toContain('webhook-endpoint.json'));

  // Only the URL input brings the rule to the browser: a field shown by another input would never be checked there.
  it.each(forms)('%s shows each such field with the URL input', (file, found) => {
    const hints = JSON.parse(fs.readFileSync(path.join(formsDir, file.replace(/\.json$/, '.ui.json')), 'utf8')) as unknown;
    for (const [keys, format] of found) {
      const hint = keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], hints);
      expect((hint as Record<string, unknown> | undefined)?.['ui:widget'], keys.join('.')).toBe(RULE_INPUTS[format]);
    }
  });
});

// `npm run validate` holds every form to these (tools/validate/checkRuleInputs.ts): they must say what really happens.
describe('what brings each rule to the browser (browser-rule-inputs.ts)', () => {
  it.each(Object.entries(RULE_INPUTS))('the %s rule comes with the "%s" input', async (rule, input) => {
    vi.resetModules();
    const rules = await import('../../src/shared/validation/browser-rules.ts');
    const { lazyWidgetChunks } = await import('../../src/client/renderer/chunks.ts');
    expect(rules.hasBrowserRule(rule as keyof typeof RULE_INPUTS)).toBe(false);
    await lazyWidgetChunks[input].load();
    expect(rules.hasBrowserRule(rule as keyof typeof RULE_INPUTS)).toBe(true);
  });

  it('the import page\'s check of a file brings the rules listed for it, and no other', async () => {
    vi.resetModules();
    const rules = await import('../../src/shared/validation/browser-rules.ts');
    const { checkWorkbook } = await import('../../src/client/renderer/import/workerCheck.ts');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Phone number'], ['+48 601 000 001']]), 'Sheet1');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer).buffer;
    const spec = { descriptor: { form: 'schemas/forms/recipient.json', columns: [{ field: 'phoneNumber', kind: 'phone' as const }] }, form: { properties: { phoneNumber: {} } } };
    const accept = Object.assign(() => true, { errors: null });
    await checkWorkbook(XLSX as never, { bytes, spec, titles: { en: {}, pl: {} }, lang: 'en', maxText: 1_000_000 }, async () => accept);
    for (const rule of DEFERRED_FORMATS) expect(rules.hasBrowserRule(rule), rule).toBe(IMPORT_CHECK_RULES.includes(rule));
  });
});
