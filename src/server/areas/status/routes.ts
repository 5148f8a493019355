// Public start-up calls, under /api:
//   GET {prefix}/status   the technical-break status
//   GET {prefix}/config   the panel's public configuration (?customer= names a customer for its look and login variant)
import type { FastifyPluginAsync } from 'fastify';
import { customerByDomain, findCustomerByUrl } from '../../platform/users.ts';
import { loadSchema } from '../../validation.ts';

const configQuery = { type: 'object', properties: { customer: { type: 'string', maxLength: 100 } } };

export const statusArea: FastifyPluginAsync = async (app) => {
  const { config, db } = app;

  app.get(
    '/status',
    { config: { public: true }, schema: { response: { 200: loadSchema('responses/status') } } },
    async () => ({ success: true, isTechnicalBreak: config.technicalBreak }),
  );

  app.get<{ Querystring: { customer?: string } }>(
    '/config',
    { config: { public: true }, schema: { querystring: configQuery, response: { 200: loadSchema('responses/config') } } },
    async (request) => {
      // The customer named by `?customer=`, or the one whose own domain (CUSTOM_DOMAIN_NAME) the panel is opened on.
      const customer = request.query.customer ? await findCustomerByUrl(db, request.query.customer) : await customerByDomain(db, request.headers.host);
      return {
        appName: config.appName,
        supportEmail: config.supportEmail,
        poweredBy: config.poweredBy,
        loginVariant: customer?.login_variant ?? config.loginVariant,
        customer: customer ? { name: customer.name, url: customer.url, logoUrl: customer.logo_url, primaryColor: customer.primary_color } : null,
        availableLanguages: ['en', 'pl'],
        limitOptions: [10, 20, 50],
        deployment: config.deployment,
        errorReportingDsn: config.sentryClientDsn,
      };
    },
  );
};
