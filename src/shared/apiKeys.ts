// The integration API's keys, as the server answers them and the panel shows them. A key acts for its customer with
// the permissions an API caller can hold, or with a restricted set of them chosen when it is made; never more than
// its creator holds.

/** What a key may carry: reading and managing payouts, recipients, programs and accounts. */
export const API_KEY_PERMISSIONS = ['payout.read', 'payout.manage', 'payout.recipient.read', 'payout.recipient.manage', 'payout.program.read', 'accounts'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

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
  state: 'ACTIVE' | 'EXPIRING' | 'REVOKED' | 'EXPIRED';
}

/** POST …/keys and …/keys/:id/rotate: the new key with its secret, shown this once. */
export interface NewApiKey extends ApiKey {
  key: string;
}
