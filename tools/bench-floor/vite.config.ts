// Build of the browser bench's floor page. Served by the bench's server under /bench-floor/, beside the
// panel's build, so both come from one origin with the same headers.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench-floor/',
  publicDir: false,
  plugins: [react()],
  build: {
    // The bench passes --outDir; this is only the fallback.
    outDir: fileURLToPath(new URL('../../.tmp/bench-floor', import.meta.url)),
    emptyOutDir: true,
    // Same as the panel: the CSP allows scripts from 'self' only.
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
