// The integration API's keys, as the server answers them and the panel shows them. A key acts for its customer with
// the permissions an API caller can hold, or with a restricted set of them chosen when it is made; never more than
// its creator holds.
import type { Permission } from './permissionNames.ts';

/**
 * What a key may carry: reading and managing payouts, recipients, programs and accounts, and the spec's
 * integration_api_payout, which the payout routes require of a key besides their own permissions.
 */
export const API_KEY_PERMISSIONS = ['integration_api_payout', 'payout.read', 'payout.manage', 'payout.recipient.read', 'payout.recipient.manage', 'payout.program.read', 'accounts'] as const satisfies readonly Permission[];
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** The permission every payout route (the payouts area, /api/payout) requires of an API key; sessions do not need it. */
export const PAYOUT_ROUTES_KEY_PERMISSION = 'integration_api_payout' satisfies ApiKeyPermission;

/** EXPIRING: rotated, working until its expiresAt. */
export const API_KEY_STATES = ['ACTIVE', 'EXPIRING', 'REVOKED', 'EXPIRED'] as const;

/** Every key starts so, so that a leaked one is recognisable (and found by secret scanners). */
export const API_KEY_PREFIX = 'ppk_';

export interface ApiKey {
  id: number;
  name: string;
  /** The key's first characters, to recognise it by. */
  prefix: string;
  /** Its own set for a restricted key; every API permission otherwise (within what its creator holds). */
  permissions: ApiKeyPermission[];
  restricted: boolean;
  createdAt: string;
  createdBy: number;
  lastUsedAt: string | null;
  /** A rotated key works until then. */
  expiresAt: string | null;
  revokedAt: string | null;
  state: (typeof API_KEY_STATES)[number];
}

/** POST …/keys and …/keys/:id/rotate: the new key with its secret, shown this once. */
export interface NewApiKey extends ApiKey {
  key: string;
}
