// Turns every failure into the API's error shapes; bad input is always a 4xx, never a 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorObject } from 'ajv';
import { AppError, ValidationFailure } from '../errors.ts';
import { databaseFailure } from '../db-errors.ts';
import { toValidationErrors, type ValidationErrorsBody } from '../../shared/validation/errors.ts';
import { serverMessage } from '../validation.ts';
import { flushErrorReports, reportError, startErrorReporting } from '../platform/errorReporting.ts';

export function registerErrorHandling(app: FastifyInstance): void {
  // With SENTRY_DSN set, reporting starts before the app serves (main.ts starts it earlier still) and flushes at close;
  // unset (or an app built without a configuration, as some tests do) both hooks do nothing.
  app.addHook('onReady', async () => {
    if (app.config?.sentryDsn) await startErrorReporting(app.config);
  });
  app.addHook('onClose', () => flushErrorReports());
  app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.toJSON());
    if (error instanceof ValidationFailure) return reply.status(400).send(error.toJSON());
    if (error.validation) {
      const body: ValidationErrorsBody = { validationErrors: toValidationErrors(error.validation, serverMessage) };
      return reply.status(400).send(body);
    }
    // A value the database cannot take (a missing reference, a null, out of range) is bad input, not a crash.
    const refused = databaseFailure(error);
    if (refused instanceof ValidationFailure) return reply.status(400).send(refused.toJSON());
    // Two transactions that took rows in opposite orders: the request is refused, and the orders are worth a look.
    if (refused?.code === 'CONCURRENT_CHANGE') request.log.warn({ err: error, method: request.method, url: request.url }, 'a transaction was rolled back by the database for another one');
    if (refused) return reply.status(refused.status).send(refused.toJSON());
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(new AppError(413, 'PAYLOAD_TOO_LARGE').toJSON());
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ ...new AppError(status, 'INVALID_REQUEST').toJSON() });
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
    reportError(error, request);
    return reply.status(500).send(new AppError(500, 'INTERNAL_ERROR').toJSON());
  });
}
