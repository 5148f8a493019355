// `npm run dev` only (loaded through src/client/liveEdit.ts): an edited locales/<lng>/<ns>.json replaces
// the texts i18next holds and every t() user re-renders, without a reload. tools/live-edit sends the file's new
// content, so the browser's copy of the old module does not matter.
import i18next from 'i18next';
import type { LiveEditEvents } from './liveEditEvents.ts';

export function applyLocaleEdit({ lng, ns, data }: LiveEditEvents['live-edit:locale']): void {
  // A namespace not loaded yet is read from the edited file when first needed.
  if (!i18next.hasResourceBundle(lng, ns)) return;
  i18next.addResourceBundle(lng, ns, data, true, true);
  // react-i18next re-renders on the store's 'added' only when told to (bindI18nStore); languageChanged always does.
  const bound = i18next.options.react?.bindI18nStore;
  if (!(typeof bound === 'string' && bound.split(' ').includes('added'))) i18next.emit('languageChanged', i18next.language);
}

if (import.meta.hot) import.meta.hot.on('live-edit:locale', applyLocaleEdit);
