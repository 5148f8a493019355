// The browser's error-reporting SDK, a chunk of its own that loads only with a DSN (startErrorReporting.ts): errors the
// pages catch, uncaught errors and unhandled rejections (the SDK's own handlers), and a trace of every page load and
// navigation, all sampled (the spec's trace sample rate 1). Every report passes the shared scrubber
// (src/shared/errorScrub.ts) before it leaves.
import { browserTracingIntegration, captureException, init } from '@sentry/react';
import { scrubReport } from '../../shared/errorScrub.ts';

const TRACES_SAMPLE_RATE = 1;

export function startSentry(dsn: string, environment: string): (error: unknown, componentStack?: string) => void {
  init({
    dsn,
    environment,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    integrations: [browserTracingIntegration()],
    // Trace headers go to this origin's API only (the default), so a cross-origin API's CORS rule needs none.
    beforeSend: (event) => scrubReport(event),
    beforeSendTransaction: (event) => scrubReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  });
  return (error, componentStack) => void captureException(error, componentStack ? { contexts: { react: { componentStack } } } : undefined);
}
