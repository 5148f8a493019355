// The recipients area, under /api/payout/recipient:
//   GET {prefix}, GET {prefix}/:id, POST {prefix}, PUT {prefix}     the resource (resource.ts)
//   POST {prefix}/toggleBlackListed { id }                           blocks or unblocks one recipient
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import { entityResponse, readItem, requestContext, resourceRoutes } from '../../toolkit/index.ts';
import { recipients, recipientsView } from './resource.ts';
import { toggleBlocked } from './service.ts';

export const recipientsArea: FastifyPluginAsync = async (app) => {
  resourceRoutes(app, recipients);

  app.post<{ Body: { id: number } }>(
    '/toggleBlackListed',
    {
      config: { permissions: recipients.permissions.manage },
      schema: {
        body: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        response: { 200: entityResponse(recipients.entity, Object.keys(recipientsView.fields)) },
      },
    },
    async (request) => {
      const ctx = requestContext(request);
      await toggleBlocked(ctx, request.body.id);
      const row = await readItem(recipientsView, ctx, request.body.id);
      if (!row) throw new AppError(404, recipients.notFound);
      return row;
    },
  );
};
