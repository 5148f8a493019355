// `npm run dev` only (loaded through src/client/liveEdit.ts): an edited locales/<lng>/<ns>.json replaces that
// namespace's texts and every component reading them re-renders (react-i18next listens for `added`), without a
// reload. tools/live-edit sends the file's new content, so the browser's copy of the old module does not matter.
import { i18n } from './i18n.ts';
import type { LiveEditEvents } from './liveEditEvents.ts';

export function applyLocaleEdit({ lng, ns, data }: LiveEditEvents['live-edit:locale']): void {
  // A namespace not loaded yet is read from the edited file when first needed.
  if (!i18n.hasResourceBundle(lng, ns)) return;
  // The edited file replaces the namespace whole, so a key taken out of it is gone too; one `added` re-renders.
  i18n.removeResourceBundle(lng, ns);
  i18n.addResourceBundle(lng, ns, data, true, true);
}

if (import.meta.hot) import.meta.hot.on('live-edit:locale', applyLocaleEdit);
