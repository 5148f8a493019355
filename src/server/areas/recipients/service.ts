// Recipients (payees) of a customer: who may touch which, how a written recipient is tidied, and
// blocking (a blocked recipient is offered no payouts).
import { sql } from 'kysely';
import { writeAudit } from '../../audit/log.ts';
import { AppError } from '../../errors.ts';
import { actorOf, inTransaction, scoped, transactionOf, untyped, type AnyRow, type RequestContext, type Scope } from '../../toolkit/index.ts';
import { normalisePhone } from '../../../shared/validation/rules.ts';

/** Recipients belong to a customer. */
export const recipientScope: Scope = { tenancy: { column: 'recipients.customer_id' } };

/** A phone number is stored in its international form. */
export function tidyRecipient(_ctx: RequestContext, values: AnyRow, body: AnyRow): void {
  values.phone_number = normalisePhone(body.phoneNumber, 'PL');
}

/** Flips the blocked flag of a recipient the request may see, in one statement with its audit entry; the area's 404 otherwise. */
export async function toggleBlocked(ctx: RequestContext, id: number): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const update = untyped(trx.db)
      .updateTable('recipients')
      .set({ blocked: sql<boolean>`NOT blocked`, updated_at: new Date() })
      .where('recipients.id', '=', id);
    const row = await scoped(update, trx, recipientScope).returning(['id', 'blocked', 'customer_id']).executeTakeFirst();
    if (!row) throw new AppError(404, 'RECIPIENT_NOT_FOUND');
    await writeAudit(transactionOf(trx), {
      actor: actorOf(trx),
      customerId: row.customer_id,
      action: row.blocked ? 'recipient.block' : 'recipient.unblock',
      entity: 'recipient',
      entityId: id,
      before: { blocked: !row.blocked },
      after: { blocked: row.blocked },
    });
  });
}
