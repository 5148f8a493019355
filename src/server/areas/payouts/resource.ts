// The payouts' list and item routes, declared (src/server/toolkit/resource.ts): one row per payout with its
// account's, program's and recipient's names, so the list filters, orders and searches across them. The
// writes are the area's own routes (create.ts, status.ts): a payout's money and status move only through them.
import { sql } from 'kysely';
import { PAID_STATUSES, type PayoutStatusChange } from '../../../shared/payouts.ts';
import { actorKindSql, actorNameSql } from '../../audit/actor.ts';
import { payoutAccountSql } from '../../platform/maskedAccount.ts';
import { beneficiaryViewableSql } from './beneficiary.ts';
import { resourceView, type AnyRow, type RequestContext, type Resource } from '../../toolkit/index.ts';

export const payouts: Resource = {
  // Payouts belong to a customer; everyone of it holding payout.read sees them all (moving money out of an
  // account is what needs that account's rights, create.ts).
  tenancy: { column: 'payouts.customer_id' },
  table: 'payouts',
  entity: 'entities/payout',
  filters: 'filters/payout',
  permissions: { read: ['payout.read', 'payout.manage'] },
  notFound: 'PAYOUT_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  // The payout's title and reference, and its recipient's full name and phone number found among the customer's
  // recipients (trigram indexes: 003_search_indexes.sql, 032_payout_search.sql; toolkit/search.ts).
  search: [
    'payouts.title',
    'payouts.reference',
    { via: 'payouts.recipient_id', table: 'recipients', tenancy: 'customer_id', terms: [sql`(first_name || ' ' || last_name)`, 'phone_number'] },
  ],
  // Each payout has one account, program and recipient (NOT NULL foreign keys): the joins only add their names.
  joins: [
    { table: 'accounts', on: ['accounts.id', 'payouts.account_id'] },
    { table: 'programs', on: ['programs.id', 'payouts.program_id'] },
    { table: 'recipients', on: ['recipients.id', 'payouts.recipient_id'] },
  ],
  fields: {
    accountName: 'accounts.name',
    programName: 'programs.name',
    // A recipient created by phone alone has no names yet: it is shown by its number.
    recipientName: sql`coalesce(nullif(concat_ws(' ', recipients.first_name, recipients.last_name), ''), recipients.phone_number)`,
    recipientPhoneNumber: 'recipients.phone_number',
    recipientEmail: 'recipients.email',
    recipientLastLoginAt: 'recipients.last_login_at',
    // The "Paid" label (src/shared/payouts.ts: payoutLabel), derived from the status.
    label: sql`CASE WHEN payouts.status IN (${sql.join([...PAID_STATUSES])}) THEN 'PAID' ELSE payouts.status END`,
    // The bank account it was collected to, masked, and whether it may be shown in full (beneficiary.ts).
    bankAccount: payoutAccountSql,
    beneficiaryDetailsViewable: beneficiaryViewableSql,
    // Answered by the item route only (related, below).
    history: null,
  },
  related: { history: readHistory },
};

export const payoutsView = resourceView(payouts);

/** Who changed a status, as the audit log names its actors: a recipient by name, not by its user's login. */
const changedBy = { users: 'users', recipients: 'actor_recipients' };

/** A payout's statuses, oldest first (the details' history). */
async function readHistory(ctx: RequestContext, payout: AnyRow): Promise<PayoutStatusChange[]> {
  const rows = await ctx.db
    .selectFrom('payout_status_changes as c')
    .leftJoin('users', 'users.id', 'c.created_by')
    .leftJoin('recipients as actor_recipients', 'actor_recipients.id', 'users.recipient_id')
    .select(['c.from_status', 'c.to_status', 'c.created_at', actorNameSql(changedBy).as('by'), actorKindSql(changedBy).as('byKind')])
    .where('c.payout_id', '=', payout.id as number)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ from: r.from_status, to: r.to_status, at: r.created_at.toISOString(), by: r.by, byKind: r.byKind }));
}
