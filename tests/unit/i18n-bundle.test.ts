// The texts are not in the entry: a client build (as `npm run bench` makes it) puts each
// locales/<language>/<namespace>.json in a chunk of its own that nothing imports statically, and each
// text set (a first screen's namespaces of one language together, tools/text-sets) in one JSON file; a
// language's texts appear in no other chunk, so the entry and the screens' code carry neither language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '../../src/client/core/language.ts';
import { TEXT_SETS, textSetFile, type TextSet } from '../../src/client/core/textSets.ts';
import { clientBuild, type Chunk, type ClientBuild } from './client-build.ts';

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  return tree && typeof tree === 'object' ? Object.values(tree).flatMap(strings) : [];
}

// Text that identifies one locale file: long, written nowhere else (another locale file or the sources), and
// free of characters the bundler escapes inside the template literal it emits.
// (The generated text sets are copies of the locale files, not sources.)
const sources = [...filesUnder(path.join(root, 'src')).filter((file) => !file.includes(`${path.sep}generated${path.sep}texts${path.sep}`)), ...filesUnder(path.join(root, 'schemas')), path.join(root, 'screens.json')]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const localeTexts = new Map(
  LANGUAGES.flatMap((language) =>
    NAMESPACES.map((ns) => [`locales/${language}/${ns}.json`, strings(JSON.parse(readFileSync(path.join(root, 'locales', language, `${ns}.json`), 'utf8')))] as const),
  ),
);
const markers = new Map(
  [...localeTexts].map(([key, texts]) => {
    const others = [...localeTexts].filter(([other]) => other !== key).flatMap(([, t]) => t);
    const own = texts
      .filter((text) => text.length >= 12 && !/[`$\\'"]/.test(text) && !sources.includes(text) && !others.some((other) => other.includes(text)))
      .sort((a, b) => b.length - a.length)
      .slice(0, 3);
    return [key, own];
  }),
);

let outDir = '';
let manifest: Record<string, Chunk> = {};
let build: ClientBuild | undefined;
const code = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

beforeAll(() => {
  build = clientBuild(root);
  outDir = build.dir;
  manifest = build.manifest;
}, 180_000);

afterAll(() => build?.dispose());

/** A text set is a plain JSON file of the build (fetched by address at start-up, core/i18n.ts), not a chunk. */
function setFile(language: string, set: TextSet): string {
  const prefix = `${textSetFile(language, set)}-`;
  const found = readdirSync(path.join(outDir, 'assets')).filter((name) => name.startsWith(prefix) && name.endsWith('.json'));
  expect(found, `${prefix}*.json`).toHaveLength(1);
  return `assets/${found[0]}`;
}

/** A chunk and everything it imports statically: what must load before it runs. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

describe('texts in the client build', () => {
  it('has markers for every locale file', () => {
    for (const [key, own] of markers) expect(own.length, key).toBeGreaterThan(0);
  });

  it('gives every language and namespace a lazily loaded chunk of its own, with its texts', () => {
    const imported = new Set(Object.values(manifest).flatMap((chunk) => chunk.imports ?? []));
    for (const [key, own] of markers) {
      const chunk = manifest[key];
      expect(chunk, key).toBeDefined();
      expect(chunk.isDynamicEntry, key).toBe(true);
      expect(imported.has(key), `${key} is imported statically`).toBe(false);
      for (const text of own) expect(code(chunk.file), `${key}: ${text}`).toContain(text);
    }
  });

  it('keeps every text out of the entry and of every other chunk', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    expect(entry).toBeDefined();
    const entryFiles = new Set([...closure(entry!)].map((key) => manifest[key].file));
    // Spot checks named in the issue: the Polish login button and an English list text.
    const plLogin = JSON.parse(readFileSync(path.join(root, 'locales/pl/common.json'), 'utf8')).login.submit as string;
    const enTable = JSON.parse(readFileSync(path.join(root, 'locales/en/table.json'), 'utf8')).pagination as Record<string, string>;
    const entryCode = [...entryFiles].map(code).join('\n');
    expect(entryCode).not.toContain(plLogin);
    for (const text of Object.values(enTable).filter((t) => t.length >= 12 && !t.includes('{{'))) expect(entryCode).not.toContain(text);

    // The panel's chunks: the collection page is a bundle of its own (tools/collection-page), with its own texts.
    const panelFiles = new Set(Object.values(manifest).map((item) => item.file));
    const chunks = readdirSync(path.join(outDir, 'assets'))
      .filter((name) => name.endsWith('.js') && panelFiles.has(`assets/${name}`))
      .map((name) => ({ file: `assets/${name}`, text: code(`assets/${name}`) }));
    for (const [key, own] of markers) {
      // The namespace's own chunk is the only script holding its texts (the sets holding it too are JSON files).
      for (const text of own) {
        const holders = chunks.filter((chunk) => chunk.text.includes(text)).map((chunk) => chunk.file);
        expect(holders, `${key}: ${text}`).toEqual([manifest[key].file]);
      }
    }
  });

  it('puts the namespaces of each first screen of each language in one JSON file, fetched rather than imported', () => {
    for (const language of LANGUAGES) {
      for (const set of Object.keys(TEXT_SETS) as TextSet[]) {
        const key = setFile(language, set);
        const text = code(key);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        expect(Object.keys(parsed).sort(), key).toEqual([...TEXT_SETS[set]].sort());
        for (const ns of NAMESPACES) {
          const held = markers.get(`locales/${language}/${ns}.json`)!.some((marker) => text.includes(marker));
          expect(held, `${key} holds ${ns}`).toBe((TEXT_SETS[set] as readonly string[]).includes(ns));
        }
      }
    }
  });
});

// The same build: the entry imports React lazily (src/client/main.ts), so index.html must name React and the app
// chunk itself (tools/start-up), or the browser learns of them only once the entry has run.
describe('index.html in the client build', () => {
  it('preloads the app chunk and every chunk it imports, beside the entry', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const app = Object.keys(manifest).find((key) => key.startsWith('_app-'));
    expect(app).toBeDefined();
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
    const entryFiles = new Set([...closure(entry)].map((key) => manifest[key].file));
    const needed = [...closure(app!)].map((key) => manifest[key].file).filter((file) => !entryFiles.has(file));
    expect(needed.some((file) => file.includes('vendor-'))).toBe(true);
    for (const file of needed) expect(html, file).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
  });
});
