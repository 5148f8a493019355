// The ajv setups: the server's (request bodies, list filters, the schema checks of tools/validate) and the build
// step's, which precompiles the browser validators. Both hold the catalogue's formats and keywords.
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { formatLimitDefinition } from 'ajv-formats/dist/limit.js';
import { formats } from './formats.ts';
import { keywords } from './keywords.ts';
import { isIban } from './iban.ts';
import { isPhone } from './phone-max.ts';
import { isSafeUrl, isWebhookUrl } from './urls.ts';

// Request bodies are checked against libphonenumber's complete metadata, the complete IBAN rule and the URL rules
// that judge a host's address; formats.ts carries the browser's lighter or deferred checks of the same rules (the
// IBAN's and the URLs' provided by what needs them, browser-rules.ts).
const serverRules: Partial<Record<string, object>> = {
  phone: { ...formats.phone, validate: isPhone },
  iban: { ...formats.iban, validate: isIban },
  safeUrl: { ...formats.safeUrl, validate: isSafeUrl },
  webhookUrl: { ...formats.webhookUrl, validate: isWebhookUrl },
};

// ajv-formats' own on the server; formats.ts writes these out for the browser (isoDates.ts, held to ajv-formats'
// answers by tests/unit/iso-dates.test.ts), where importing ajv-formats would bring its whole table of formats.
const STANDARD_ON_SERVER: ReadonlySet<string> = new Set(['date', 'date-time']);

/**
 * Draft-07 ajv as both setups want it. verbose is on so each error carries its parentSchema: toValidationErrors reads
 * the `errorCode` annotation there.
 */
function baseAjv(options: Options): Ajv {
  return new Ajv({
    allErrors: true,
    strict: true,
    $data: true,
    coerceTypes: false,
    useDefaults: true,
    verbose: true,
    ...options,
  });
}

/**
 * The server's ajv: ajv-formats' standard formats (date, date-time, uri, uuid, ipv4, … in full mode) and its
 * formatMinimum / formatMaximum keywords (dates such as endDate on or after startDate, with $data), then the
 * catalogue's formats, which replace ajv-formats' where both name one (email, password), and keywords. Callers may
 * add options, e.g. removeAdditional.
 */
export function createAjv(options: Options = {}): Ajv {
  const ajv = baseAjv(options);
  addFormats(ajv, { mode: 'full', keywords: true });
  for (const [name, entry] of Object.entries(formats)) {
    if (!STANDARD_ON_SERVER.has(name)) ajv.addFormat(name, (serverRules[name] ?? entry) as typeof entry);
  }
  for (const keyword of keywords) ajv.addKeyword(keyword);
  return ajv;
}

/**
 * The build step's ajv, for standalone code: exactly the formats of formats.ts, which the generated code reaches by
 * name through that module (`code.formats`), so a schema naming any other format fails to compile rather than
 * failing in the page; the catalogue's keywords and formatMinimum / formatMaximum.
 */
export function createStandaloneAjv(options: Options = {}): Ajv {
  const ajv = baseAjv(options);
  for (const [name, entry] of Object.entries(formats)) {
    // The entry object itself is registered (not a copy): standalone code reaches entry.validate through `formats`.
    ajv.addFormat(name, entry as typeof entry);
  }
  for (const keyword of keywords) ajv.addKeyword(keyword);
  ajv.addKeyword(formatLimitDefinition);
  return ajv;
}
