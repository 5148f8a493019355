// The payouts area, under /api/payout (types: src/shared/payouts.ts):
//   GET {prefix}?page&limit&orderBy&order&options&customerId   payout.read   { items: Payout[], numberOfRecords }
//   GET {prefix}/:id                                           payout.read   Payout with its status history
//   POST {prefix}                                              payout.manage Payout (201) | { authorizationRequired }   (create.ts)
//   PUT  {prefix}/status                                       payout.manage StatusChangeAnswer | { authorizationRequired } (status.ts)
//   GET  {prefix}/summary/status?period&year&number             statistics, payout.read  StatusSummaryAnswer (also ?from&to)   (summary.ts)
//   GET  {prefix}/summary/collectionRates?period&year&number    statistics    CollectionRatesAnswer                      (summary.ts)
//   GET  {prefix}/report?options&format=xlsx|csv&lang           payout.read   the matching payouts as a download (report.ts)
//   POST {prefix}/:id/reminder                                 payout.manage Payout: a reminder SMS sent                (status.ts)
//   POST {prefix}/fromFile (multipart), GET {prefix}/fromFile/template  payout.manage  payouts from a spreadsheet (import.ts)
//   GET  {prefix}/:id/beneficiary                              payout.beneficiary.details  the bank account collected to, in full, audited (beneficiary.ts)
import type { FastifyPluginAsync } from 'fastify';
import { PAYOUT_ROUTES_KEY_PERMISSION } from '../../../shared/apiKeys.ts';
import { readOnlyResourceRoutes } from '../../toolkit/index.ts';
import { createPayoutRoute } from './create.ts';
import { payouts } from './resource.ts';
import { statusRoutes } from './status.ts';
import { summaryRoutes } from './summary.ts';
import { reportRoutes } from './report.ts';
import { importRoutes } from './import.ts';
import { beneficiaryRoutes } from './beneficiary.ts';

export const payoutsArea: FastifyPluginAsync = async (app) => {
  // Every route of the area, registered below, asks an API key for integration_api_payout too (the hook is this
  // plugin's own, so the other areas under /api/payout are not concerned).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, keyPermissions: [PAYOUT_ROUTES_KEY_PERMISSION] };
  });
  readOnlyResourceRoutes(app, payouts);
  await app.register(createPayoutRoute);
  await app.register(statusRoutes);
  await app.register(summaryRoutes);
  await app.register(reportRoutes);
  await app.register(importRoutes);
  await app.register(beneficiaryRoutes);
};
