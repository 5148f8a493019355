// What brings each deferred rule (browser-rules.ts) to the browser; each rule is the format of the same name.
// `npm run validate` reads this to report a field the browser would never check, and browser-rules.test.ts proves
// that loading each named input (or running the import check) does provide the rule. Nothing on a page imports it.
import type { DeferredRule } from './browser-rules.ts';

/** The input (a "ui:widget" name, renderer/widgets/names.json) that provides the rule as it loads, by format. */
export const RULE_INPUTS = {
  phone: 'phone',
  iban: 'iban',
  safeUrl: 'url',
  webhookUrl: 'url',
} as const satisfies Record<DeferredRule, string>;

export const DEFERRED_FORMATS = Object.keys(RULE_INPUTS) as DeferredRule[];

/** The rules the import page's check of a file provides itself, whatever its form (renderer/import/workerCheck.ts). */
export const IMPORT_CHECK_RULES: readonly DeferredRule[] = ['phone'];
