// Public start-up calls: the technical-break status and the panel's public configuration.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { customerByDomain, findCustomerByUrl } from '../../platform/users.ts';

export function statusRoutes(app: FastifyInstance, db: Db, config: Config): void {
  app.get('/api/status', { config: { public: true } }, async () => ({ success: true, isTechnicalBreak: config.technicalBreak }));

  app.get<{ Querystring: { customer?: string } }>(
    '/api/config',
    {
      config: { public: true },
      schema: { querystring: { type: 'object', properties: { customer: { type: 'string', maxLength: 100 } } } },
    },
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
      };
    },
  );
}
