// The customers area, under /api/customer: GET {prefix}, GET {prefix}/:id, POST {prefix}, PUT {prefix}, and a
// customer's settings (settings.ts). Customers have no rules beyond their schemas and unique names and urls.
import type { FastifyPluginAsync } from 'fastify';
import { resourceRoutes } from '../../toolkit/index.ts';
import { customers } from './resource.ts';
import { customerSettingsRoutes } from './settings.ts';

export const customersArea: FastifyPluginAsync = async (app) => {
  resourceRoutes(app, customers);
  await app.register(customerSettingsRoutes);
};
