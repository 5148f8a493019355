// The request context every toolkit route and area service works with: who asks (the session), for
// which customer (the user's own, or the one a SUPER_ADMIN names), and on which database handle (the
// application's database, or the transaction the work runs in). The database, the configuration and the message
// outbox are decorations of the Fastify instance (app.ts), so an area plugin needs no options beyond its prefix.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/log.ts';
import type { Config } from '../config.ts';
import type { Db, Trx } from '../db/index.ts';
import type { OutboxDispatcher } from '../platform/outbox.ts';
import { authOf, type Auth } from '../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's database (decorated once in app.ts). */
    db: Db;
    /** The message outbox's dispatcher, woken when a route has queued a message (decorated once in app.ts). */
    outbox: Pick<OutboxDispatcher, 'kick'>;
    /** The configuration (src/server/config.ts), read once at start-up. */
    config: Config;
  }
}

export interface RequestContext {
  auth: Auth;
  /** The customer the request acts for: the user's own, or the one a SUPER_ADMIN names (null: none named). */
  customerId: number | null;
  /** Where the work runs: the database, or the transaction of `inTransaction`. */
  db: Db;
}

/** The customer a request acts for; a SUPER_ADMIN names it, everyone else has their own. */
function actingCustomer(auth: Auth, named: unknown): number | null {
  if (auth.user.type === 'SUPER_ADMIN') return typeof named === 'number' ? named : null;
  return auth.user.customer_id;
}

/** The context of a request; `named` is the customerId the request carries (query or body), if any. */
export function requestContext(request: FastifyRequest, named?: unknown): RequestContext {
  const auth = authOf(request);
  return { auth, customerId: actingCustomer(auth, named), db: request.server.db };
}

/** Runs work in one transaction, with a context whose `db` is that transaction. */
export function inTransaction<T>(ctx: RequestContext, work: (trx: RequestContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}

/** The transaction of a context made by `inTransaction` (for the ledger and the audit log, which take one). */
export function transactionOf(ctx: RequestContext): Trx {
  if (!ctx.db.isTransaction) throw new Error('this work runs in a transaction: call it inside inTransaction');
  return ctx.db as Trx;
}

/** Who acts, for the audit log and the statement: the signed-in user through this session, or through an API key. */
export function actorOf(ctx: RequestContext): Actor {
  return { userId: ctx.auth.user.id, sessionId: ctx.auth.sessionId, apiKeyId: ctx.auth.apiKeyId };
}

/** The database without its table types, for the toolkit's queries over tables named at run time. */
export function untyped(db: Db): Kysely<any> {
  return db as unknown as Kysely<any>;
}
