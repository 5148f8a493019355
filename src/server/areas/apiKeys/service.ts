// The integration API's keys of the acting customer, whose API must be on: listed, made, revoked and rotated, each
// change audited. A key never carries a permission its creator does not hold.
import type { ApiKeyForm } from '../../../shared/generated/forms.ts';
import { API_KEY_PERMISSIONS, type ApiKey, type NewApiKey } from '../../../shared/apiKeys.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Trx } from '../../db/index.ts';
import { AppError, fieldFailure } from '../../errors.ts';
import { integrationCustomer, keyPermissions, newApiKeySecret, presentKey } from '../../platform/apiKeys/keys.ts';
import { actorOf, inTransaction, transactionOf, type RequestContext } from '../../toolkit/index.ts';

export type NewKeyBody = ApiKeyForm;

/** The acting user's own customer, whose API must be on. */
const customerOf = (ctx: RequestContext) => integrationCustomer(ctx.db, ctx.auth.user.customer_id);

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

/** The customer's keys, newest first, a page at a time. */
export async function listKeys(ctx: RequestContext, page: number, limit: number): Promise<{ items: ApiKey[]; numberOfRecords: number }> {
  const customerId = await customerOf(ctx);
  const base = ctx.db.selectFrom('api_keys').where('customer_id', '=', customerId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
  ]);
  return { items: rows.map(presentKey), numberOfRecords: Number(count.n) };
}

/** A new key, its secret in this answer only. */
export async function createKey(ctx: RequestContext, body: NewKeyBody): Promise<NewApiKey> {
  const customerId = await customerOf(ctx);
  const user = ctx.auth.user;
  const wanted = body.restricted ? (body.permissions ?? []) : null;
  if (wanted) {
    const allowed = keyPermissions(wanted, user);
    const missing = wanted.findIndex((p) => !allowed.includes(p as (typeof API_KEY_PERMISSIONS)[number]));
    if (missing !== -1) throw fieldFailure(`permissions.${missing}`, 'PERMISSION_NOT_HELD');
  }
  return inTransaction(ctx, async (inside) => {
    const trx = transactionOf(inside);
    const key = await insertKey(trx, customerId, user.id, body.name.trim(), wanted);
    await writeAudit(trx, { actor: actorOf(ctx), customerId, action: 'apiKey.create', entity: 'apiKey', entityId: key.id, after: { name: key.name, prefix: key.prefix, permissions: key.permissions } });
    return key;
  });
}

/** The key stops working at once (a key already revoked is answered as it is). */
export async function revokeKey(ctx: RequestContext, id: number): Promise<ApiKey> {
  const customerId = await customerOf(ctx);
  return inTransaction(ctx, async (inside) => {
    const trx = transactionOf(inside);
    const row = await ownKey(trx, customerId, id);
    if (row.revoked_at) return presentKey(row);
    const revoked = await trx.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    await writeAudit(trx, { actor: actorOf(ctx), customerId, action: 'apiKey.revoke', entity: 'apiKey', entityId: row.id, before: { state: presentKey(row).state }, after: { state: 'REVOKED' } });
    return presentKey(revoked);
  });
}

/** A new key with the same name and permissions; the old one works for the overlap (0: stops at once). */
export async function rotateKey(ctx: RequestContext, id: number, overlapHours: number): Promise<NewApiKey> {
  const customerId = await customerOf(ctx);
  return inTransaction(ctx, async (inside) => {
    const trx = transactionOf(inside);
    const row = await ownKey(trx, customerId, id);
    if (row.revoked_at || (row.expires_at && new Date(row.expires_at) <= new Date())) throw new AppError(400, 'API_KEY_INACTIVE');
    const until = new Date(Date.now() + overlapHours * 3_600_000);
    await trx
      .updateTable('api_keys')
      .set(overlapHours === 0 ? { revoked_at: new Date() } : { expires_at: until })
      .where('id', '=', row.id)
      .execute();
    const key = await insertKey(trx, customerId, ctx.auth.user.id, row.name, row.permissions);
    await writeAudit(trx, { actor: actorOf(ctx), customerId, action: 'apiKey.rotate', entity: 'apiKey', entityId: row.id, after: { newKeyId: key.id, oldKeyUntil: overlapHours === 0 ? null : until.toISOString() } });
    return key;
  });
}
