// The integration API's keys, for a customer's ADMIN (integration_api) while its API is enabled (API_ENABLED):
//   GET  /api/integration/keys               the customer's keys, newest first (never their secrets)
//   POST /api/integration/keys               { name, restricted, permissions }: a new key, its secret in this answer only
//   POST /api/integration/keys/:id/revoke    the key stops working at once
//   POST /api/integration/keys/:id/rotate    { overlapHours }: a new key with the same name and permissions; the old
//                                            one works for the overlap (default 24 h, 0: stops at once)
// Each change is audited. A key never carries a permission its creator does not hold.
import type { FastifyInstance } from 'fastify';
import { API_KEY_PERMISSIONS, type ApiKey, type NewApiKey } from '../../../shared/apiKeys.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Db, Trx } from '../../db/index.ts';
import { AppError, fieldFailure } from '../../errors.ts';
import { authOf, type Auth } from '../../plugins/auth.ts';
import { idParams, loadSchema, paramId, type IdParams } from '../../validation.ts';
import { integrationCustomer, keyPermissions, newApiKeySecret, presentKey } from '../../platform/apiKeys/keys.ts';

const MANAGE = { permissions: ['integration_api'] };
const createBody = loadSchema('forms/api-key');
const rotateBody = { type: 'object', additionalProperties: false, properties: { overlapHours: { type: 'integer', minimum: 0, maximum: 168 } } };

interface CreateBody {
  name: string;
  restricted?: boolean;
  permissions?: string[];
}

/** The acting customer, whose API must be on. */
const customerOf = (db: Db, auth: Auth) => integrationCustomer(db, auth.user.customer_id);

const actor = (auth: Auth) => ({ userId: auth.user.id, sessionId: auth.sessionId, apiKeyId: auth.apiKeyId });

async function insertKey(trx: Trx, customerId: number, createdBy: number, name: string, permissions: string[] | null): Promise<NewApiKey> {
  const secret = newApiKeySecret();
  const row = await trx
    .insertInto('api_keys')
    .values({ customer_id: customerId, name, prefix: secret.prefix, secret_hash: secret.hash, permissions, created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...presentKey(row), key: secret.key };
}

async function ownKey(trx: Trx, customerId: number, id: number) {
  const row = await trx.selectFrom('api_keys').selectAll().where('id', '=', id).where('customer_id', '=', customerId).forUpdate().executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return row;
}

export function apiKeyRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { page?: number; limit?: number } }>(
    '/api/integration/keys',
    // Newest first, a page at a time; the list's other parameters (order, filters) are the panel table's and ignored.
    { config: MANAGE, schema: { querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1 }, limit: { type: 'integer', minimum: 1, maximum: 100 } } } } },
    async (request): Promise<{ items: ApiKey[]; numberOfRecords: number }> => {
      const customerId = await customerOf(db, authOf(request));
      const { page = 1, limit = 10 } = request.query;
      const base = db.selectFrom('api_keys').where('customer_id', '=', customerId);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
      ]);
      return { items: rows.map(presentKey), numberOfRecords: Number(count.n) };
    },
  );

  app.post<{ Body: CreateBody }>('/api/integration/keys', { config: MANAGE, schema: { body: createBody } }, async (request, reply): Promise<NewApiKey> => {
    const auth = authOf(request);
    const customerId = await customerOf(db, auth);
    const wanted = request.body.restricted ? (request.body.permissions ?? []) : null;
    if (wanted) {
      const allowed = keyPermissions(wanted, auth.user);
      const missing = wanted.findIndex((p) => !allowed.includes(p as (typeof API_KEY_PERMISSIONS)[number]));
      if (missing !== -1) throw fieldFailure(`permissions.${missing}`, 'PERMISSION_NOT_HELD');
    }
    const created = await db.transaction().execute(async (trx) => {
      const key = await insertKey(trx, customerId, auth.user.id, request.body.name.trim(), wanted);
      await writeAudit(trx, { actor: actor(auth), customerId, action: 'apiKey.create', entity: 'apiKey', entityId: key.id, after: { name: key.name, prefix: key.prefix, permissions: key.permissions } });
      return key;
    });
    return reply.status(201).send(created);
  });

  app.post<{ Params: IdParams }>('/api/integration/keys/:id/revoke', { config: MANAGE, schema: { params: idParams } }, async (request): Promise<ApiKey> => {
    const auth = authOf(request);
    const customerId = await customerOf(db, auth);
    return db.transaction().execute(async (trx) => {
      const row = await ownKey(trx, customerId, paramId(request.params));
      if (row.revoked_at) return presentKey(row);
      const revoked = await trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      await writeAudit(trx, { actor: actor(auth), customerId, action: 'apiKey.revoke', entity: 'apiKey', entityId: row.id, before: { state: presentKey(row).state }, after: { state: 'REVOKED' } });
      return presentKey(revoked);
    });
  });

  app.post<{ Params: IdParams; Body: { overlapHours?: number } }>(
    '/api/integration/keys/:id/rotate',
    { config: MANAGE, schema: { params: idParams, body: rotateBody } },
    async (request, reply): Promise<NewApiKey> => {
      const auth = authOf(request);
      const customerId = await customerOf(db, auth);
      const overlapHours = request.body?.overlapHours ?? 24;
      const created = await db.transaction().execute(async (trx) => {
        const row = await ownKey(trx, customerId, paramId(request.params));
        if (row.revoked_at || (row.expires_at && new Date(row.expires_at) <= new Date())) throw new AppError(400, 'API_KEY_INACTIVE');
        const until = new Date(Date.now() + overlapHours * 3_600_000);
        await trx
          .updateTable('api_keys')
          .set(overlapHours === 0 ? { revoked_at: new Date() } : { expires_at: until })
          .where('id', '=', row.id)
          .execute();
        const key = await insertKey(trx, customerId, auth.user.id, row.name, row.permissions);
        await writeAudit(trx, { actor: actor(auth), customerId, action: 'apiKey.rotate', entity: 'apiKey', entityId: row.id, after: { newKeyId: key.id, oldKeyUntil: overlapHours === 0 ? null : until.toISOString() } });
        return key;
      });
      return reply.status(201).send(created);
    },
  );
}
