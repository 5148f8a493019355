// The customers area, under /api/customer: GET {prefix}, GET {prefix}/:id, POST {prefix}, PUT {prefix}.
// Customers have no rules beyond their schemas and unique names and urls, so the area has no service.
import type { FastifyPluginAsync } from 'fastify';
import { resourceRoutes } from '../../toolkit/index.ts';
import { customers } from './resource.ts';

export const customersArea: FastifyPluginAsync = async (app) => {
  resourceRoutes(app, customers);
};
