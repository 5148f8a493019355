// Payment routes, under /api/paymentRoutes: which bank details a country and currency require, from
// src/shared/data/payment-routes.json (src/server/platform/paymentRoutes.ts). For a customer's user (a recipient on the
// collection page, say) only the routes the customer offers count.
//   GET {prefix}/countries?customerId&currency            the countries a transfer goes to (in that currency)
//   GET {prefix}/requiredFields?countryCode&currency      the route there, with the bank details it requires
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import { offeredRoutes, PAYMENT_ROUTES, type PaymentRoute } from '../../platform/paymentRoutes.ts';
import { getSetting } from '../../platform/settings.ts';
import { listResponse, type RequestContext, requestContext } from '../../toolkit/index.ts';
import { loadSchema } from '../../validation.ts';
import { countryName, language } from './names.ts';
import { COUNTRY_READERS } from './routes.ts';

const currency = { type: 'string', pattern: '^[A-Za-z]{3}$' };
const countriesQuery = { type: 'object', properties: { customerId: { type: 'integer', minimum: 1 }, currency } };
const routeQuery = { type: 'object', required: ['countryCode', 'currency'], properties: { countryCode: { type: 'string', pattern: '^[A-Za-z]{2}$' }, currency } };

/** The routes open to the context's customer (its own, or the one a SUPER_ADMIN names); all of them without one. */
async function routesFor(ctx: RequestContext): Promise<PaymentRoute[]> {
  return ctx.customerId === null ? PAYMENT_ROUTES : offeredRoutes(ctx.db, ctx.customerId);
}

export const paymentRoutesArea: FastifyPluginAsync = async (app) => {
  // `currency`: only the countries a transfer in that currency goes to (the collection page asks for its payouts').
  app.get<{ Querystring: { customerId?: number; currency?: string } }>(
    '/countries',
    { config: { permissions: COUNTRY_READERS }, schema: { querystring: countriesQuery, response: { 200: listResponse(loadSchema('responses/payment-route-country')) } } },
    async (request) => {
      const lang = language(request);
      const allowed = new Set<string>(JSON.parse((await getSetting(app.db, 'AVAILABLE_COUNTRIES')) ?? '[]'));
      const wanted = request.query.currency?.toUpperCase();
      const routes = (await routesFor(requestContext(request, request.query.customerId))).filter((r) => !wanted || r.currency === wanted);
      const codes = [...new Set(routes.map((r) => r.countryCode))].filter((c) => allowed.has(c));
      const items = codes.map((code) => ({ countryCode: code, label: countryName(code, lang) })).sort((a, b) => a.label.localeCompare(b.label, lang));
      return { items, numberOfRecords: items.length };
    },
  );

  app.get<{ Querystring: { countryCode: string; currency: string } }>(
    '/requiredFields',
    { config: { permissions: COUNTRY_READERS }, schema: { querystring: routeQuery, response: { 200: loadSchema('responses/payment-route') } } },
    async (request) => {
      const country = request.query.countryCode.toUpperCase();
      const wanted = request.query.currency.toUpperCase();
      // A route the customer does not offer is, to its users, no route.
      const route = (await routesFor(requestContext(request))).find((r) => r.countryCode === country && r.currency === wanted);
      if (!route) throw new AppError(404, 'PAYMENT_ROUTE_NOT_FOUND');
      return route;
    },
  );
};
