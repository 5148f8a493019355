import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { plainTextMarkdown, schemaValidators } from './tools/validators/plugin.ts';
import { precompressAssets } from './tools/compress/plugin.ts';
import { liveEdit } from './tools/live-edit/plugin.ts';
import { textSets } from './tools/text-sets/plugin.ts';
import { preloadAppChunk } from './tools/start-up/plugin.ts';
import { collectionPage } from './tools/collection-page/plugin.ts';
import { screensSplit } from './tools/screens-split/plugin.ts';
import { bundleWeights } from './tools/bundle-weights/plugin.ts';
import { apiBaseDefine } from './tools/api-base/define.ts';

// The client lives under src/client, but index.html sits at the repository root so that the
// locales/ and screens.json files are plain imports from inside the project root.
const apiPort = process.env.PORT ?? '3000';

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/**
 * A module of the project, by its path from the repository root. The chunk groups below name modules this way, never
 * by a pattern of file names: a module renamed or moved fails the build here, rather than quietly leaving its group.
 */
function projectModule(file: string): string {
  const resolved = fileURLToPath(new URL(file, import.meta.url));
  if (!fs.existsSync(resolved)) throw new Error(`vite.config.ts: the chunk groups name ${file}, which does not exist (renamed or moved? name it anew)`);
  return resolved;
}

/** The package a module of node_modules belongs to ("react", "@tanstack/react-table"); undefined for the project's own. */
function packageOf(id: string): string | undefined {
  const parts = id.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) return undefined;
  return parts[at + 1]?.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

const isPackageModule = (id: string): boolean => packageOf(id) !== undefined;

/** Whether a module is imported statically, through any chain, by a module that `isRoot` picks. */
function importedBy(id: string, graph: ModuleGraph, isRoot: (id: string, info: { isEntry: boolean }) => boolean, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = graph.getModuleInfo(id);
  return Boolean(info && (isRoot(id, info) || info.importers.some((importer) => importedBy(importer, graph, isRoot, seen))));
}

const START = projectModule('src/client/start.tsx');
// Small modules most first screens share (the language switch, buttons, the page title, the brand colour, a table's
// scroll box, money formatting, ...): with the app rather than in files of a few hundred bytes each, each a request
// and a gzip stream of its own.
const SHARED_BY_SCREENS = new Set(
  [
    'src/client/ui/Button.tsx',
    'src/client/ui/Flags.tsx',
    'src/client/ui/LanguageChoice.tsx',
    'src/client/ui/LanguageSwitcher.tsx',
    'src/client/ui/ScrollBox.tsx',
    'src/client/core/throwToBoundary.ts',
    'src/client/core/fieldErrors.ts',
    'src/client/core/documentTitle.ts',
    'src/client/core/brandColours.ts',
    'src/client/renderer/schemas.ts',
    'src/shared/money.ts',
  ].map(projectModule),
);

/**
 * The app around the screens: what src/client/start.tsx imports (App, the router, the session, the shared ui parts),
 * except what the entry imports itself, which stays with the entry so that it never waits for this file (and React).
 */
function appChunk(id: string, graph: ModuleGraph): string | null {
  if (importedBy(id, graph, (_, info) => info.isEntry)) return null;
  return SHARED_BY_SCREENS.has(id) || importedBy(id, graph, (module) => module === START) ? 'app' : null;
}

const TABLE_SCREEN = projectModule('src/client/renderer/table/TableScreen.tsx');
const DASHBOARD_SCREEN = projectModule('src/client/renderer/dashboard/DashboardScreen.tsx');
const FORM_SCREEN = projectModule('src/client/renderer/form/FormScreen.tsx');
// TanStack Table and its store go with the table screen, their only user: as a file of their own, it and the screen's
// file import each other, and the screen's module-level table features would be read before the library has run.
const TABLE_PACKAGES = new Set(['@tanstack/react-table', '@tanstack/table-core', '@tanstack/react-store', '@tanstack/store']);
// The vendor group's libraries (below).
const VENDOR_PACKAGES = new Set(['react', 'react-dom', 'scheduler', '@tanstack/query-core', '@tanstack/react-query']);

/**
 * The table screen with everything of the project's it imports, in one file: the details screen and the record above
 * a statement share some of its parts (cell values, the action dialog), and split out they became more files for
 * every list's first load, queued behind the six connections the browser opens.
 */
function tableChunk(id: string, graph: ModuleGraph): string | null {
  if (TABLE_PACKAGES.has(packageOf(id) ?? '')) return 'TableScreen';
  if (isPackageModule(id) || importedBy(id, graph, (_, info) => info.isEntry) || importedBy(id, graph, (module) => module === START)) return null;
  // What the dashboard or the forms share with the lists (the usage bar, cell formats, the answer's value to copy)
  // stays out: they would otherwise load the whole table screen for it.
  if (importedBy(id, graph, (module) => module === DASHBOARD_SCREEN || module === FORM_SCREEN)) return null;
  return importedBy(id, graph, (module) => module === TABLE_SCREEN) ? 'TableScreen' : null;
}

// VITE_PORT moves the dev server, e.g. for a second `npm run dev` beside the first one.
const devPort = Number(process.env.VITE_PORT ?? 5173);
// Folders the dev server must not watch: the embedded database writes its files all the time (DATA_DIR, ./data by
// default, as the server reads it), and build and test output change by the thousand. Watched, their events queued
// ahead of an edit of screens.json and delayed its live update by seconds.
const UNWATCHED = [path.resolve(process.env.DATA_DIR || './data'), path.resolve('dist'), path.resolve('.tmp'), path.resolve('playwright-report')].map(
  (dir) => `${dir.split(path.sep).join('/')}/**`,
);

export default defineConfig({
  root: '.',
  publicDir: false,
  // schemaValidators precompiles the browser validators of schemas/forms and schemas/filters (no eval under the CSP);
  // plainTextMarkdown keeps RJSF's markdown renderer, which generated forms never use, out of the form chunk;
  // precompressAssets writes brotli and gzip copies of the built files for the server to send as they are;
  // liveEdit (dev server only) sends edits of screens.json, schemas, ui hints and locales to the open page;
  // screensSplit (build only) keeps screens.json's start-up fields in the entry and loads the rest with each screen;
  // textSets (build only) bundles the text files each kind of first screen reads into one file per language;
  // preloadAppChunk (build only) names the app chunk and React in index.html, so they load beside the entry;
  // collectionPage builds the public collection page (collect.html) as a bundle of its own into the same folder
  // once this build is written, and in `npm run dev` answers the page's addresses with it;
  // bundleWeights (`npm run bench -- bundle` only) records which modules each file holds.
  plugins: [liveEdit(), screensSplit(), react(), schemaValidators(), plainTextMarkdown(), textSets(), preloadAppChunk('app'), collectionPage(), precompressAssets(), bundleWeights()],
  // API_BASE_URL: the API's address for a client served apart from it (tools/api-base).
  define: apiBaseDefine(),
  // The import screen's Web Worker loads its schema's validator on demand: an ES module worker can split code.
  worker: { format: 'es' },
  resolve: {
    alias: [
      // recharts' decimal library names a UMD file for browsers, whose global fallback is `Function('return this')`,
      // which the CSP forbids (and the bundle check refuses): its ES module has none.
      { find: /^decimal\.js-light$/, replacement: 'decimal.js-light/decimal.mjs' },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The server's CSP allows scripts from 'self' only; keep every asset a separate file.
    assetsInlineLimit: 0,
    sourcemap: false,
    // Every browser the panel supports preloads modules itself; one that does not still loads them, on import.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The bundler's [PLUGIN_TIMINGS] warning names the plugins that took a large share of a build; on a busy
      // 2-core machine that is any plugin, and `npm start` printed it in yellow as if something were wrong.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // Libraries every screen needs, in one file: the browser opens six connections to one origin over
            // HTTP/1.1, and small chunks queued behind each other cost more than their bytes.
            {
              name: 'vendor',
              test: (id) => VENDOR_PACKAGES.has(packageOf(id) ?? ''),
              priority: 2,
            },
            // The app around the screens in one file too, rather than in slivers shared between it and the first
            // screen's chunks, which main.ts loads beside it.
            { name: appChunk, debugName: 'app', priority: 1, includeDependenciesRecursively: false },
            { name: tableChunk, debugName: 'TableScreen', priority: 0, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: devPort,
    strictPort: true,
    watch: { ignored: UNWATCHED },
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
