// Serves the built client: the panel's app shell (index.html) for the panel's addresses, the collection page's
// (collect.html, its own light entry) for every other address, `/` included, as both route on the client. A customer's
// base path (`/{customerUrl}/panel...`) naming no active customer is answered 404 with the collection page, which shows
// the not-found page for a customer it does not know.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { baseCustomer, isPanelAddress } from '../../shared/addresses.ts';
import { AppError } from '../errors.ts';
import { findCustomerByUrl } from '../platform/users.ts';
import { registerAssets } from './assets.ts';

const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|xml|webmanifest)$/i;

// What a browser asks for as a file (a client route never ends so).
const STATIC_FILE = /\.(?:m?js|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|xml|webmanifest)$/i;

/** The HTML file that serves a client address (src/shared/addresses.ts decides which app it belongs to). */
async function shellFor(app: FastifyInstance, pathname: string): Promise<{ file: string; found: boolean }> {
  if (!isPanelAddress(pathname)) return { file: 'collect.html', found: true };
  const customer = baseCustomer(pathname);
  if (customer !== undefined && !(await findCustomerByUrl(app.db, customer))) return { file: 'collect.html', found: false };
  return { file: 'index.html', found: true };
}

export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    // Hashed files from memory (assets.ts); the file sender below serves the rest (index.html, top-level files).
    registerAssets(app, path.join(clientDir, 'assets'));
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      // `/` is the public collection page.
      index: 'collect.html',
      // The headers below decide caching; the file sender's own default would override them.
      cacheControl: false,
      // Nothing under a dot-name is the app's (a build made with --manifest keeps its chunk list in .vite/).
      dotfiles: 'ignore',
      // The build writes .br and .gz copies of each compressible file (tools/compress): send the one accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const original = filePath.replace(/\.(?:br|gz)$/, '');
        // The answer depends on Accept-Encoding wherever a compressed copy may be chosen.
        if (COMPRESSIBLE.test(original)) res.setHeader('Vary', 'Accept-Encoding');
        // Vite names assets by content hash, so they never change under the same name.
        if (original.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (original.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // Client routes get their app's shell; a missing file (an asset, a source map) is a 404.
    const pathname = request.url.split('?')[0];
    const isFile = pathname.startsWith('/assets/') || STATIC_FILE.test(pathname);
    if (pathname.startsWith('/api') || isFile || (request.method !== 'GET' && request.method !== 'HEAD') || !hasClient) {
      return reply.status(404).send(new AppError(404, 'NOT_FOUND').toJSON());
    }
    const shell = await shellFor(app, pathname);
    reply.header('Cache-Control', 'no-cache');
    if (!shell.found) reply.status(404);
    return reply.sendFile(shell.file);
  });
}
