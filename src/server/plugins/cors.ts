// Cross-origin calls, for a panel served apart from its API (built with API_BASE_URL): the one origin PANEL_ORIGIN
// names may call /api, no other; unset, the API answers no cross-origin call at all. The panel's only credential is
// the bearer token in the Authorization header (the API reads no cookie), so the credentials mode is never allowed.
import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language, Idempotency-Key';
// Read by the panel: a report's file name, and when to try again after a 429.
const EXPOSED_HEADERS = 'Content-Disposition, Retry-After';
/** How long a browser may keep a preflight's answer, seconds. */
const PREFLIGHT_MAX_AGE = 600;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export function registerCors(app: FastifyInstance, panelOrigin: string | null): void {
  if (!panelOrigin) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url)) return;
    // The answer differs by the caller's origin: no cache may give one origin's answer to another.
    reply.header('Vary', 'Origin');
    if (request.headers.origin !== panelOrigin) return;
    reply.header('Access-Control-Allow-Origin', panelOrigin);
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE));
      return reply.status(204).send();
    }
  });
}
