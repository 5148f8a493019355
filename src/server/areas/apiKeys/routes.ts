// The integration API's keys, for a customer's ADMIN (integration_api) while its API is enabled (API_ENABLED), under
// /api/integration/keys:
//   GET  {prefix}               the customer's keys, newest first (never their secrets)
//   POST {prefix}               { name, restricted, permissions }: a new key, its secret in this answer only
//   POST {prefix}/:id/revoke    the key stops working at once
//   POST {prefix}/:id/rotate    { overlapHours }: a new key with the same name and permissions; the old one works for
//                               the overlap (default 24 h, 0: stops at once)
// The work is in service.ts.
import type { ApiKeyRotateForm } from '../../../shared/generated/forms.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { Permission } from '../../../shared/permissions.ts';
import { entityResponse, listResponse, requestContext } from '../../toolkit/index.ts';
import { idParams, loadSchema, paramId, type IdParams } from '../../validation.ts';
import { createKey, listKeys, revokeKey, rotateKey, type NewKeyBody } from './service.ts';

const MANAGE: { permissions: Permission[] } = { permissions: ['integration_api'] };
// The list's other parameters (order, filters) are the panel table's and ignored.
const pageQuery = { type: 'object', properties: { page: { type: 'integer', minimum: 1 }, limit: { type: 'integer', minimum: 1, maximum: 100 } } };
const LISTED = ['id', 'name', 'prefix', 'permissions', 'restricted', 'createdAt', 'createdBy', 'lastUsedAt', 'expiresAt', 'revokedAt', 'state'];
const listedKey = entityResponse('entities/api-key', LISTED);
/** A new key: the listed fields and its secret, shown this once. */
const newKey = entityResponse('entities/api-key', [...LISTED, 'key']);

export const apiKeysArea: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { page?: number; limit?: number } }>(
    '',
    { config: MANAGE, schema: { querystring: pageQuery, response: { 200: listResponse(listedKey) } } },
    async (request) => listKeys(requestContext(request), request.query.page ?? 1, request.query.limit ?? 10),
  );

  app.post<{ Body: NewKeyBody }>('', { config: MANAGE, schema: { body: loadSchema('forms/api-key'), response: { 201: newKey } } }, async (request, reply) =>
    reply.status(201).send(await createKey(requestContext(request), request.body)),
  );

  app.post<{ Params: IdParams }>('/:id/revoke', { config: MANAGE, schema: { params: idParams, response: { 200: listedKey } } }, async (request) =>
    revokeKey(requestContext(request), paramId(request.params)),
  );

  app.post<{ Params: IdParams; Body: ApiKeyRotateForm | undefined }>(
    '/:id/rotate',
    { config: MANAGE, schema: { params: idParams, body: loadSchema('forms/api-key-rotate'), response: { 201: newKey } } },
    async (request, reply) => reply.status(201).send(await rotateKey(requestContext(request), paramId(request.params), request.body?.overlapHours ?? 24)),
  );
};
