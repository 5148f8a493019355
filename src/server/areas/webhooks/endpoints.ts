// A customer's webhook endpoints, for its ADMIN (integration_api) while its API is enabled (API_ENABLED):
//   GET    {prefix}                 the endpoints (list.ts; never their secrets)
//   GET    {prefix}/:id             one endpoint
//   POST   {prefix}                 { url, description, events, enabled }: a new endpoint, its secret in this answer only
//   PUT    {prefix}                 { id, url, description, events, enabled }
//   DELETE {prefix}/:id             the endpoint and its delivery log
//   POST   {prefix}/:id/secret      a new secret (the old one stops signing at once), in this answer only
// Each change is audited. The address must be http or https outside private networks (the webhookUrl rule), unless
// WEBHOOK_PRIVATE_ADDRESSES=allow lets endpoints inside one's own network be saved and reached.
import type { WebhookEndpointForm } from '../../../shared/generated/forms.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { WebhookEndpointWithSecret } from '../../../shared/webhooks.ts';
import { writeAudit } from '../../audit/log.ts';
import { fieldFailure } from '../../errors.ts';
import { integrationCustomer } from '../../platform/apiKeys/keys.ts';
import { newWebhookSecret } from '../../platform/webhooks/signature.ts';
import {
  actorOf,
  inTransaction,
  itemResponse,
  lockRow,
  noContent,
  readItem,
  requestContext,
  resourceRoutes,
  resourceView,
  transactionOf,
  untyped,
  type AnyRow,
  type RequestContext,
  type Resource,
} from '../../toolkit/index.ts';
import { idParams, loadSchema, paramId, type IdParams } from '../../validation.ts';
import type { Permission } from '../../../shared/permissions.ts';

export const MANAGE: Permission[] = ['integration_api'];

/** The acting customer, whose API must be on (every webhook route asks it first). */
export const webhookCustomer = (ctx: RequestContext): Promise<number> => integrationCustomer(ctx.db, ctx.customerId);

/** The form's schema; with private addresses allowed, its URL rule is only that of an http(s) address (httpUrl). */
function endpointForm(allowPrivate: boolean): Record<string, unknown> {
  const form = loadSchema('forms/webhook-endpoint') as { properties: Record<string, Record<string, unknown>> };
  if (!allowPrivate) return form;
  return { ...form, properties: { ...form.properties, url: { ...form.properties.url, format: 'httpUrl' } } };
}

function endpointsResource(allowPrivate: boolean): Resource {
  return {
    table: 'webhook_endpoints',
    entity: 'entities/webhook-endpoint',
    tenancy: { column: 'webhook_endpoints.customer_id' },
    permissions: { read: MANAGE, manage: MANAGE },
    notFound: 'WEBHOOK_NOT_FOUND',
    defaultOrder: ['createdAt', 'DESC'],
    search: ['url', 'description'],
    fields: {
      state: sql`CASE WHEN NOT webhook_endpoints.enabled THEN 'DISABLED' WHEN webhook_endpoints.failing_since IS NOT NULL THEN 'FAILING' ELSE 'ACTIVE' END`,
      secret: null,
    },
    baseQuery: async (ctx) => {
      await webhookCustomer(ctx);
      return untyped(ctx.db).selectFrom('webhook_endpoints');
    },
    write: {
      form: endpointForm(allowPrivate),
      create: false,
      adjust: (_ctx, values) => {
        values.enabled ??= true;
      },
      audit: false,
      afterWrite: async (ctx, row, existing) => {
        await writeAudit(transactionOf(ctx), {
          actor: actorOf(ctx),
          customerId: row.customer_id,
          action: 'webhook.update',
          entity: 'webhook',
          entityId: row.id,
          before: existing && auditState(existing),
          after: auditState(row),
        });
      },
    },
  };
}

const auditState = (row: AnyRow) => ({ url: row.url, description: row.description, events: row.events, enabled: row.enabled });

export function endpointRoutes(app: FastifyInstance, allowPrivate: boolean): void {
  const resource = endpointsResource(allowPrivate);
  const view = resourceView(resource);
  resourceRoutes(app, resource);
  const withSecret = itemResponse('entities/webhook-endpoint', { ...view, fields: { ...view.fields, secret: 'webhook_endpoints.secret' } });
  const answer = async (ctx: RequestContext, id: number, secret: string): Promise<WebhookEndpointWithSecret> =>
    ({ ...(await readItem(view, ctx, id, { scope: false })), secret }) as WebhookEndpointWithSecret;

  app.post<{ Body: WebhookEndpointForm }>(
    '',
    { config: { permissions: MANAGE }, schema: { body: endpointForm(allowPrivate), response: { 201: withSecret } } },
    async (request, reply) => {
      const created = await inTransaction(requestContext(request), async (ctx) => {
        const customerId = await webhookCustomer(ctx);
        if (request.body.id !== undefined) throw fieldFailure('id', 'INVALID_VALUE');
        const secret = newWebhookSecret();
        const { url, description = null, events, enabled = true } = request.body;
        const row = await transactionOf(ctx)
          .insertInto('webhook_endpoints')
          .values({ customer_id: customerId, url, description, events, enabled, secret, created_by: ctx.auth.user.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(transactionOf(ctx), { actor: actorOf(ctx), customerId, action: 'webhook.create', entity: 'webhook', entityId: row.id, after: auditState(row) });
        return answer(ctx, row.id, secret);
      });
      return reply.status(201).send(created);
    },
  );

  app.delete<{ Params: IdParams }>('/:id', { config: { permissions: MANAGE }, schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await inTransaction(requestContext(request), async (ctx) => {
      const customerId = await webhookCustomer(ctx);
      const row = await lockRow(ctx, view, 'webhook_endpoints', paramId(request.params), 'WEBHOOK_NOT_FOUND');
      await transactionOf(ctx).deleteFrom('webhook_endpoints').where('id', '=', row.id).execute();
      await writeAudit(transactionOf(ctx), { actor: actorOf(ctx), customerId, action: 'webhook.delete', entity: 'webhook', entityId: row.id, before: auditState(row) });
    });
    return reply.status(204).send();
  });

  app.post<{ Params: IdParams }>('/:id/secret', { config: { permissions: MANAGE }, schema: { params: idParams, response: { 200: withSecret } } }, async (request) =>
    inTransaction(requestContext(request), async (ctx) => {
      const customerId = await webhookCustomer(ctx);
      const row = await lockRow(ctx, view, 'webhook_endpoints', paramId(request.params), 'WEBHOOK_NOT_FOUND');
      const secret = newWebhookSecret();
      await transactionOf(ctx).updateTable('webhook_endpoints').set({ secret, updated_at: new Date() }).where('id', '=', row.id).execute();
      await writeAudit(transactionOf(ctx), { actor: actorOf(ctx), customerId, action: 'webhook.secret', entity: 'webhook', entityId: row.id });
      return answer(ctx, row.id, secret);
    }),
  );
}
