// Vite plugin (build only): writes one file per language and kind of first screen with that screen's text files
// together (src/client/generated/texts/<language>.<set>.json, from the lists in src/client/core/textSets.ts), so a
// cold start fetches its texts in one request rather than one per namespace. The namespaces stay files of their own
// for everything after start-up, and `npm run dev` loads only those (a locale edit then replaces just its file).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { TEXT_SETS, textSetFile, type TextSet } from '../../src/client/core/textSets.ts';

const TEXT_SETS_DIR = 'src/client/generated/texts';

/**
 * Writes every language's sets; returns the files written, relative to root. Each file is replaced whole (written
 * beside and renamed), and only files of no set are removed, so two builds at once (npm test builds in two suites)
 * never see the folder empty or a file half written.
 */
function writeTextSets(root: string): string[] {
  const localesDir = path.join(root, 'locales');
  const outDir = path.join(root, TEXT_SETS_DIR);
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const languages = readdirSync(localesDir).filter((name) => statSync(path.join(localesDir, name)).isDirectory());
  for (const language of languages) {
    for (const set of Object.keys(TEXT_SETS) as TextSet[]) {
      const texts = Object.fromEntries(TEXT_SETS[set].map((ns) => [ns, JSON.parse(readFileSync(path.join(localesDir, language, `${ns}.json`), 'utf8'))]));
      const file = path.join(TEXT_SETS_DIR, `${textSetFile(language, set)}.json`);
      const temporary = path.join(outDir, `.${process.pid}.${path.basename(file)}`);
      writeFileSync(temporary, JSON.stringify(texts));
      renameSync(temporary, path.join(root, file));
      written.push(file);
    }
  }
  const kept = new Set(written.map((file) => path.basename(file)));
  for (const name of readdirSync(outDir)) if (!kept.has(name) && !name.startsWith('.')) rmSync(path.join(outDir, name), { force: true });
  return written;
}

export function textSets(): Plugin {
  let root = process.cwd();
  return {
    name: 'text-sets',
    apply: 'build',
    // The client reads the sets only where this is true (src/client/core/i18n.ts): not in `npm run dev` or the
    // unit tests, which would otherwise find the sets of an earlier build, stale after a locale edit.
    config: () => ({ define: { __TEXT_SETS__: 'true' } }),
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      writeTextSets(root);
    },
  };
}
