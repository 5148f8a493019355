// Error and trace reporting (spec: "Error reporting, when configured, samples all traces"; trace sample rate 1). With
// SENTRY_DSN set the server reports its 500s (plugins/errors.ts), unhandled rejections and uncaught exceptions, and a
// trace of every request; unset, the SDK is never even loaded. Every report passes the shared scrubber first
// (src/shared/errorScrub.ts): no token, code, password, IBAN or API key leaves.
import type { FastifyRequest } from 'fastify';
import { scrubReport } from '../../shared/errorScrub.ts';
import type { Config } from '../config.ts';

type Sdk = typeof import('@sentry/node');

/** The spec's trace sample rate: every trace. */
const TRACES_SAMPLE_RATE = 1;

let sdk: Sdk | null = null;

/** Loads and starts the SDK once, when the configuration names a DSN; the deployment is the reports' environment. */
export async function startErrorReporting(config: Pick<Config, 'sentryDsn' | 'deployment'>): Promise<void> {
  if (!config.sentryDsn || sdk) return;
  const loaded = await import('@sentry/node');
  loaded.init({
    dsn: config.sentryDsn,
    environment: config.deployment,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    integrations: (defaults) => [
      // The console prints outgoing SMS messages with their codes (the default transport): never a breadcrumb.
      ...defaults.filter((integration) => integration.name !== 'Console' && integration.name !== 'OnUnhandledRejection'),
      // Reported, then the process ends as Node's own default would have it.
      loaded.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
    beforeSend: (event) => scrubReport(event),
    beforeSendTransaction: (event) => scrubReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  });
  sdk = loaded;
}

/** A request's failure (a 500): reported with its method and route, nothing of its content beyond what the scrubber lets by. */
export function reportError(error: unknown, request?: FastifyRequest): void {
  if (!sdk) return;
  sdk.captureException(error, request ? { tags: { method: request.method, route: request.routeOptions.url ?? 'unknown' } } : undefined);
}

/** Sends what is queued (at shutdown, or before a test reads its receiver). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await sdk?.flush(timeoutMs);
}

/** Sends what is queued and detaches the SDK, so that nothing further is reported from this process. */
export async function stopErrorReporting(): Promise<void> {
  if (!sdk) return;
  const stopping = sdk;
  sdk = null;
  await stopping.close(2000);
  // The process-wide handlers the SDK added answer only while their client is the current one.
  for (const scope of [stopping.getGlobalScope(), stopping.getIsolationScope(), stopping.getCurrentScope()]) scope.setClient(undefined);
}
