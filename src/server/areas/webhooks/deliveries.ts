// The delivery log of a customer's webhooks (integration_api, API_ENABLED):
//   GET  {prefix}/deliveries?options={"endpointId":N,…}   the deliveries, newest first (list.ts)
//   GET  {prefix}/deliveries/:id                           one delivery with its payload and its last attempts
//   POST {prefix}/deliveries/:id/resend                    "send again": the same event (same webhook-id) queued anew
// A delivery is the outbox row of the event for the endpoint; its attempts are webhook_attempts.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { WebhookAttempt } from '../../../shared/webhooks.ts';
import { writeAudit } from '../../audit/log.ts';
import { outboxStateSql } from '../../platform/outbox.ts';
import {
  actorOf,
  inTransaction,
  itemResponse,
  itemRoutes,
  listRoute,
  lockRow,
  readDetails,
  requestContext,
  transactionOf,
  untyped,
  type View,
} from '../../toolkit/index.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';
import { MANAGE, webhookCustomer } from './endpoints.ts';

/** The attempts a delivery's details show, newest first. */
const ATTEMPTS_SHOWN = 20;

const deliveries: View & { fields: Record<string, string | ReturnType<typeof sql>> } = {
  tenancy: { column: 'outbox.customer_id' },
  baseQuery: async (ctx) => {
    await webhookCustomer(ctx);
    return untyped(ctx.db).selectFrom('outbox').innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'outbox.webhook_endpoint_id');
  },
  fields: {
    id: 'outbox.id',
    endpointId: 'outbox.webhook_endpoint_id',
    url: 'webhook_endpoints.url',
    eventId: 'outbox.event_id',
    eventType: 'outbox.subject',
    payload: 'outbox.body',
    state: outboxStateSql,
    attempts: 'outbox.attempts',
    lastStatus: 'outbox.last_status',
    lastError: 'outbox.last_error',
    nextAttemptAt: 'outbox.next_attempt_at',
    sentAt: 'outbox.sent_at',
    createdAt: 'outbox.created_at',
  },
};

async function attemptLog(ctx: Parameters<View['baseQuery']>[0], row: Record<string, unknown>): Promise<WebhookAttempt[]> {
  const rows = await ctx.db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('outbox_id', '=', Number(row.id))
    .orderBy('id', 'desc')
    .limit(ATTEMPTS_SHOWN)
    .execute();
  return rows.map((a) => ({ id: Number(a.id), attemptedAt: new Date(a.attempted_at).toISOString(), status: a.status, error: a.error, durationMs: a.duration_ms }));
}

export function deliveryRoutes(app: FastifyInstance): void {
  listRoute(app, {
    ...deliveries,
    path: '/deliveries',
    permissions: MANAGE,
    filterSchema: 'filters/webhook-delivery',
    // Ids rise with time: the primary key orders them without sorting the table.
    defaultOrder: ['id', 'DESC'],
    response: 'entities/webhook-delivery',
  });
  itemRoutes(app, { ...deliveries, path: '/deliveries/:id', permissions: MANAGE, notFound: 'NOT_FOUND', response: 'entities/webhook-delivery', related: { attemptLog } });

  // The delivery as its details answer it, tried afresh.
  const details = itemResponse('entities/webhook-delivery', deliveries, { attemptLog });
  app.post<{ Params: IdParams }>('/deliveries/:id/resend', { config: { permissions: MANAGE }, schema: { params: idParams, response: { 200: details } } }, async (request) =>
    inTransaction(requestContext(request), async (ctx) => {
      const customerId = await webhookCustomer(ctx);
      const id = paramId(request.params);
      await lockRow(ctx, deliveries, 'outbox', id, 'NOT_FOUND');
      // Tried afresh with all its attempts, at once; its earlier attempts stay in the log.
      await transactionOf(ctx)
        .updateTable('outbox')
        .set({ sent_at: null, attempts: 0, claimed_at: null, next_attempt_at: null, last_error: null, last_status: null })
        .where('id', '=', id)
        .execute();
      await writeAudit(transactionOf(ctx), { actor: actorOf(ctx), customerId, action: 'webhook.resend', entity: 'webhookDelivery', entityId: id });
      return readDetails(deliveries, { attemptLog }, ctx, id, { scope: false });
    }).then((answer) => {
      void request.server.outbox.kick();
      return answer;
    }),
  );
}
