// The audit log: who did what to which entity, with the entity's state before and after. An entry is written in the
// same transaction as the change it describes, so a change without its entry (or the reverse) cannot be committed.
// The table is append-only (the database refuses UPDATE, DELETE and TRUNCATE).
import { AUDIT_ACTIONS, AUDIT_ENTITIES, HIDDEN_VALUE, SECRET_FIELD, type AuditAction, type AuditEntity } from '../../shared/audit.ts';
import type { Trx } from '../db/index.ts';

/** Who acts: a user through a session or an API key, or the system's own jobs (userId null). */
export interface Actor {
  userId: number | null;
  sessionId?: number | null;
  apiKeyId?: number | null;
}

export interface AuditEntry {
  actor: Actor;
  /** The customer whose data changed; null for global changes. */
  customerId: number | null;
  /** What was done, as `entity.verb`, e.g. "account.topUp": one of AUDIT_ACTIONS, each labelled in both languages. */
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number | null;
  /** JSON-serialisable states; undefined is stored as null. */
  before?: unknown;
  after?: unknown;
  /** When it happened, for changes recorded after the fact (the demo data's history); now by default. */
  at?: Date;
}

const asJson = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** Writes one entry and answers its id. */
export async function writeAudit(trx: Trx, entry: AuditEntry): Promise<number> {
  const row = await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actor.userId,
      actor_session_id: entry.actor.sessionId ?? null,
      actor_api_key_id: entry.actor.apiKeyId ?? null,
      customer_id: entry.customerId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: asJson(entry.before),
      after: asJson(entry.after),
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The action of a generic write (`<entity>.create`, `.update`, `.delete`, src/server/toolkit/audit.ts). The entity
 * comes from a schema's file name, so the type cannot hold it: a pair not in AUDIT_ACTIONS (a new resource whose
 * actions have no labels yet) is refused, and the audit coverage test, which calls every write route, fails on it.
 */
export function auditAction(entity: string, verb: string): { action: AuditAction; entity: AuditEntity } {
  const action = `${entity}.${verb}`;
  if (!(AUDIT_ACTIONS as readonly string[]).includes(action) || !(AUDIT_ENTITIES as readonly string[]).includes(entity)) throw new Error(`the audit action ${action} is not in AUDIT_ACTIONS (src/shared/audit.ts)`);
  return { action: action as AuditAction, entity: entity as AuditEntity };
}
/** Columns every write stamps, which say nothing about what changed. */
const STAMP_COLUMN = new Set(['updated_at']);

/** A row as the log keeps it: secrets hidden, binary data named by its size. */
export function auditRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (STAMP_COLUMN.has(key)) continue;
    if (SECRET_FIELD.test(key)) out[key] = value === null || value === undefined ? null : HIDDEN_VALUE;
    else if (value instanceof Uint8Array) out[key] = `[${value.byteLength} bytes]`;
    else out[key] = value;
  }
  return out;
}

/**
 * What an update changed: the columns whose values differ, before and after (auditRow's forms). A secret set
 * again counts as changed, since its stored form (a new salted hash) differs even for the same value.
 */
export function auditChange(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b = auditRow(before);
  const a = auditRow(after);
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const differs = SECRET_FIELD.test(key) ? before[key] !== after[key] : JSON.stringify(b[key]) !== JSON.stringify(a[key]);
    if (!differs) continue;
    changed.before[key] = b[key] ?? null;
    changed.after[key] = a[key] ?? null;
  }
  return changed;
}
