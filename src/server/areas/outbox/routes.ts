// The message outbox for a SUPER_ADMIN, under /api/outbox:
//   GET {prefix}?page&limit&orderBy&order&options&customerId   -> { items: OutboxEntry[], numberOfRecords }
// Every SMS, e-mail and webhook delivery queued, newest first, with its delivery: attempts, the next retry, the last error, and a
// state derived from them (sent, failed once its attempts are spent, else pending). A SUPER_ADMIN names one
// customer's messages with customerId. The body is never listed: it holds verification codes.
import type { FastifyPluginAsync } from 'fastify';
import { outboxStateSql } from '../../platform/outbox.ts';
import { listRoute, untyped, type ListRouteOptions } from '../../toolkit/index.ts';

const outboxList: ListRouteOptions = {
  permissions: [],
  userTypes: ['SUPER_ADMIN'],
  // Messages of staff codes belong to no customer: only a SUPER_ADMIN naming no customer sees them.
  tenancy: { column: 'outbox.customer_id' },
  baseQuery: (ctx) => untyped(ctx.db).selectFrom('outbox'),
  fields: {
    id: 'outbox.id',
    channel: 'outbox.channel',
    recipient: 'outbox.recipient',
    subject: 'outbox.subject',
    createdAt: 'outbox.created_at',
    sentAt: 'outbox.sent_at',
    attempts: 'outbox.attempts',
    nextAttemptAt: 'outbox.next_attempt_at',
    lastError: 'outbox.last_error',
    state: outboxStateSql,
    customerId: 'outbox.customer_id',
  },
  filterSchema: 'filters/outbox',
  // Ids rise with time, and the primary key orders them without a sort of the whole table.
  defaultOrder: ['id', 'DESC'],
  response: 'entities/outbox',
};

export const outboxArea: FastifyPluginAsync = async (app) => {
  listRoute(app, outboxList);
};
