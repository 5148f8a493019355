// A per-source request limit on the public login, restore and collection sign-in routes (@fastify/rate-limit), on
// top of the lockout buckets: it bounds how fast one address can ask for codes and e-mails at all, whether or not
// its guesses fail. The source is the plugin's own key (request.ip; an IPv6 address by its /64). It counts in the
// database (platform/rateLimitStore.ts), so the limit holds across instances.
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { databaseStore, RequestCounter } from '../rateLimitStore.ts';

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    store: databaseStore(new RequestCounter(app.db, app.log)),
    // Thrown, so the API's error handler answers in its usual shape.
    errorResponseBuilder: () => new AppError(429, 'TOO_MANY_REQUESTS'),
  });
}

/** The route option of a limited public route: `config: { public: true, rateLimit: authRateLimit(config) }`. */
export function authRateLimit(config: Config) {
  return { max: config.authRateLimit, timeWindow: 60_000 };
}
