// `npm run dev` only (loaded through src/client/liveEdit.ts): an edited locales/<lng>/<ns>.json replaces
// the texts the translations hold and every t() user re-renders, without a reload. tools/live-edit sends the file's
// new content, so the browser's copy of the old module does not matter.
import { translations } from './i18n.ts';
import type { LiveEditEvents } from './liveEditEvents.ts';

export function applyLocaleEdit({ lng, ns, data }: LiveEditEvents['live-edit:locale']): void {
  // A namespace not loaded yet is read from the edited file when first needed.
  if (!translations.hasTexts(lng, ns)) return;
  translations.addTexts(lng, ns, data);
}

if (import.meta.hot) import.meta.hot.on('live-edit:locale', applyLocaleEdit);
