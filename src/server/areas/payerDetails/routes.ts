// A customer's payer details, under /api/customer/payerDetails (service.ts; the form: schemas/forms/payer-details.json):
//   GET {prefix}?customerId   customer.settings or payout.manage   the details ({} while none are set)
//   PUT {prefix}?customerId   customer.settings                    the details replaced, audited
// An ADMIN edits them and a General Representative reads them (payout.manage, which a Special Representative lacks);
// a SUPER_ADMIN names the customer, as with its settings.
import type { FastifyPluginAsync } from 'fastify';
import { formAnswer, requestContext, type JsonSchema } from '../../toolkit/index.ts';
import { loadSchema } from '../../validation.ts';
import { payerCustomer, readPayerDetails, writePayerDetails, type PayerDetails } from './service.ts';

const customerQuery: JsonSchema = { type: 'object', properties: { customerId: { type: 'integer', minimum: 1 } }, additionalProperties: false };
const answer = formAnswer('forms/payer-details');
type Query = { Querystring: { customerId?: number } };

export const payerDetailsArea: FastifyPluginAsync = async (app) => {
  app.get<Query>(
    '',
    { config: { permissions: ['customer.settings', 'payout.manage'] }, schema: { querystring: customerQuery, response: { 200: answer } } },
    async (request) => {
      const ctx = requestContext(request, request.query.customerId);
      return (await readPayerDetails(ctx.db, await payerCustomer(ctx, request.query.customerId))) ?? {};
    },
  );

  app.put<Query & { Body: PayerDetails }>(
    '',
    { config: { permissions: ['customer.settings'] }, schema: { querystring: customerQuery, body: loadSchema('forms/payer-details'), response: { 200: answer } } },
    async (request) => {
      const ctx = requestContext(request, request.query.customerId);
      return writePayerDetails(ctx, await payerCustomer(ctx, request.query.customerId), request.body);
    },
  );
};
