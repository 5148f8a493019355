// The audit entry of a generic write (write.ts) or delete (item.ts): `<entity>.create`, `.update` or `.delete`,
// written in the write's own transaction, with the row before and after as auditRow keeps it (secrets hidden),
// and for an update only the columns that changed. An area that records its own entry says `audit: false`.
import { auditAction, auditChange, auditRow, writeAudit } from '../audit/log.ts';
import { actorOf, transactionOf, type RequestContext } from './context.ts';
import type { AnyRow } from './fields.ts';
import type { JsonSchema } from './response.ts';
import { tenancyColumn, type Tenancy } from './tenancy.ts';

/** The entity name of an entity schema's file ('entities/webhook-endpoint' -> 'webhookEndpoint'). */
export function entityName(schema: string): string {
  return schema.slice(schema.lastIndexOf('/') + 1).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The entity name a write route's rows are logged under: the one given, or its entity schema's. */
export function auditEntity(audit: string | false | undefined, response: string | JsonSchema): string | false {
  if (audit !== undefined) return audit;
  if (typeof response !== 'string') throw new Error('a write route whose response is an inline schema names its audit entity (or audit: false)');
  return entityName(response);
}

/** The customer whose row changed: the row's tenancy column; a customer row is its own; otherwise the acting customer. */
function customerOf(ctx: RequestContext, table: string, tenancy: Tenancy | false | undefined, row: AnyRow): number | null {
  if (table === 'customers') return Number(row.id);
  if (tenancy) {
    const value = row[tenancyColumn(tenancy)];
    return value === null || value === undefined ? null : Number(value);
  }
  return ctx.customerId;
}

export type RowChange = { verb: 'create'; after: AnyRow } | { verb: 'update'; before: AnyRow; after: AnyRow } | { verb: 'delete'; before: AnyRow };

/** Writes the entry of one row's change; nothing for an update that changed no column. */
export async function auditRowChange(ctx: RequestContext, entity: string, table: string, tenancy: Tenancy | false | undefined, change: RowChange): Promise<void> {
  const row = change.verb === 'delete' ? change.before : change.after;
  let states: { before?: unknown; after?: unknown };
  if (change.verb === 'update') {
    states = auditChange(change.before, change.after);
    if (Object.keys(states.after as object).length === 0) return;
  } else states = change.verb === 'create' ? { after: auditRow(change.after) } : { before: auditRow(change.before) };
  await writeAudit(transactionOf(ctx), {
    actor: actorOf(ctx),
    customerId: customerOf(ctx, table, tenancy, row),
    ...auditAction(entity, change.verb),
    entityId: Number(row.id),
    ...states,
  });
}
