// API keys: made, found and turned into the request's authentication. The secret is 24 random bytes after the
// recognisable prefix; only its SHA-256 is stored. A key is used for its customer only, while the customer has the
// integration API enabled (API_ENABLED), the key is neither revoked nor expired and its creator is still active;
// its permissions are its own set (or every API permission) within what its creator holds now.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { API_KEY_PERMISSIONS, API_KEY_PREFIX, type ApiKey, type ApiKeyPermission } from '../../../shared/apiKeys.ts';
import { permissionsOf } from '../../../shared/permissions.ts';
import type { Db } from '../../db/index.ts';
import type { ApiKeyRow, CustomerRow, UserRow } from '../../db/types.ts';
import { hashToken } from '../auth/secrets.ts';
import { AppError } from '../../errors.ts';
import { hasFeature } from '../settings.ts';

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

export function newApiKeySecret(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), hash: hashToken(key) };
}

/** Whether the customer has the integration API on (the API_ENABLED customer setting). */
async function apiEnabled(db: Db, customerId: number): Promise<boolean> {
  return hasFeature(db, customerId, 'api');
}

/** The acting customer of the integration API's own routes (keys, webhooks): its API must be on. */
export async function integrationCustomer(db: Db, customerId: number | null): Promise<number> {
  if (customerId === null) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  if (!(await apiEnabled(db, customerId))) throw new AppError(403, 'API_DISABLED');
  return customerId;
}

/** The permissions a key acts with: its set, or every API permission, within what its creator holds. */
export function keyPermissions(own: readonly string[] | null, creator: Pick<UserRow, 'type' | 'representative_kind'>): ApiKeyPermission[] {
  const held = permissionsOf(creator.type, creator.representative_kind);
  return API_KEY_PERMISSIONS.filter((p) => held.includes(p) && (own === null || own.includes(p)));
}

function keyState(row: Pick<ApiKeyRow, 'revoked_at' | 'expires_at'>, now = new Date()): ApiKey['state'] {
  if (row.revoked_at) return 'REVOKED';
  if (row.expires_at) return new Date(row.expires_at) <= now ? 'EXPIRED' : 'EXPIRING';
  return 'ACTIVE';
}

export function presentKey(row: ApiKeyRow): ApiKey {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: (row.permissions ?? [...API_KEY_PERMISSIONS]) as ApiKeyPermission[],
    restricted: row.permissions !== null,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
    state: keyState(row),
  };
}

export interface KeyAuth {
  apiKeyId: number;
  user: UserRow;
  customer: CustomerRow;
  permissions: string[];
}

/** `last_used_at` is written at most this often per key: a busy integration should not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** The authentication a key gives, or null for a key that does not (or no longer) work. */
export async function findKeyAuth(db: Db, token: string): Promise<KeyAuth | null> {
  const key = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('secret_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!key) return null;
  const [user, customer] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', key.created_by).where('is_active', '=', true).executeTakeFirst(),
    db.selectFrom('customers').selectAll().where('id', '=', key.customer_id).where('is_active', '=', true).executeTakeFirst(),
  ]);
  if (!user || !customer || user.customer_id !== customer.id || !(await apiEnabled(db, customer.id))) return null;
  if (!key.last_used_at || Date.now() - new Date(key.last_used_at).getTime() > LAST_USED_EVERY_MS) {
    await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', key.id).execute();
  }
  return { apiKeyId: key.id, user, customer, permissions: keyPermissions(key.permissions, user) };
}
