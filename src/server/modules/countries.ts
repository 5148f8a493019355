// Countries (for phone numbers and bank details) and payment routes: which bank details a
// country and currency require, from src/shared/data/payment-routes.json.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import routesData from '../../shared/data/payment-routes.json' with { type: 'json' };
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { getSetting } from './settings.ts';

const READERS = ['country.read', 'payout.collection'];

function language(request: FastifyRequest): 'pl' | 'en' {
  return /^pl\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'pl' : 'en';
}

function label(code: string, lang: string): string {
  return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
}

export function countryRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/country', { config: { permissions: READERS } }, async (request) => {
    const lang = language(request);
    const items = getCountries()
      .map((code) => ({ countryCode: code, label: label(code, lang), dialCode: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
    return { items, numberOfRecords: items.length };
  });

  app.get('/api/paymentRoutes/countries', { config: { permissions: READERS } }, async (request) => {
    const lang = language(request);
    const allowed = new Set<string>(JSON.parse((await getSetting(db, 'AVAILABLE_COUNTRIES')) ?? '[]'));
    const codes = [...new Set(routesData.routes.map((r) => r.countryCode))].filter((c) => allowed.has(c));
    const items = codes.map((code) => ({ countryCode: code, label: label(code, lang) })).sort((a, b) => a.label.localeCompare(b.label, lang));
    return { items, numberOfRecords: items.length };
  });

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
      const route = routesData.routes.find((r) => r.countryCode === country && r.currency === currency);
      if (!route) throw new AppError(404, 'PAYMENT_ROUTE_NOT_FOUND');
      return route;
    },
  );
}
