// Security headers on every response. The CSP allows no eval and no inline script: browser
// validators are precompiled at build time for exactly this reason. Pages may connect to this server and to the
// error-reporting host SENTRY_CLIENT_DSN names, no other; cross-origin calls to the API: plugins/cors.ts.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { registerCors } from './cors.ts';

/** Where pages may send requests: this server, and the origin of the browser's error-reporting DSN when one is set. */
function connectSources(clientDsn: string | null): string[] {
  return clientDsn ? ["'self'", new URL(clientDsn).origin] : ["'self'"];
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  registerCors(app, app.config.panelOrigin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: connectSources(app.config.sentryClientDsn),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // One clickjacking policy: X-Frame-Options says what frame-ancestors 'none' says (helmet's default is SAMEORIGIN).
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers carry personal data and tokens: never cache them.
    if (request.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
  });
}
