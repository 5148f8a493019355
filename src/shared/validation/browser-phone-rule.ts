// Where the precompiled browser validators find the phone rule. Its metadata (libphonenumber's mobile set, about
// 33 KiB gzip with the code) loads with the phone input, not with every form: phone-mobile.ts puts its rule here
// as it loads, and the phone input shows no editable field before that (widgets/LazyPhoneWidget.tsx). A value
// checked before then is one nobody could have typed in this page (empty, or a record's stored number), so it
// passes here; the server checks every request on complete metadata either way.
type PhoneRule = (s: string) => boolean;

let rule: PhoneRule | undefined;

export function provideBrowserPhoneRule(next: PhoneRule): void {
  rule = next;
}

export function isBrowserPhone(s: string): boolean {
  return rule === undefined || rule(s);
}

/** Whether the phone metadata has loaded (tests, and the phone input's fallback). */
export function hasBrowserPhoneRule(): boolean {
  return rule !== undefined;
}
