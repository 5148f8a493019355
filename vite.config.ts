import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { plainTextMarkdown, schemaValidators } from './tools/validators/plugin.ts';
import { precompressAssets } from './tools/compress/plugin.ts';
import { liveEdit } from './tools/live-edit/plugin.ts';

// The client lives under src/client, but index.html sits at the repository root so that the
// locales/ and screens.json files are plain imports from inside the project root.
const apiPort = process.env.PORT ?? '3000';
// VITE_PORT moves the dev server, e.g. for a second `npm run dev` beside the first one.
const devPort = Number(process.env.VITE_PORT ?? 5173);

export default defineConfig({
  root: '.',
  publicDir: false,
  // schemaValidators precompiles the browser validators of schemas/forms and schemas/filters (no eval under the CSP);
  // plainTextMarkdown keeps RJSF's markdown renderer, which generated forms never use, out of the form chunk;
  // precompressAssets writes brotli and gzip copies of the built files for the server to send as they are;
  // liveEdit (dev server only) sends edits of screens.json, schemas, ui hints and locales to the open page.
  plugins: [liveEdit(), react(), schemaValidators(), plainTextMarkdown(), precompressAssets()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The server's CSP allows scripts from 'self' only; keep every asset a separate file.
    assetsInlineLimit: 0,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Start-up code in two files rather than a dozen shared slivers: the browser opens six connections to
        // one origin over HTTP/1.1, and small chunks of the entry queued behind each other cost more than their bytes.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/](?:query-core|react-query)|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: devPort,
    strictPort: true,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
