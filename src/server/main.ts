// Starts the panel: opens and migrates the database, seeds demo data, serves the client and /api.
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_USERS, seedDemo } from './seed/demo.ts';
import { purgeExpiredSessions } from './platform/auth/sessions.ts';
import { startErrorReporting } from './platform/errorReporting.ts';
import { stopOnSignals } from './lifecycle.ts';

const config = loadConfig();
// Before anything else runs, with SENTRY_DSN set: from then on failures are reported and every request is traced.
await startErrorReporting(config);
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, databaseReadUrl: config.databaseReadUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
await migrate(database);
if (config.seedDemo) await seedDemo(database.db, config.demoPassword);

const { app, outbox, expiry, reminders, ledgerCheck, lifecycle } = await buildApp({ config, database });
// From here SIGTERM or SIGINT stops the instance gracefully (lifecycle.ts; docs/deployment.md).
stopOnSignals(lifecycle, app.log);
await app.listen({ host: config.host, port: config.port });
outbox.start();
void outbox.kick();
expiry.start(config.expiryIntervalMs);
void expiry.run();
// Reminders go out at a whole hour of the customer's day: a look every five minutes is enough.
reminders.start(5 * 60 * 1000);
void reminders.run();
if (config.ledgerCheckIntervalMs > 0) ledgerCheck.start(config.ledgerCheckIntervalMs);
const housekeeping = setInterval(() => {
  if (!lifecycle.stopping) void purgeExpiredSessions(database.db).catch(() => {});
}, 60 * 60 * 1000);
housekeeping.unref();

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`\nPayout panel: http://${shown}:${config.port}/panel`);
console.log(`Database: ${database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${database.readDb === database.db ? '' : ', lists and reports from DATABASE_READ_URL'}`);
if (config.seedDemo) {
  console.log(`Demo logins (password ${config.demoPassword}): ${DEMO_USERS.map((u) => u.login).join(', ')}`);
  console.log(`The demo customer's collection page: http://${shown}:${config.port}/demo`);
  if (config.deviceAuthorization) {
    const where = config.smsGatewayUrl ? 'sent through the SMS gateway' : 'printed here and written to the outbox file';
    console.log(`A new device confirms its first login with an SMS code, ${where}.`);
  }
}
