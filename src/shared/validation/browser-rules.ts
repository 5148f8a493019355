// Rules whose code is too heavy for every form: the phone number's metadata (about 33 KiB gzip), the IBAN's country
// table (about 5 KiB) and the address classifier of the URL rules that judge a host (ipaddr.js, about 4 KiB). The
// precompiled browser validators reach them through formats.ts, which asks here; the input that needs a rule provides
// it as it loads (the phone input's metadata, the IBAN input, the collection page's bank step, the URL input), and
// shows no editable field before that. A value checked before then is one nobody could have typed in this page (empty,
// or a record's stored value), so it passes here; the server checks every request with the complete rules either way
// (ajv.ts).
type Rule = (s: string) => boolean;
export type DeferredRule = 'phone' | 'iban' | 'safeUrl' | 'webhookUrl';

const provided: Partial<Record<DeferredRule, Rule>> = {};

export function provideBrowserRule(name: DeferredRule, rule: Rule): void {
  provided[name] = rule;
}

/** The rule's verdict once provided; true before. */
export function passesBrowserRule(name: DeferredRule, s: string): boolean {
  const rule = provided[name];
  return rule === undefined || rule(s);
}

/** Whether the rule has been provided (tests, and the phone input's fallback). */
export function hasBrowserRule(name: DeferredRule): boolean {
  return provided[name] !== undefined;
}
