// Countries (for phone numbers and bank details) and payment routes: which bank details a
// country and currency require, from src/shared/data/payment-routes.json (src/server/platform/paymentRoutes.ts). For a
// customer's user (a recipient on the collection page, say) only the routes the customer offers count.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { requestContext } from '../../toolkit/context.ts';
import { offeredRoutes, PAYMENT_ROUTES, type PaymentRoute } from '../../platform/paymentRoutes.ts';
import { getSetting } from '../../platform/settings.ts';

const READERS = ['country.read', 'payout.collection'];

function language(request: FastifyRequest): 'pl' | 'en' {
  return /^pl\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'pl' : 'en';
}

function label(code: string, lang: string): string {
  return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
}

/** The routes open to the request's customer (its own, or the one a SUPER_ADMIN names); all of them without one. */
async function routesFor(db: Db, request: FastifyRequest, customerId?: number): Promise<PaymentRoute[]> {
  const customer = requestContext(request, customerId).customerId;
  return customer === null ? PAYMENT_ROUTES : offeredRoutes(db, customer);
}

export function countryRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/country', { config: { permissions: READERS } }, async (request) => {
    const lang = language(request);
    const items = getCountries()
      .map((code) => ({ countryCode: code, label: label(code, lang), dialCode: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
    return { items, numberOfRecords: items.length };
  });

  // `currency`: only the countries a transfer in that currency goes to (the collection page asks for its payouts').
  app.get<{ Querystring: { customerId?: number; currency?: string } }>(
    '/api/paymentRoutes/countries',
    {
      config: { permissions: READERS },
      schema: {
        querystring: {
          type: 'object',
          properties: { customerId: { type: 'integer', minimum: 1 }, currency: { type: 'string', pattern: '^[A-Za-z]{3}$' } },
        },
      },
    },
    async (request) => {
      const lang = language(request);
      const allowed = new Set<string>(JSON.parse((await getSetting(db, 'AVAILABLE_COUNTRIES')) ?? '[]'));
      const currency = request.query.currency?.toUpperCase();
      const routes = (await routesFor(db, request, request.query.customerId)).filter((r) => !currency || r.currency === currency);
      const codes = [...new Set(routes.map((r) => r.countryCode))].filter((c) => allowed.has(c));
      const items = codes.map((code) => ({ countryCode: code, label: label(code, lang) })).sort((a, b) => a.label.localeCompare(b.label, lang));
      return { items, numberOfRecords: items.length };
    },
  );

  app.get<{ Querystring: { countryCode: string; currency: string } }>(
    '/api/paymentRoutes/requiredFields',
    {
      config: { permissions: READERS },
      schema: {
        querystring: {
          type: 'object',
          required: ['countryCode', 'currency'],
          properties: { countryCode: { type: 'string', pattern: '^[A-Za-z]{2}$' }, currency: { type: 'string', pattern: '^[A-Za-z]{3}$' } },
        },
      },
    },
    async (request) => {
      const country = request.query.countryCode.toUpperCase();
      const currency = request.query.currency.toUpperCase();
      // A route the customer does not offer is, to its users, no route.
      const route = (await routesFor(db, request)).find((r) => r.countryCode === country && r.currency === currency);
      if (!route) throw new AppError(404, 'PAYMENT_ROUTE_NOT_FOUND');
      return route;
    },
  );
}
