// The programs area, under /api/payout/program: GET {prefix}, GET {prefix}/:id, POST {prefix},
// PUT {prefix}, DELETE {prefix}/:id; GET {prefix}/summary, the dashboard's programs (summary.ts).
import type { FastifyPluginAsync } from 'fastify';
import { resourceRoutes } from '../../toolkit/index.ts';
import { programs } from './resource.ts';
import { programSummaryRoutes } from './summary.ts';

export const programsArea: FastifyPluginAsync = async (app) => {
  resourceRoutes(app, programs);
  await app.register(programSummaryRoutes);
};
