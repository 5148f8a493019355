// A problem of a file in the page's language, worded as the server words its own (src/server/platform/texts.ts
// validationMessage): the validation catalogue's text for the code, else the imports' own (a value twice in the file,
// missing columns), else the catalogue's general one.
import type { Translate } from '../../core/textStore.ts';

export function problemMessage(t: Translate, exists: (key: string) => boolean, code: string, params: Record<string, unknown>): string {
  if (exists(`validation:${code}`)) return t(`validation:${code}`, params);
  if (exists(`imports:problems.${code}`)) return t(`imports:problems.${code}`, params);
  return t('validation:VALIDATION_ERROR', params);
}
