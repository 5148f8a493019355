// A recipient's identity: its Billon App user name, an account in that app, so one recipient's alone within its
// customer (migration 028; its format allows lower case only). The e-mail is contact data, which recipients may share,
// and the phone number has its own message (RECIPIENT_PHONE_TAKEN). Who may learn which one is taken:
// src/server/identities.ts.
import { sql, type Expression } from 'kysely';
import type { FileError } from '../../../shared/imports.ts';
import type { ImportRow } from '../../../shared/importTable.ts';
import { readsHolders, type IdentityTable } from '../../identities.ts';
import { cellProblem } from '../../imports/rows.ts';
import { textIn, type Lang } from '../../platform/texts.ts';
import { owningCustomer, type RequestContext } from '../../toolkit/index.ts';
import { recipientScope } from './service.ts';

const asIs = (value: Expression<unknown>) => value;

export const recipientIdentities: IdentityTable = {
  table: 'recipients',
  columns: { billonUserName: asIs },
  identities: [{ property: 'billonUserName', code: 'BILLON_USER_NAME_TAKEN' }],
  read: ['payout.recipient.read'],
  scope: recipientScope,
  // Within the recipient's own customer (the new row's: the acting one).
  among: (ctx, existing) => sql`recipients.customer_id = ${existing ? existing.customer_id : owningCustomer(ctx)}`,
};

const LOOKUP_CHUNK = 5_000;

/**
 * The rows of an import whose Billon App user name another recipient of the customer has (a name repeated within the
 * file is the import's DUPLICATE_IN_FILE): under the column for an importer who may read recipients, else as the
 * row's general refusal.
 */
export async function billonNamesTaken(ctx: RequestContext, customerId: number, rows: readonly ImportRow[], lang: Lang): Promise<FileError[]> {
  const rowOf = new Map<string, ImportRow>();
  for (const row of rows) if (typeof row.data.billonUserName === 'string' && !rowOf.has(row.data.billonUserName)) rowOf.set(row.data.billonUserName, row);
  const names = [...rowOf.keys()];
  const named = readsHolders(ctx, recipientIdentities);
  const problems: FileError[] = [];
  for (let i = 0; i < names.length; i += LOOKUP_CHUNK) {
    const taken = await ctx.db
      .selectFrom('recipients')
      .select('billon_user_name')
      .where('customer_id', '=', customerId)
      .where(sql<boolean>`billon_user_name = ANY(${names.slice(i, i + LOOKUP_CHUNK)}::text[])`)
      .execute();
    for (const { billon_user_name } of taken) {
      const row = rowOf.get(billon_user_name!)!;
      problems.push(named ? cellProblem(lang, row, 'billonUserName', 'BILLON_USER_NAME_TAKEN') : { row: row.row, errors: [{ code: 'IDENTITY_TAKEN', message: textIn(lang, 'errors:IDENTITY_TAKEN') }] });
    }
  }
  return problems;
}
