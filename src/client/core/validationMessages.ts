// Validation codes used by the hand-written forms and their text (validation namespace). Kept apart
// from the rules so that a form needing only "Field required" does not load the rule catalogue.
export type ValidationCode = 'REQUIRED' | 'INVALID_USER_PASSWORD' | 'VALUE_NOT_MATCH' | 'INVALID_PHONE_NUMBER';

/** Field errors in the user's language from validation codes. */
export function translateCodes(codes: Partial<Record<string, string>>, t: (key: string) => string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, code] of Object.entries(codes)) {
    if (code) result[field] = t(`validation:${code}`);
  }
  return result;
}
