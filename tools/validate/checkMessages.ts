// Every error code the validation catalogue can emit has a message in every language: the server answers with the
// English one and the browser shows the user's, so a missing one surfaces as a bare code or a generic text.
import { ALL_CODES } from '../../src/shared/validation/codes.ts';
import { KEYWORD_CODES } from '../../src/shared/validation/errors.ts';
import { formats } from '../../src/shared/validation/formats.ts';
import { localeFile } from './locales.ts';
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { jsonSchemaDocs, type Project } from './project.ts';
import { walkSchema } from './schemaWalk.ts';

const NAMESPACE = 'validation';

/** Each code the code base can emit, with what emits it (for the message). */
function emittedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  const add = (code: string, source: string): void => {
    if (!codes.has(code)) codes.set(code, source);
  };
  for (const [name, entry] of Object.entries(formats)) add(entry.code, `format "${name}" in src/shared/validation/formats.ts`);
  for (const code of KEYWORD_CODES) add(code, 'src/shared/validation/errors.ts');
  for (const code of ALL_CODES) add(code, 'src/shared/validation/codes.ts');
  return codes;
}

/** language -> its parsed validation messages; languages whose file is missing or broken are reported elsewhere. */
function catalogues(project: Project): Map<string, Record<string, unknown>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const [language, namespaces] of project.locales) {
    const messages = namespaces.get(NAMESPACE);
    if (isObject(messages)) found.set(language, messages);
  }
  return found;
}

function hasMessage(messages: Record<string, unknown>, code: string): boolean {
  const message = Object.hasOwn(messages, code) ? messages[code] : undefined;
  return typeof message === 'string' && message.trim() !== '';
}

export function checkValidationMessages(project: Project): Problem[] {
  const languages = catalogues(project);
  const emitted = emittedCodes();
  const problems: Problem[] = [];
  for (const [code, source] of emitted) {
    for (const [language, messages] of languages) {
      if (!hasMessage(messages, code)) {
        problems.push(problem(localeFile(language, NAMESPACE), pointer('', code), `no message for error code ${code}, which ${source} can report`));
      }
    }
  }
  // codes a schema names with "errorCode"; a code the catalogue also emits is reported above, at the locale file
  for (const { file, value } of jsonSchemaDocs(project)) {
    walkSchema(value, '', (node, path) => {
      const code = node.errorCode;
      if (typeof code !== 'string' || emitted.has(code)) return;
      const missing = [...languages].filter(([, messages]) => !hasMessage(messages, code)).map(([language]) => localeFile(language, NAMESPACE));
      if (missing.length > 0) problems.push(problem(file, pointer(path, 'errorCode'), `error code ${code} has no message in ${missing.join(' and ')}`));
    });
  }
  return problems;
}
