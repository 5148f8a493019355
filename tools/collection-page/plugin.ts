// Vite plugin for the public collection page (collect.html, src/client/collection). Recipients open it on phones, so
// it is a bundle of its own: a second build, run when the panel's build has been written, into the same folder, and
// sharing no file with the panel (the panel's chunks stay as they are tuned in vite.config.ts). With --manifest, its
// manifest is .vite/collect-manifest.json. In `npm run dev` the page's addresses get collect.html, as the server
// sends it in production (src/server/plugins/static.ts, by the rule of src/shared/addresses.ts).
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { isPanelAddress } from '../../src/shared/addresses.ts';
import { bundleWeights } from '../bundle-weights/plugin.ts';
import { apiBaseDefine } from '../api-base/define.ts';

const PAGE_HTML = 'collect.html';
const PAGE_MANIFEST = '.vite/collect-manifest.json';

async function buildPage(config: ResolvedConfig): Promise<void> {
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: config.logLevel,
    publicDir: false,
    define: apiBaseDefine(),
    plugins: [react(), bundleWeights()],
    build: {
      outDir: path.resolve(config.root, config.build.outDir),
      emptyOutDir: false,
      // The server's CSP allows scripts from 'self' only; keep every asset a separate file.
      assetsInlineLimit: 0,
      sourcemap: false,
      manifest: config.build.manifest ? PAGE_MANIFEST : false,
      rolldownOptions: {
        input: { collect: path.resolve(config.root, PAGE_HTML) },
        output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ }] } },
      },
    },
  });
}

export function collectionPage(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'collection-page',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Before the step that compresses the folder (tools/compress), so the page's files are compressed too.
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.command === 'build') await buildPage(config);
      },
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '/';
        const [pathname, search] = url.split('?');
        const wantsPage = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
        // Files (a dot in the last segment), Vite's own addresses and the API are left alone.
        const isFile = /\.[^/]*$/.test(pathname) || /^\/(?:@|api\/|src\/|node_modules\/|locales\/)/.test(pathname);
        if (wantsPage && !isFile && !isPanelAddress(pathname)) request.url = `/${PAGE_HTML}${search ? `?${search}` : ''}`;
        next();
      });
    },
  };
}
