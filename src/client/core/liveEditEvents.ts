// The events tools/live-edit sends to the page in `npm run dev` (types only): each carries the new content of an
// edited file, so the page applies it without a reload and without asking the browser's module cache.
import type { Screen } from './screens.ts';

export interface LiveEditEvents {
  /** screens.json changed. */
  'live-edit:screens': { screens: Screen[] };
  /** A file of schemas/entities, schemas/forms (ui hints included) or schemas/filters changed. */
  'live-edit:schema': { path: string; data: Record<string, unknown> };
  /** locales/<lng>/<ns>.json changed. */
  'live-edit:locale': { lng: string; ns: string; data: Record<string, unknown> };
  /** tools/validators rewrote the browser validator of a schema; `url` is the module to import afresh. */
  'live-edit:validator': { schemaPath: string; url: string };
}

declare module 'vite/types/customEvent.d.ts' {
  interface CustomEventMap extends LiveEditEvents {}
}
