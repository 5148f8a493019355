// Vite plugin: precompiles the browser validators (generate.ts) before a build and when the dev server starts,
// and in `npm run dev` recompiles the validator of a schema when that schema changes; the dev server then reloads
// the page with the new validator.
import path from 'node:path';
import type { Plugin } from 'vite';
import { generateAll, generateOne, isValidatedSchema, listSchemas, writeIndex } from './generate.ts';

const toPosix = (p: string) => p.split(path.sep).join('/');

/** Reads again of a schema that did not parse, and the wait before each (tools/live-edit does the same). */
export const REREADS = 3;
export const REREAD_MS = 150;

export function schemaValidators(): Plugin {
  let root = process.cwd();
  return {
    name: 'schema-validators',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      // A schema that does not compile stops the build with the schema's path in the message.
      generateAll(root);
    },
    configureServer(server) {
      const onSchemaEvent = (event: 'add' | 'change' | 'unlink') => (file: string) => {
        const repoPath = toPosix(path.relative(root, file));
        if (!isValidatedSchema(repoPath)) return;
        const attempt = (left: number) => {
          try {
            if (event === 'unlink') generateAll(root);
            else {
              generateOne(root, repoPath);
              if (event === 'add') writeIndex(root, listSchemas(root));
            }
            server.config.logger.info(`validator regenerated for ${repoPath}`, { timestamp: true });
          } catch (error) {
            // A file saved in place is empty for a moment, and the watcher may report only that moment: read again.
            if (left > 0) return void setTimeout(() => attempt(left - 1), REREAD_MS);
            // Keep serving the last good validator; the message names the schema and the problem.
            server.config.logger.error((error as Error).message, { timestamp: true });
          }
        };
        attempt(REREADS);
      };
      server.watcher.on('add', onSchemaEvent('add'));
      server.watcher.on('change', onSchemaEvent('change'));
      server.watcher.on('unlink', onSchemaEvent('unlink'));
    },
  };
}

/**
 * RJSF imports markdown-to-jsx for markdown descriptions, which the generated forms never render (their templates
 * show descriptions as plain translated text). Pointing the import at a plain-text stand-in keeps about 30 KiB gzip
 * out of the form chunk; the alias applies to the build and to the dev server's dependency bundling alike.
 */
export function plainTextMarkdown(): Plugin {
  return {
    name: 'rjsf-plain-text-markdown',
    config(config) {
      const stub = path.resolve(config.root ?? process.cwd(), 'src/client/renderer/form/plainMarkdown.tsx');
      return { resolve: { alias: [{ find: /^markdown-to-jsx(\/react)?$/, replacement: stub }] } };
    },
  };
}
