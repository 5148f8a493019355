// The collection page's calls, under /api/payout/collection:
//   GET  {prefix}/templateProperties?customerUrl&programUrl   the page's look and texts, and the customer and program
//                                                              its address names, a custom domain's too (public; template.ts)
//   GET  {prefix}/urls?customerId                              the collection addresses (staff, payout.collection.url)
//   GET, PUT {prefix}/settings?customerId                      the customer's page settings (customer.settings; settings.ts)
//   GET, PUT {prefix}/settings/program/{id}                     a program's, over its customer's (payout.program.manage)
//   GET {prefix}/payin?customerUrl, GET, PUT {prefix}/payin/settings   the barcode pay-in page's (payin.ts)
// and those of a signed-in recipient (a RECIPIENT session, permission payout.collection):
//   GET  {prefix}               the payouts it may collect now: its own, of its customer (and of the session's
//                               program when the page's address named one), TO_COLLECT, started and not ended, with
//                               the customer's time zone, in which the page shows their end dates
//   POST {prefix}               collects some of them to one of its bank accounts (CollectBody; service.ts)
//   GET  {prefix}/bankAccount   its bank accounts on the payment routes its customer offers, newest first (bankAccounts.ts)
//   POST {prefix}/bankAccount   adds one; the details its payment route requires must be given
// The sign-in is a plugin of its own under /api/payout/recipient (signIn.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { CollectAnswer, CollectablePayouts, CollectBody, CollectionUrls, NewBankAccount } from '../../../shared/collection.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { entityResponse, listResponse, requestContext } from '../../toolkit/index.ts';
import { loadSchema } from '../../validation.ts';
import { addBankAccount, bankAccounts } from './bankAccounts.ts';
import { collect, collectablePayoutList, collectionUrls, collectorOf } from './service.ts';
import { payinRoutes } from './payin.ts';
import { pageSettingsRoutes } from './settings.ts';
import { templateProperties } from './template.ts';

const COLLECTOR: { permissions: Permission[]; userTypes: 'RECIPIENT'[] } = { permissions: ['payout.collection'], userTypes: ['RECIPIENT'] };

const pageAddress = {
  type: 'object',
  properties: { customerUrl: { type: 'string', minLength: 1, maxLength: 100 }, programUrl: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: false,
};
const customerQuery = { type: 'object', properties: { customerId: { type: 'integer', minimum: 1 } }, additionalProperties: false };
/** A payout the page offers is a payout's fields (src/shared/collection.ts, CollectablePayout). */
const collectablePayout = entityResponse('entities/payout', ['id', 'reference', 'amount', 'currency', 'title', 'programName', 'endDate']);
const bankAccount = loadSchema('responses/collection-bank-account');
const payoutList = listResponse(collectablePayout) as { properties: Record<string, unknown>; required: string[] };
/** The list with the customer's zone (src/shared/collection.ts, CollectablePayouts). */
const collectableAnswer = {
  ...payoutList,
  properties: { ...payoutList.properties, timeZone: { type: 'string', description: "The customer's TIME_ZONE: the page shows end dates in it, as the SMS does." } },
  required: [...payoutList.required, 'timeZone'],
};

export const collectionArea: FastifyPluginAsync = async (app) => {
  pageSettingsRoutes(app);
  payinRoutes(app);

  app.get<{ Querystring: { customerUrl?: string; programUrl?: string } }>(
    '/templateProperties',
    {
      config: { public: true, collectionPage: true },
      schema: { querystring: pageAddress, response: { 200: loadSchema('responses/collection-template-properties') } },
    },
    async (request) => templateProperties(app.db, { host: request.headers.host, ...request.query }, app.config.supportEmail),
  );

  app.get<{ Querystring: { customerId?: number } }>(
    '/urls',
    { config: { permissions: ['payout.collection.url'] }, schema: { querystring: customerQuery, response: { 200: loadSchema('responses/collection-urls') } } },
    async (request): Promise<CollectionUrls> => collectionUrls(app.db, requestContext(request, request.query.customerId).customerId, app.config.publicUrl),
  );

  app.get('/', { config: COLLECTOR, schema: { response: { 200: collectableAnswer } } }, async (request): Promise<CollectablePayouts> =>
    collectablePayoutList(app.db, collectorOf(request)),
  );

  app.post<{ Body: CollectBody }>(
    '/',
    { config: COLLECTOR, schema: { body: loadSchema('forms/collect'), response: { 200: loadSchema('responses/collection-collect') } } },
    async (request): Promise<CollectAnswer> => {
      const ids = await collect(app.db, collectorOf(request), request.body, app.config.publicUrl);
      void app.outbox.kick();
      return { collected: ids.length, ids };
    },
  );

  app.get('/bankAccount', { config: COLLECTOR, schema: { response: { 200: listResponse(bankAccount) } } }, async (request) => {
    const items = await bankAccounts(app.db, collectorOf(request));
    return { items, numberOfRecords: items.length };
  });

  app.post<{ Body: NewBankAccount }>(
    '/bankAccount',
    { config: COLLECTOR, schema: { body: loadSchema('forms/bank-account'), response: { 201: bankAccount } } },
    async (request, reply) => {
      const added = await addBankAccount(app.db, collectorOf(request), request.body);
      return reply.code(201).send(added);
    },
  );
};
