// Countries, for phone numbers, under /api/country:
//   GET {prefix}   every country with its calling code, named in the request's language
import type { FastifyPluginAsync } from 'fastify';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import type { Permission } from '../../../shared/permissions.ts';
import { listResponse } from '../../toolkit/index.ts';
import { loadSchema } from '../../validation.ts';
import { countryName, language } from './names.ts';

/** The panel's staff, and a recipient on the collection page. */
export const COUNTRY_READERS: Permission[] = ['country.read', 'payout.collection'];

export const countriesArea: FastifyPluginAsync = async (app) => {
  app.get('', { config: { permissions: COUNTRY_READERS }, schema: { response: { 200: listResponse(loadSchema('responses/country')) } } }, async (request) => {
    const lang = language(request);
    const items = getCountries()
      .map((code) => ({ countryCode: code, label: countryName(code, lang), dialCode: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
    return { items, numberOfRecords: items.length };
  });
};
