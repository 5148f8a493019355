// The recipients area, under /api/payout/recipient:
//   GET {prefix}, GET {prefix}/:id, POST {prefix}, PUT {prefix}     the resource (resource.ts)
//   POST {prefix}/toggleBlackListed { id }                           blocks or unblocks one recipient
//   POST {prefix}/fromFile (multipart: file, dryRun, lang, customerId, progressId) recipients from a spreadsheet (import.ts)
//   GET  {prefix}/fromFile/progress/:progressId                      how far that request is
//   GET  {prefix}/fromFile/template?lang                            its template
//   GET  {prefix}/summary?limit&currency&period&year&number        the dashboard's Top Payees (summary.ts)
//   GET  {prefix}/:id/bankAccount, DELETE {prefix}/bankAccount/:id  its saved bank accounts, masked; one removed by an ADMIN (bankAccounts.ts)
import type { RecipientBlockForm } from '../../../shared/generated/forms.ts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import { entityResponse, listRoute, noContent, readItem, requestContext, resourceRoutes } from '../../toolkit/index.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';
import { recipientBankAccounts, removeBankAccount } from './bankAccounts.ts';
import { recipients, recipientsView } from './resource.ts';
import { toggleBlocked } from './service.ts';
import { loadSchema } from '../../validation.ts';
import { importRecipients, recipientImport } from './import.ts';
import type { ImportAnswer } from '../../../shared/imports.ts';
import { importAnswer, importTemplate, importTemplateResponse, prepareImportFile, progressOf, progressRoute, readUpload } from '../../imports/index.ts';
import { languageOf } from '../../platform/texts.ts';
import { recipientSummaryRoutes } from './summary.ts';

export const recipientsArea: FastifyPluginAsync = async (app) => {
  resourceRoutes(app, recipients);
  await app.register(recipientSummaryRoutes);
  listRoute(app, recipientBankAccounts);

  // An admin's alone (payout.recipient.bankAccount.manage): a General Representative manages recipients but not their
  // saved bank accounts, and no API key may hold it.
  app.delete<{ Params: IdParams }>(
    '/bankAccount/:id',
    { config: { permissions: ['payout.recipient.bankAccount.manage'] }, schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await removeBankAccount(requestContext(request), paramId(request.params));
      return reply.status(204).send();
    },
  );

  app.post<{ Body: RecipientBlockForm }>(
    '/toggleBlackListed',
    {
      config: { permissions: recipients.permissions.manage },
      schema: {
        body: loadSchema('forms/recipient-block'),
        response: { 200: entityResponse(recipients.entity, Object.keys(recipientsView.fields)) },
      },
    },
    async (request) => {
      const ctx = requestContext(request);
      await toggleBlocked(ctx, request.body.id);
      const row = await readItem(recipientsView, ctx, request.body.id);
      if (!row) throw new AppError(404, recipients.notFound);
      return row;
    },
  );

  // The body is a multipart upload, read by readUpload rather than by a schema.
  app.post('/fromFile', { config: { permissions: recipients.permissions.manage }, schema: { response: { 200: importAnswer } } }, async (request): Promise<ImportAnswer> => {
    const upload = await readUpload(request);
    const named = /^[1-9][0-9]{0,9}$/.test(upload.fields.customerId ?? '') ? Number(upload.fields.customerId) : undefined;
    const ctx = requestContext(request, named);
    if (ctx.customerId === null) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
    const lang = languageOf(request, upload.fields.lang);
    const dryRun = upload.fields.dryRun === 'true';
    const progress = progressOf(upload.fields.progressId);
    try {
      const file = await prepareImportFile(recipientImport, upload.bytes, lang, progress.report);
      if (file.errors.length && file.rows.length === 0) throw new AppError(400, 'FILE_ERRORS', { fileErrors: file.errors });
      const result = await importRecipients(ctx, ctx.customerId, file, lang, dryRun, progress.report);
      // The first thousand problems: more say nothing a person can act on that these do not.
      if (result.errors.length) throw new AppError(400, 'FILE_ERRORS', { fileErrors: result.errors.slice(0, 1000), numberOfErrors: result.errors.length });
      return { rows: result.rows, created: result.created, dryRun, ...(result.importId ? { importId: result.importId } : {}) };
    } finally {
      progress.end();
    }
  });

  progressRoute(app);

  app.get<{ Querystring: { lang?: string } }>(
    '/fromFile/template',
    {
      config: { permissions: recipients.permissions.manage },
      schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['en', 'pl'] } }, additionalProperties: false }, response: importTemplateResponse },
    },
    async (request, reply) => {
      const lang = languageOf(request, request.query.lang);
      return importTemplate(reply, recipientImport, lang, lang === 'pl' ? 'odbiorcy-szablon.xlsx' : 'recipients-template.xlsx');
    },
  );
};
