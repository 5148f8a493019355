// `npm run dev` only: applies the edits tools/live-edit sends to the open page, with no reload, so the address
// (page, limit, order, filters) and what was typed stay. router.tsx loads this module inside `if (import.meta.hot)`,
// which the build removes. It joins core, the renderer and the router, so it lives beside the router.
// - screens.json: SCREENS is replaced and each router built from it takes the new route tree at the address it is
//   at (no history entry).
// - schemas and ui hints: schemas.ts serves the new content and the screens load it again (useSchemaRevision).
// - validators: the new module's functions replace those of the loaded validators object, which the forms
//   already hold, so a mounted form checks by the new rules at once.
// - locales: i18nHot.ts.
import { loadValidators, type PrecompiledValidators } from './core/precompiledValidators.ts';
import './core/i18nHot.ts';
import type { LiveEditEvents } from './core/liveEditEvents.ts';
import { replaceScreens, SCREENS } from './core/screens.ts';
import type { PanelRouter } from './router.tsx';
import { replaceSchemaFile, touchSchemaFiles, type JsonSchema } from './renderer/schemas.ts';

const routers = new Set<PanelRouter>();

/** Gives the router the screens of every edit of screens.json. */
export function followScreenEdits(router: PanelRouter): void {
  routers.add(router);
}

function applyScreens({ screens }: LiveEditEvents['live-edit:screens']): void {
  replaceScreens(screens);
  for (const router of routers) void router.replaceScreens(SCREENS);
}

function applySchema({ path, data }: LiveEditEvents['live-edit:schema']): void {
  replaceSchemaFile(path, data as JsonSchema);
}

async function applyValidator({ schemaPath, url }: LiveEditEvents['live-edit:validator']): Promise<void> {
  const [current, fresh] = await Promise.all([
    loadValidators(schemaPath),
    // A new address, so the browser does not hand back the module it has; Vite drops `t` and serves the file.
    import(/* @vite-ignore */ `${url}?t=${Date.now()}`) as Promise<{ default: PrecompiledValidators }>,
  ]);
  const target = current as Record<string, unknown>;
  for (const key of Object.keys(target)) if (!(key in fresh.default)) delete target[key];
  Object.assign(target, fresh.default);
  touchSchemaFiles();
}

if (import.meta.hot) {
  import.meta.hot.on('live-edit:screens', applyScreens);
  import.meta.hot.on('live-edit:schema', applySchema);
  import.meta.hot.on('live-edit:validator', (event) => {
    applyValidator(event).catch((error: unknown) => console.error(`Live edit: the validator of ${event.schemaPath} was not replaced`, error));
  });
  // This module is loaded on demand: the mark says the page now follows edits.
  document.documentElement.dataset.liveEdit = 'on';
}
