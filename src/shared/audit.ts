// The audit log contract: who changed what, when, with the record before and after. Used by the server's audit
// area and by the panel's audit log screen (SUPER_ADMIN reads every entry, ADMIN those of its customer).

/**
 * Every action the server writes to the log, as `entity.verb`. writeAudit takes only these (src/server/audit/log.ts),
 * so an action the code writes is one of them; `npm run validate` holds the filter's enum and both languages' labels
 * (entities:enums.auditAction) to this list (tools/validate/constantSets.ts).
 */
export const AUDIT_ACTIONS = [
  'account.create',
  'account.changeName',
  'account.representative',
  'account.topUp',
  'account.transfer',
  'apiKey.create',
  'apiKey.revoke',
  'apiKey.rotate',
  'apiKey.call',
  'collectionPage.update',
  'payinPage.update',
  'customer.create',
  'customer.update',
  'customer.settingsChange',
  'customer.payerDetails',
  'payout.create',
  'payout.expire',
  'payout.import',
  'payout.status',
  'payout.remind',
  'payout.collect',
  'payout.beneficiaryView',
  'program.create',
  'program.update',
  'program.delete',
  'recipient.create',
  'recipient.update',
  'recipient.block',
  'recipient.unblock',
  'recipient.import',
  'recipient.bankAccount',
  'recipient.bankAccountRemove',
  'settings.update',
  'settlement.generate',
  'settlement.complete',
  'settlement.return',
  'user.create',
  'user.update',
  'user.changePassword',
  'user.restorePassword',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.secret',
  'webhook.resend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an entry names (entities:enums.auditEntity). */
export const AUDIT_ENTITIES = [
  'account',
  'apiKey',
  'bankAccount',
  'customer',
  'payout',
  'program',
  'recipient',
  'route',
  'settings',
  'transferBatch',
  'user',
  'webhook',
  'webhookDelivery',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * Who acted, as a person reads it (entities:enums.actorKind): a staff user, a recipient on the collection page, a
 * staff user's API key, or the system's own jobs.
 */
export const ACTOR_KINDS = ['USER', 'RECIPIENT', 'API_KEY', 'SYSTEM'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** Fields whose values never enter the log nor show: a changed secret is named, its value never shown. */
export const SECRET_FIELD = /password|secret|token|(^|_)hash$/i;
/** What the log holds in place of a secret's value. */
export const HIDDEN_VALUE = '[hidden]';

/** One entry of GET /api/audit?page&limit&options -> { items: AuditEntry[], numberOfRecords }. */
export interface AuditEntry {
  id: number;
  createdAt: string;
  /** The user who made the change; null for the system (a scheduled job, the seed). */
  actorUserId: number | null;
  /** Who, readable: a staff user's login, a recipient's name (or phone number), null for the system. */
  actorLogin: string | null;
  actorKind: ActorKind;
  /** The customer the changed record belongs to; null for global records (settings, customers). */
  customerId: number | null;
  /** What was done, e.g. account.create, account.topUp. */
  action: AuditAction;
  /** The kind of record changed, e.g. account, user. */
  entity: AuditEntity;
  entityId: number | null;
  /** The record's fields before the change (null when it was created) and after it (null when it was removed). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
