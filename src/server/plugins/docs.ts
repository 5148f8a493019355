// The integration API's documentation: OpenAPI 3.1 made from the route schemas (@fastify/swagger), served as
// /api/docs/openapi.json and as a readable page at /api/docs (@fastify/swagger-ui: its scripts and styles are files
// of its own, so the page runs under the same CSP as the panel, without eval or inline script). It lists the routes
// an API key can call: those that declare a permission a key may carry, each with the examples of
// schemas/api-examples.json (its request, parameters and answers; `npm run validate` checks them against the routes).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { API_KEY_PERMISSIONS } from '../../shared/apiKeys.ts';
import { exampleKey, loadApiExamples, withExamples } from './apiExamples.ts';

/** The hash of the style element @fastify/swagger-ui 6.1.0 writes (the browser test notices a new one). */
const SWAGGER_UI_STYLE = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

/** Whether a route answers calls made with an API key (plugins/auth.ts lets keys reach exactly these). */
export function isApiKeyRoute(url: string, config: FastifyContextConfig | undefined): boolean {
  return url.startsWith('/api/') && !config?.public && Boolean(config?.permissions?.some((p) => (API_KEY_PERMISSIONS as readonly string[]).includes(p)));
}

export async function registerDocs(app: FastifyInstance, appName: string): Promise<void> {
  const examples = loadApiExamples();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${appName} API`,
        version: '1',
        description:
          'Calls for a customer\'s own systems: payouts, recipients, programs and accounts. Authenticate with `Authorization: Bearer <API key>` (made in the panel\'s Integration API section; a restricted key reaches the calls of its permissions only; the payout calls, under /api/payout but for recipients and programs, also need its permission integration_api_payout). Amounts are integers in thousandths of the currency unit. Send an `Idempotency-Key` header with a POST to make a retry safe: within 24 hours the same key and request answer the first answer again. A key may make API_KEY_RATE_LIMIT calls a minute; beyond, 429 with Retry-After.',
      },
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: ppk_ and 32 characters.' } } },
      security: [{ apiKey: [] }],
    },
    transform: ({ schema, url, route }) => {
      const shown = isApiKeyRoute(url, route.config as FastifyContextConfig | undefined);
      const methods = typeof route.method === 'string' ? [route.method] : route.method;
      const given = shown ? methods.map((method) => examples.get(exampleKey(method, url))).find((e) => e !== undefined) : undefined;
      return { schema: { ...(given ? withExamples(schema ?? {}, given) : schema), hide: !shown } as typeof schema, url };
    },
  });
  // The page and its files are for anyone (they hold no data): public, as the auth plugin reads it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: false } });
  // Swagger UI writes one style element of its own; its hash (of this pinned version) is allowed on its page only.
  // Scripts stay 'self': no eval, no inline script.
  app.addHook('onSend', async (request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    if (request.url.startsWith('/api/docs') && typeof csp === 'string') reply.header('content-security-policy', csp.replace("style-src 'self'", `style-src 'self' '${SWAGGER_UI_STYLE}'`));
    return payload;
  });
  app.get('/api/docs/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
