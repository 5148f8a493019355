// The programs area, under /api/payout/program: GET {prefix}, GET {prefix}/:id, POST {prefix},
// PUT {prefix}, DELETE {prefix}/:id.
import type { FastifyPluginAsync } from 'fastify';
import { resourceRoutes } from '../../toolkit/index.ts';
import { programs } from './resource.ts';

export const programsArea: FastifyPluginAsync = async (app) => {
  resourceRoutes(app, programs);
};
