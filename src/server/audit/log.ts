// The audit log: who did what to which entity, with the entity's state before and after. An entry is written in the
// same transaction as the change it describes, so a change without its entry (or the reverse) cannot be committed.
// The table is append-only (the database refuses UPDATE, DELETE and TRUNCATE).
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
  /** What was done, as `entity.verb`, e.g. "account.topUp". */
  action: string;
  entity: string;
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
