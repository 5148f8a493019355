// Settlement (SUPER_ADMIN), under /api/settlement (lists and schemas: resource.ts; operations: service.ts; the
// files: files.ts; types: src/shared/settlement.ts; answers: schemas/entities/settlement-group.json, transfer-batch.json):
//   GET  {prefix}/pending?page&limit&orderBy&order   collected payouts waiting, per channel and currency   { items: group[], numberOfRecords }
//   POST {prefix}/batch                              one channel and currency exported as a batch          TransferBatch (201)
//   GET  {prefix}/batch?page&limit&orderBy&order     the batches, newest first                             { items: TransferBatch[], numberOfRecords }
//   GET  {prefix}/batch/:id/file                     the batch's transfer file, as a download              pain.001 XML or CSV
//   PUT  {prefix}/batch/:id/status                   COMPLETED_SUCCESSFULLY or RETURNED, once              TransferBatch
import type { FastifyPluginAsync } from 'fastify';
import type { BatchStatusBody, GenerateBatchBody } from '../../../shared/settlement.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';
import { listRoute, requestContext } from '../../toolkit/index.ts';
import { batchFileResponse, batchResponse, batches, batchStatusBody, generateBatchBody, pending, SETTLEMENT_USERS } from './resource.ts';
import { batchFile, closeBatch, generateBatch } from './service.ts';

const config = { userTypes: SETTLEMENT_USERS };

export const settlementArea: FastifyPluginAsync = async (app) => {
  listRoute(app, pending);
  listRoute(app, batches);

  app.post<{ Body: GenerateBatchBody }>(
    '/batch',
    { config, schema: { body: generateBatchBody, response: { 201: batchResponse } } },
    async (request, reply) => {
      const batch = await generateBatch(requestContext(request), app.config.publicUrl, request.body, app.config.appName);
      reply.code(201);
      return batch;
    },
  );

  app.get<{ Params: IdParams }>(
    '/batch/:id/file',
    { config, schema: { params: idParams, response: { 200: batchFileResponse } } },
    async (request, reply) => {
      const { file, fileName, contentType } = await batchFile(app.db, paramId(request.params));
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      reply.header('cache-control', 'no-store');
      // A content type that is not JSON: Fastify sends the text as it is, without the response schema's serialiser.
      reply.type(contentType);
      return file;
    },
  );

  app.put<{ Params: IdParams; Body: BatchStatusBody }>(
    '/batch/:id/status',
    { config, schema: { params: idParams, body: batchStatusBody, response: { 200: batchResponse } } },
    async (request) => closeBatch(requestContext(request), app.config.publicUrl, paramId(request.params), request.body),
  );
};
