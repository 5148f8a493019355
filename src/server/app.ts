// Builds the Fastify application around an open database: main.ts serves it; the API tests, the bench and validate's
// route listing build it the same way.
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifySchema } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_PATH } from '../shared/images.ts';
import { IMPORT_MAX_BYTES } from '../shared/imports.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import { auditKeyCalls, registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { forgetOldIdempotencyKeys, registerIdempotency } from './plugins/idempotency.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerClient } from './plugins/static.ts';
import { registerValidation } from './validation.ts';
import { registerRateLimit } from './platform/auth/rateLimit.ts';
import { OutboxDispatcher, type Transport } from './platform/outbox.ts';
import { ChannelTransport, transportFor } from './platform/transports/channels.ts';
import { customerSenderName } from './platform/transports/smsGateway.ts';
import { WebhookTransport, webhookSettled } from './platform/webhooks/transport.ts';
import { accountsArea } from './areas/accounts/routes.ts';
import { apiKeysArea } from './areas/apiKeys/routes.ts';
import { auditArea } from './areas/audit/routes.ts';
import { authArea } from './areas/auth/routes.ts';
import { collectionArea } from './areas/collection/routes.ts';
import { collectionSignInArea } from './areas/collection/signIn.ts';
import { collectionPageBreak } from './areas/collection/technicalBreak.ts';
import { paymentRoutesArea } from './areas/countries/paymentRoutes.ts';
import { countriesArea } from './areas/countries/routes.ts';
import { customersArea } from './areas/customers/routes.ts';
import { imagesArea } from './areas/images/routes.ts';
import { ledgerArea } from './areas/ledger/routes.ts';
import { notificationsArea } from './areas/notifications/routes.ts';
import { outboxArea } from './areas/outbox/routes.ts';
import { payerDetailsArea } from './areas/payerDetails/routes.ts';
import { payoutsArea } from './areas/payouts/routes.ts';
import { programsArea } from './areas/programs/routes.ts';
import { recipientsArea } from './areas/recipients/routes.ts';
import { settingsArea } from './areas/settings/routes.ts';
import { settlementArea } from './areas/settlement/routes.ts';
import { statusArea } from './areas/status/routes.ts';
import { usersArea } from './areas/users/routes.ts';
import { webhooksArea } from './areas/webhooks/routes.ts';
import { expirePayouts } from './jobs/expiry.ts';
import { IntervalJob } from './jobs/intervalJob.ts';
import { runLedgerCheck } from './jobs/ledgerCheck.ts';
import { sendReminders } from './jobs/reminders.ts';
import { loggerOptions } from './logOptions.ts';
import { Lifecycle } from './lifecycle.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Replaces the transports the configuration chooses (src/server/platform/transports/channels.ts). */
  transport?: Transport;
  /** Print outgoing messages to the console (off in tests). */
  printMessages?: boolean;
  logger?: boolean;
  /** Told of every route as it is registered (tools/validate and the bad-input tests list the API this way). */
  onRoute?: (route: { method: string | string[]; url: string; schema?: FastifySchema; config?: FastifyContextConfig }) => void;
}

export interface App {
  app: FastifyInstance;
  outbox: OutboxDispatcher;
  /** The payout expiry and reminder jobs (src/server/jobs); main.ts starts them. */
  expiry: IntervalJob;
  reminders: IntervalJob;
  /** The ledger check (jobs/ledgerCheck.ts), every config.ledgerCheckIntervalMs when that is not 0. */
  ledgerCheck: IntervalJob;
  /** Readiness and the graceful stop (lifecycle.ts): main.ts stops the instance through it on SIGTERM or SIGINT. */
  lifecycle: Lifecycle;
}

export async function buildApp({ config, database, transport, printMessages = true, logger = true, onRoute }: AppOptions): Promise<App> {
  const app = Fastify({
    ...(logger ? loggerOptions(config.logLevel, config.logFormat) : { logger: false }),
    bodyLimit: 3 * 1024 * 1024,
    // Query strings like options={"a":{"gte":1}} are parsed by the routes that take them.
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches a stopping instance (on a keep-alive connection) is answered in full rather than
    // refused with a bare 503: the database closes only after the last answer (lifecycle.ts).
    return503OnClosing: false,
    // Behind the proxies TRUST_PROXY names, request.ip is the client's address from X-Forwarded-For, so that the
    // lockout and the request limits count per client rather than per proxy (docs/deployment.md).
    trustProxy: config.trustProxy ?? false,
  });
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url, schema: route.schema, config: route.config }));
  const db = database.db;
  // Areas, the toolkit and the hooks reach the database, the configuration and the outbox through the instance, and
  // only so (src/server/toolkit/context.ts).
  app.decorate('db', db);
  // The read-only routes' handle: a replica with DATABASE_READ_URL, else `db` (src/server/toolkit/readContext.ts).
  app.decorate('readDb', database.readDb);
  app.decorate('config', config);
  const webhook = new WebhookTransport(db, { allowPrivate: config.webhookPrivateAddresses, timeoutMs: config.webhookTimeoutMs });
  // A transport given in place of the configured ones takes SMS and e-mail; webhooks still go to their endpoints.
  const out = transport
    ? new ChannelTransport({ sms: transport, email: transport, webhook })
    : transportFor(config, { senderName: customerSenderName(db), print: printMessages ? (line) => console.log(line) : () => {}, webhook });
  const outbox = new OutboxDispatcher(db, out, (err) => app.log.error({ err }, 'outbox delivery failed'), webhookSettled(db));
  app.decorate('outbox', outbox);
  // Expired payouts, and idempotency keys' answers past their 24 hours, on the same beat.
  const expiry = new IntervalJob(() => expirePayouts(db).then(() => forgetOldIdempotencyKeys(db)), (err) => app.log.error({ err }, 'payout expiry failed'));
  const reminders = new IntervalJob(() => sendReminders(db, config.publicUrl).then(() => outbox.kick()), (err) => app.log.error({ err }, 'payout reminders failed'));
  const ledgerCheck = new IntervalJob(() => runLedgerCheck(db, app.log), (err) => app.log.error({ err }, 'ledger check failed'));
  const lifecycle = new Lifecycle({ app, database, outbox, jobs: [expiry, reminders, ledgerCheck], timeoutMs: config.shutdownTimeoutMs });
  app.decorate('lifecycle', lifecycle);

  registerErrorHandling(app);
  registerValidation(app);
  await registerSecurity(app);
  registerAuth(app);
  auditKeyCalls(app);
  registerIdempotency(app);
  // Before the routes: the documentation is made from them as they are registered.
  await registerDocs(app, config.appName);
  await registerRateLimit(app);
  // Spreadsheet imports upload one file as multipart/form-data (src/server/imports/upload.ts).
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1000 } });

  // Before the areas: a plugin copies its parent's hooks as it loads.
  collectionPageBreak(app);
  // Each area is one plugin in src/server/areas/<area>/, under its prefix.
  await app.register(statusArea, { prefix: '/api' });
  await app.register(authArea, { prefix: '/api' });
  await app.register(settingsArea, { prefix: '/api/settings' });
  await app.register(apiKeysArea, { prefix: '/api/integration/keys' });
  await app.register(notificationsArea, { prefix: '/api/notification' });
  await app.register(ledgerArea, { prefix: '/api/ledger' });
  await app.register(countriesArea, { prefix: '/api/country' });
  await app.register(paymentRoutesArea, { prefix: '/api/paymentRoutes' });
  await app.register(imagesArea, { prefix: IMAGE_PATH });
  await app.register(collectionSignInArea, { prefix: '/api/payout/recipient' });
  await app.register(usersArea, { prefix: '/api/user' });
  await app.register(customersArea, { prefix: '/api/customer' });
  await app.register(payerDetailsArea, { prefix: '/api/customer/payerDetails' });
  await app.register(recipientsArea, { prefix: '/api/payout/recipient' });
  await app.register(programsArea, { prefix: '/api/payout/program' });
  await app.register(payoutsArea, { prefix: '/api/payout' });
  await app.register(accountsArea, { prefix: '/api/account' });
  await app.register(auditArea, { prefix: '/api/audit' });
  await app.register(outboxArea, { prefix: '/api/outbox' });
  await app.register(collectionArea, { prefix: '/api/payout/collection' });
  await app.register(settlementArea, { prefix: '/api/settlement' });
  await app.register(webhooksArea, { prefix: '/api/integration/webhooks' });

  await registerClient(app, config.clientDir);
  app.addHook('onClose', async () => {
    await ledgerCheck.stop();
    await reminders.stop();
    await expiry.stop();
    await outbox.stop();
  });
  return { app, outbox, expiry, reminders, ledgerCheck, lifecycle };
}
