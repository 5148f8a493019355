// Vite plugin (build only): index.html names the app chunk (start.tsx with React and the rest; vite.config.ts
// groups it) and the chunks it imports as modulepreload links. The entry is free of React and imports the app
// lazily, beside the first screen's chunks (src/client/main.ts); without these links the browser would learn of
// React only once the entry has run. Every page needs the app, so preloading it never fetches what goes unused.
import type { Plugin } from 'vite';

interface OutputChunk {
  type: 'chunk';
  name: string;
  fileName: string;
  imports: string[];
}

export function preloadAppChunk(appChunkName: string): Plugin {
  let base = '/';
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as OutputChunk[];
        const app = chunks.find((chunk) => chunk.name === appChunkName);
        if (!app) throw new Error(`index.html: no chunk named "${appChunkName}" to preload (see the code-splitting groups in vite.config.ts)`);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files: string[] = [];
        const seen = new Set<string>();
        // Imports before importers; marked before its imports are visited, as chunks may import each other.
        const visit = (chunk: OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
          files.push(chunk.fileName);
        };
        visit(app);
        return {
          html,
          tags: files
            .filter((file) => !html.includes(`${base}${file}"`))
            .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const })),
        };
      },
    },
  };
}
