// The audit log contract: who changed what, when, with the record before and after. Used by the server's audit
// area and by the panel's audit log screen (SUPER_ADMIN reads every entry, ADMIN those of its customer).

/** One entry of GET /api/audit?page&limit&options -> { items: AuditEntry[], numberOfRecords }. */
export interface AuditEntry {
  id: number;
  createdAt: string;
  /** The user who made the change; null for the system (a scheduled job, the seed). */
  actorUserId: number | null;
  actorLogin: string | null;
  /** The customer the changed record belongs to; null for global records (settings, customers). */
  customerId: number | null;
  /** What was done, e.g. ACCOUNT_CREATED, ACCOUNT_TOPPED_UP. */
  action: string;
  /** The kind of record changed, e.g. account, user. */
  entity: string;
  entityId: number | null;
  /** The record's fields before the change (null when it was created) and after it (null when it was removed). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

