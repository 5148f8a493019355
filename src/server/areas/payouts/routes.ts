// The payouts area, under /api/payout (types: src/shared/payouts.ts):
//   GET {prefix}?page&limit&orderBy&order&options&customerId   payout.read   { items: Payout[], numberOfRecords }
//   GET {prefix}/:id                                           payout.read   Payout with its status history
import type { FastifyPluginAsync } from 'fastify';
import { readOnlyResourceRoutes } from '../../toolkit/index.ts';
import { payouts } from './resource.ts';

export const payoutsArea: FastifyPluginAsync = async (app) => {
  readOnlyResourceRoutes(app, payouts);
};
