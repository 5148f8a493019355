// The one ajv setup used by the server (request bodies) and by the build step that precompiles browser validators.
import Ajv, { type Options } from 'ajv';
import { formatLimitDefinition } from 'ajv-formats/dist/limit.js';
import { formats } from './formats.ts';
import { keywords } from './keywords.ts';
import { isIban } from './iban.ts';
import { isPhone } from './phone-max.ts';

// Request bodies are checked against libphonenumber's complete metadata; formats.ts carries the browser's lighter check of
// the same rule. Standalone code reaches a format through formats.ts by name, not through this object, so the
// precompiled browser validators keep the lighter one.
// The same holds for the IBAN, whose browser rule is provided by what needs it (browser-rules.ts).
const serverRules: Partial<Record<string, object>> = {
  phone: { ...formats.phone, validate: isPhone },
  iban: { ...formats.iban, validate: isIban },
};

/**
 * Draft-07 ajv with the catalogue's formats and keywords, plus formatMinimum / formatMaximum (for dates such as
 * endDate on or after startDate, with $data). Callers may add options, e.g. removeAdditional or code for standalone.
 *
 * verbose is on so each error carries its parentSchema: toValidationErrors reads the `errorCode` annotation there.
 */
export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    $data: true,
    coerceTypes: false,
    useDefaults: true,
    verbose: true,
    ...options,
  });
  for (const [name, entry] of Object.entries(formats)) {
    // The entry object itself is registered (not a copy): standalone code reaches entry.validate through `formats`.
    ajv.addFormat(name, (serverRules[name] ?? entry) as typeof entry);
  }
  for (const keyword of keywords) ajv.addKeyword(keyword);
  ajv.addKeyword(formatLimitDefinition);
  return ajv;
}
