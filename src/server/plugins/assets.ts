// The build's hashed files (/assets/*), sent from memory. A hashed file never changes under its name, so each is read
// once (with the brotli and gzip copies the build wrote beside it) and then answered without touching the disk: a
// cold page load asks for a dozen of them at once, and a file sender's stat, open and stream per request cost about
// 2 ms each on one thread, which the page waits for. A name not read yet is looked up on disk (a file deployed after
// start), a missing one is a 404.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

// Vite's names: letters, digits, dot, dash and underscore, in folders below assets/ at most. No "..", no other bytes.
const ASSET_NAME = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/** Which copy to send: brotli, then gzip, when the request accepts it (a q=0 refuses). */
function pickEncoding(accept: string | undefined, asset: Asset): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const accepted = new Set<string>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p))) continue;
    accepted.add(name.trim());
  }
  if (asset.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (asset.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

export function registerAssets(app: FastifyInstance, assetsDir: string): void {
  const cache = new Map<string, Promise<Asset | null>>();

  const load = (name: string): Promise<Asset | null> => {
    let pending = cache.get(name);
    if (!pending) {
      const file = path.join(assetsDir, name);
      pending = Promise.all([readOptional(file), readOptional(`${file}.br`), readOptional(`${file}.gz`)]).then(([identity, br, gzip]) =>
        identity ? { type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream', identity, br, gzip } : null,
      );
      // A miss is not remembered: the file may be deployed later, and unknown names must not fill the memory.
      void pending.then((asset) => asset ?? cache.delete(name));
      cache.set(name, pending);
    }
    return pending;
  };

  const notFound = (reply: FastifyReply) => reply.status(404).send(new AppError(404, 'NOT_FOUND').toJSON());

  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const name = request.params['*'];
    if (!ASSET_NAME.test(name) || name.split('/').includes('..')) return notFound(reply);
    const asset = await load(name);
    if (!asset) return notFound(reply);
    const encoding = pickEncoding(request.headers['accept-encoding'], asset);
    const body = encoding ? asset[encoding]! : asset.identity;
    reply.header('Content-Type', asset.type);
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    // The answer depends on Accept-Encoding wherever a compressed copy exists.
    if (asset.br || asset.gzip) reply.header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    reply.header('Content-Length', body.length);
    return reply.send(body);
  });
}
