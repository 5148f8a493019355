// Public start-up calls, under /api:
//   GET {prefix}/status   the technical-break status
//   GET {prefix}/config   the panel's public configuration (?customer= names a customer for its look and login variant)
//   GET {prefix}/health   liveness: the process answers
//   GET {prefix}/ready    readiness: 200, or 503 NOT_READY with a reason (src/server/lifecycle.ts)
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import { customerByDomain, findCustomerByUrl } from '../../platform/users.ts';
import { loadSchema } from '../../validation.ts';

/**
 * The proxy's probes: public, no session looked up, not rate limited, and never logged one by one (a probe every few
 * seconds would fill a debug log); a 503 is an answer, not a failure, so it is neither logged nor reported.
 */
const probe = { config: { public: true }, logLevel: 'warn' } as const;

const configQuery = { type: 'object', properties: { customer: { type: 'string', maxLength: 100 } } };

export const statusArea: FastifyPluginAsync = async (app) => {
  const { config, db } = app;

  app.get(
    '/status',
    { config: { public: true }, schema: { response: { 200: loadSchema('responses/status') } } },
    async () => ({ success: true, isTechnicalBreak: config.technicalBreak }),
  );

  app.get('/health', { ...probe, schema: { response: { 200: loadSchema('responses/health') } } }, async () => ({ success: true }));

  app.get('/ready', { ...probe, schema: { response: { 200: loadSchema('responses/health'), 503: loadSchema('responses/not-ready') } } }, async () => {
    const reason = await app.lifecycle.notReady();
    if (reason) throw new AppError(503, 'NOT_READY', { reason });
    return { success: true };
  });

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
