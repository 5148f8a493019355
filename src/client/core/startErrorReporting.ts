// Starts the browser's error reporting (spec: "Error reporting, when configured, samples all traces") from the public
// configuration: with a DSN the SDK loads as a chunk of its own (sentry.ts), never otherwise. Once per page.
import type { AppConfig } from './types.ts';
import { setReporter } from './errorReporting.ts';

let started = false;

export function startErrorReporting({ errorReportingDsn, deployment }: Pick<AppConfig, 'errorReportingDsn' | 'deployment'>): void {
  if (started) return;
  started = true;
  if (!errorReportingDsn) return setReporter(null);
  import('./sentry.ts').then(
    ({ startSentry }) => setReporter(startSentry(errorReportingDsn, deployment)),
    () => setReporter(null),
  );
}
