// Idempotency keys on the API's POSTs, with Stripe's semantics: a POST sent with an `Idempotency-Key` header is
// run once per caller (a user, or an API key) and key; a retry with the same key and the same request within 24 hours
// gets the first answer again (marked `Idempotent-Replayed: true`) and changes nothing; the same key with another
// request is refused (422); while the first is still running, a second is refused (409) rather than run beside it.
// The claim is a row inserted before the route runs (the primary key decides between concurrent requests), its
// answer stored once sent; a 5xx answer frees the key, so that the retry runs again.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const HEADER = 'idempotency-key';
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a key's answer is kept. */
const IDEMPOTENCY_HOURS = 24;

export function registerIdempotency(app: FastifyInstance): void {
  const { db } = app;
  app.decorateRequest('idempotency', null);

  // After authentication and body validation: a request refused before it reaches its route claims nothing.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[HEADER];
    if (request.method !== 'POST' || header === undefined || !request.auth) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!VALID_KEY.test(key)) throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID');
    const auth = request.auth;
    const scope = auth.apiKeyId !== null ? `key:${auth.apiKeyId}` : `user:${auth.user.id}`;
    const hash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    // A claim older than the keys are kept is taken over, as if it had never been.
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'key'])
          .doUpdateSet({ request_hash: hash, status: null, body: null, created_at: sql<Date>`now()` })
          .where('idempotency_keys.created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotency = { scope, key };
      return;
    }
    const first = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirstOrThrow();
    if (first.request_hash !== hash) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED');
    if (first.status === null || first.body === null) throw new AppError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    return reply.status(first.status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(first.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = db.updateTable('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key);
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.deleteFrom('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key).execute();
    } else {
      await where.set({ status: reply.statusCode, body: payload }).execute();
    }
    return payload;
  });
}

/** Drops the answers kept longer than they are honoured (run with the other periodic jobs). */
export async function forgetOldIdempotencyKeys(db: Db): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`).execute();
}
