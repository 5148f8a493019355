// Vite plugin (build only): screens.json in the entry keeps only what the panel reads before a screen loads
// (src/client/core/screenStartFields.ts); the rest of each entry is a JSON file of the build,
// assets/screens-<hash>/<screen id>.json, which the panel fetches with the screen (core/screens.ts). One folder named by
// the hash of all of them, rather than a hashed name per file, so the entry holds one address and not a list of 41.
// `npm run dev` and the tests read screens.json whole (the live edit of screens.json replaces whole entries).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SCREEN_START_FIELDS } from '../../src/client/core/screenStartFields.ts';

const START_FIELDS: ReadonlySet<string> = new Set(SCREEN_START_FIELDS);

type Entry = Record<string, unknown> & { id: string };

/** An entry's start-up fields and the rest. */
export function splitScreen(entry: Entry): { start: Entry; rest: Record<string, unknown> } {
  const start = { id: entry.id } as Entry;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) (START_FIELDS.has(key) ? start : rest)[key] = value;
  return { start, rest };
}

/** The build's folder of descriptor files, below the assets folder (the server sends it as hashed assets). */
export const DESCRIPTORS_PREFIX = 'screens-';

export function screensSplit(): Plugin {
  let screensFile = '';
  let descriptorsModule = '';
  let assetsDir = 'assets';
  // The files to write, by name below the output folder; made when the entry's module asks for their folder.
  let files = new Map<string, string>();
  const read = (): { screens: Entry[] } => JSON.parse(readFileSync(screensFile, 'utf8'));
  return {
    name: 'screens-split',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      screensFile = path.resolve(config.root, 'screens.json');
      descriptorsModule = path.resolve(config.root, 'src/client/core/screenDescriptors.ts');
      assetsDir = config.build.assetsDir;
    },
    load(id) {
      if (id === screensFile) return JSON.stringify({ screens: read().screens.map((entry) => splitScreen(entry).start) });
      if (id === descriptorsModule) {
        const rests = read().screens.map((entry) => [entry.id, JSON.stringify(splitScreen(entry).rest)] as const);
        const hash = createHash('sha256').update(JSON.stringify(rests)).digest('hex').slice(0, 12);
        const folder = `${assetsDir}/${DESCRIPTORS_PREFIX}${hash}`;
        files = new Map(rests.map(([screenId, text]) => [`${folder}/${screenId}.json`, text]));
        return `export const DESCRIPTORS_FOLDER = ${JSON.stringify(`/${folder}/`)};\n`;
      }
      return null;
    },
    generateBundle() {
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
