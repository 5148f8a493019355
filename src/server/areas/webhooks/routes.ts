// The webhooks area, under /api/integration/webhooks: a customer's endpoints (endpoints.ts) and their delivery log
// (deliveries.ts). Events are queued where they happen (src/server/platform/webhooks/events.ts) and delivered by the
// outbox (src/server/platform/webhooks/transport.ts).
import type { FastifyPluginAsync } from 'fastify';
import { deliveryRoutes } from './deliveries.ts';
import { endpointRoutes } from './endpoints.ts';

export const webhooksArea: FastifyPluginAsync = async (app) => {
  // The static paths (deliveries) before the endpoints' /:id.
  deliveryRoutes(app);
  endpointRoutes(app, app.config.webhookPrivateAddresses);
};
