// Vite plugin for `npm run bench -- bundle`: writes, beside the build's manifest, which modules each output file holds
// and how long each one's code is there (after tree-shaking, before minifying), so the bench can say how much of a
// route's start-up JavaScript each package is. Off unless BUNDLE_WEIGHTS names the file to write.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Output file -> module id -> rendered length in characters. */
export type ModuleWeights = Record<string, Record<string, number>>;

export function bundleWeights(): Plugin | false {
  const target = process.env.BUNDLE_WEIGHTS;
  if (!target) return false;
  return {
    name: 'bundle-weights',
    apply: 'build',
    generateBundle(_options, bundle) {
      // Both builds (the panel's and the collection page's) add to one file.
      const weights: ModuleWeights = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as ModuleWeights) : {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        weights[output.fileName] = Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]));
      }
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, JSON.stringify(weights));
    },
  };
}

/** The package a module belongs to (`react-dom`, `@tanstack/react-table`), or null for the project's own code. */
export function packageOf(id: string): string | null {
  // The innermost node_modules: a package installed inside another's belongs to itself.
  const at = id.lastIndexOf('node_modules');
  if (at === -1) return null;
  const match = /^node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id.slice(at));
  return match ? match[1].replace(/\\/g, '/') : null;
}
