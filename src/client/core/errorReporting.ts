// Errors the pages catch themselves (an error boundary's) go to the error-reporting service once its SDK is in: it
// loads only when /api/config names a DSN (startErrorReporting.ts). Until it is known whether it will, the first few
// errors wait; without a DSN they are dropped. Everything else here stays out of the start-up code.
type Report = (error: unknown, componentStack?: string) => void;

const waiting: Parameters<Report>[] = [];
let report: Report = (...error) => void (waiting.length < 10 && waiting.push(error));

export const reportError: Report = (error, componentStack) => report(error, componentStack);

/** The SDK's report, the errors that waited first; null: no reporting, nothing kept. */
export function setReporter(next: Report | null): void {
  report = next ?? (() => undefined);
  for (const error of waiting.splice(0)) report(...error);
}
