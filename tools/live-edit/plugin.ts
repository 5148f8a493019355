// Vite plugin for `npm run dev`: an edit to screens.json, to a file of schemas/{entities,forms,filters} (ui hints
// included) or of locales/, and a browser validator rewritten by tools/validators, reach the open page as a
// custom HMR event carrying the new content (src/client/liveEdit.ts applies it). Vite's own handling cannot
// do it: these JSON modules have no HMR boundary of their own, and what imported them keeps the old data (the
// router is built once from screens.json, loaded schemas and texts are held in caches), so an edit either
// re-rendered stale data or reloaded the page, losing what was typed.
import path from 'node:path';
import type { Plugin } from 'vite';
import type { LiveEditEvents } from '../../src/client/core/liveEditEvents.ts';
import { readFile } from 'node:fs/promises';
import { listSchemas, OUT_DIR, outputName } from '../validators/generate.ts';
import { REREAD_MS, REREADS } from '../validators/plugin.ts';

const SCHEMA_FILE = /^schemas\/(entities|forms|filters)\/[^/]+\.json$/;
const LOCALE_FILE = /^locales\/([A-Za-z-]+)\/([\w-]+)\.json$/;

/** Printed once the file watcher has seen the whole project (tests wait for it before their first edit). */
export const WATCHING = 'live edit: watching screens.json, schemas and locales';

const toPosix = (p: string) => p.split(path.sep).join('/');

type Event = { [K in keyof LiveEditEvents]: { event: K; data: LiveEditEvents[K] } }[keyof LiveEditEvents];

export function liveEdit(): Plugin {
  let root = process.cwd();
  return {
    name: 'live-edit',
    apply: 'serve',
    // First, so that no other plugin's HMR handling runs for the files it takes over.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      // An edit made before the watcher has walked the project is never reported: say when it can be relied on.
      server.watcher.once('ready', () => server.config.logger.info(WATCHING, { timestamp: true }));
    },
    async hotUpdate({ type, file, modules, read, server }) {
      // Added and removed files change what exists (routes of validators, glob entries): Vite's reload suits them.
      if (this.environment.name !== 'client' || type !== 'update') return;
      const repoPath = toPosix(path.relative(root, file));

      if (repoPath.startsWith(`${OUT_DIR}/`)) {
        const name = repoPath.slice(OUT_DIR.length + 1);
        const schemaPath = listSchemas(root).find((candidate) => outputName(candidate) === name);
        if (!schemaPath) return;
        // A validator no page has loaded needs nothing: the next import fetches the new file.
        if (modules.length > 0) this.environment.hot.send('live-edit:validator', { schemaPath, url: `/${repoPath}` });
        return [];
      }

      const isScreens = repoPath === 'screens.json';
      const locale = LOCALE_FILE.exec(repoPath);
      if (!isScreens && !locale && !SCHEMA_FILE.test(repoPath)) return;
      let data: Record<string, unknown> | undefined;
      let problem: unknown;
      // A file saved in place is empty for a moment, and the watcher may report only that moment: read again.
      for (let left = REREADS; data === undefined && left >= 0; left--) {
        try {
          data = JSON.parse(left === REREADS ? await read() : await readFile(file, 'utf8')) as Record<string, unknown>;
        } catch (error) {
          problem = error;
          if (left > 0) await new Promise((resolve) => setTimeout(resolve, REREAD_MS));
        }
      }
      if (data === undefined) {
        // Mid-edit or a typo: the page keeps the last good version until the file parses again.
        server.config.logger.error(`${repoPath}: not valid JSON, the page keeps the previous version (${(problem as Error).message})`, { timestamp: true });
        return [];
      }
      let update: Event;
      if (isScreens) update = { event: 'live-edit:screens', data: { screens: (data.screens ?? []) as LiveEditEvents['live-edit:screens']['screens'] } };
      else if (locale) update = { event: 'live-edit:locale', data: { lng: locale[1], ns: locale[2], data } };
      else update = { event: 'live-edit:schema', data: { path: repoPath, data } };
      this.environment.hot.send(update.event, update.data);
      server.config.logger.info(`${repoPath} sent to the open pages`, { timestamp: true });
      return [];
    },
  };
}
