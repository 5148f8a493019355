// Recipients from a spreadsheet (POST /api/payout/recipient/fromFile, schemas/imports/recipient.json): every row is
// checked (its form schema, a phone number and a Billon App user name once in the file and not yet the customer's)
// before anything is written, and then all rows are created in one transaction, or none, a thousand at a time with
// the event loop turning between (src/server/platform/eventLoop.ts), as one import the lists can filter by.
import { sql } from 'kysely';
import { normalisePhone } from '../../../shared/validation/rules.ts';
import type { FileError } from '../../../shared/imports.ts';
import { writeAudit } from '../../audit/log.ts';
import type { PreparedFile, ProgressReport } from '../../imports/index.ts';
import { Pacer } from '../../platform/eventLoop.ts';
import type { Lang } from '../../platform/texts.ts';
import { cellProblem, inFileOrder } from '../../imports/rows.ts';
import { loadImport } from '../../imports/table.ts';
import { actorOf, type RequestContext } from '../../toolkit/index.ts';
import { notify } from '../../platform/notifications.ts';
import { queueImportFinished } from '../../platform/webhooks/events.ts';
import { billonNamesTaken } from './identities.ts';

export const recipientImport = loadImport('recipient');
const LOOKUP_CHUNK = 5_000;
const CREATE_CHUNK = 1_000;

export interface ImportResult {
  rows: number;
  created: number;
  errors: FileError[];
  importId?: number;
}

export async function importRecipients(ctx: RequestContext, customerId: number, file: PreparedFile, lang: Lang, dryRun: boolean, report: ProgressReport = () => {}): Promise<ImportResult> {
  const rows = file.rows;
  const errors: FileError[] = [...file.errors];
  // The numbers the file's good rows bring (each once: a repeated one is a problem already), checked against the
  // customer's recipients.
  const firstRowOf = new Map<string, number>();
  for (const row of file.valid) firstRowOf.set(String(row.data.phoneNumber), row.row);
  const phones = [...firstRowOf.keys()];
  const pace = new Pacer();
  const byNumber = new Map(rows.map((row) => [row.row, row]));
  for (let i = 0; i < phones.length; i += LOOKUP_CHUNK) {
    const taken = await ctx.db
      .selectFrom('recipients')
      .select('phone_number')
      .where('customer_id', '=', customerId)
      .where(sql<boolean>`phone_number = ANY(${phones.slice(i, i + LOOKUP_CHUNK)}::text[])`)
      .execute();
    if (i > 0) await pace.turn();
    for (const { phone_number } of taken) {
      const row = byNumber.get(firstRowOf.get(phone_number)!)!;
      errors.push(cellProblem(lang, row, 'phoneNumber', 'RECIPIENT_PHONE_TAKEN'));
    }
  }
  errors.push(...(await billonNamesTaken(ctx, customerId, file.valid, lang)));
  report('checking', rows.length, rows.length);
  if (errors.length || dryRun) return { rows: rows.length, created: 0, errors: inFileOrder(recipientImport, rows, errors) };

  return ctx.db.transaction().execute(async (trx) => {
    const actor = actorOf(ctx);
    const { id: importId } = await trx.insertInto('imports').values({ customer_id: customerId, kind: 'RECIPIENTS', rows: rows.length, created_by: actor.userId }).returning('id').executeTakeFirstOrThrow();
    if (actor.userId !== null) await notify(trx, [actor.userId], 'importFinished', { count: rows.length });
    let created = 0;
    for (let i = 0; i < rows.length; i += CREATE_CHUNK) {
      report('creating', created, rows.length);
      await pace.turn();
      const values = rows.slice(i, i + CREATE_CHUNK).map(({ data }) => ({
        customer_id: customerId,
        phone_number: normalisePhone(String(data.phoneNumber), 'PL')!,
        first_name: String(data.firstName),
        last_name: String(data.lastName),
        email: typeof data.email === 'string' ? data.email : null,
        external_id: typeof data.externalId === 'string' ? data.externalId : null,
        billon_user_name: typeof data.billonUserName === 'string' ? data.billonUserName : null,
        import_id: importId,
      }));
      const inserted = await trx.insertInto('recipients').values(values).returning('id').execute();
      created += inserted.length;
    }
    report('creating', created, rows.length);
    await writeAudit(trx, { actor, customerId, action: 'recipient.import', entity: 'recipient', entityId: null, after: { importId, created } });
    await queueImportFinished(trx, customerId, { importId, kind: 'RECIPIENTS', created });
    return { rows: rows.length, created, errors: [], importId };
  });
}
