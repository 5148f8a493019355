// Where the precompiled browser validators find the phone rule (browser-rules.ts): its metadata (libphonenumber's
// mobile set, about 33 KiB gzip with the code) loads with the phone input, not with every form: phone-mobile.ts
// provides its rule as it loads, and the phone input shows no editable field before that
// (widgets/LazyPhoneWidget.tsx).
import { hasBrowserRule, passesBrowserRule, provideBrowserRule } from './browser-rules.ts';

export function provideBrowserPhoneRule(next: (s: string) => boolean): void {
  provideBrowserRule('phone', next);
}

export function isBrowserPhone(s: string): boolean {
  return passesBrowserRule('phone', s);
}

/** Whether the phone metadata has loaded (tests, and the phone input's fallback). */
export function hasBrowserPhoneRule(): boolean {
  return hasBrowserRule('phone');
}
