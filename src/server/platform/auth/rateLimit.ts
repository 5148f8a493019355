// A per-source request limit on the public login and restore routes (@fastify/rate-limit), on top of
// the lockout buckets: it bounds how fast one address can ask for codes and e-mails at all, whether
// or not its guesses fail. Counted in the instance's memory, so with several instances the limit
// applies per instance; the lockout buckets are the shared, exact rule.
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    // Thrown, so the API's error handler answers in its usual shape.
    errorResponseBuilder: () => new AppError(429, 'TOO_MANY_REQUESTS'),
  });
}

/** The route option of a limited public route: `config: { public: true, rateLimit: authRateLimit(config) }`. */
export function authRateLimit(config: Config) {
  return { max: config.authRateLimit, timeWindow: 60_000 };
}
