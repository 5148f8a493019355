// The read-only routes (the lists, the payouts report, the dashboard's summaries) read through `app.readDb`: a
// streaming replica when DATABASE_READ_URL names one, else the database itself (docs/deployment.md). A replica lags
// its primary, so such a route may not yet show a write made a moment before; writes, and whatever a write reads
// inside its transaction, always use `app.db`.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { requestContext, type RequestContext } from './context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the read-only routes read (decorated once in app.ts): `db`, or its replica. */
    readDb: Db;
  }
}

/** The context of a read-only request: `requestContext`'s, reading through the replica handle. */
export function readContext(request: FastifyRequest, named?: unknown): RequestContext {
  return { ...requestContext(request, named), db: request.server.readDb };
}
