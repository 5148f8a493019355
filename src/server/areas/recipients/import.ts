// Recipients from a spreadsheet (POST /api/payout/recipient/fromFile, schemas/imports/recipient.json): every row is
// checked (its form schema, a phone number once in the file and not yet the customer's) before anything is written,
// and then all rows are created in one transaction, or none.
import { normalisePhone } from '../../../shared/validation/rules.ts';
import type { FileError } from '../../../shared/imports.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Lang } from '../../modules/texts.ts';
import { cellProblem, inFileOrder, rowChecker } from '../../imports/rows.ts';
import { loadImport, type ImportRow } from '../../imports/table.ts';
import { actorOf, type RequestContext } from '../../toolkit/index.ts';

export const recipientImport = loadImport('recipient');
const CHUNK = 1_000;

export interface ImportResult {
  rows: number;
  created: number;
  errors: FileError[];
}

export async function importRecipients(ctx: RequestContext, customerId: number, rows: ImportRow[], lang: Lang, dryRun: boolean): Promise<ImportResult> {
  const check = rowChecker(recipientImport, lang);
  const errors: FileError[] = [];
  const firstRowOf = new Map<string, number>();
  const phones: string[] = [];
  for (const row of rows) {
    const problems = check(row);
    errors.push(...problems);
    const phone = typeof row.data.phoneNumber === 'string' ? normalisePhone(row.data.phoneNumber, 'PL') : null;
    if (!phone || problems.some((p) => p.property === row.headers.phoneNumber)) continue;
    const first = firstRowOf.get(phone);
    if (first !== undefined) errors.push(cellProblem(lang, row, 'phoneNumber', 'DUPLICATE_IN_FILE', { row: first }));
    else {
      firstRowOf.set(phone, row.row);
      phones.push(phone);
    }
  }
  const byNumber = new Map(rows.map((row) => [row.row, row]));
  for (let i = 0; i < phones.length; i += CHUNK) {
    const taken = await ctx.db.selectFrom('recipients').select('phone_number').where('customer_id', '=', customerId).where('phone_number', 'in', phones.slice(i, i + CHUNK)).execute();
    for (const { phone_number } of taken) {
      const row = byNumber.get(firstRowOf.get(phone_number)!)!;
      errors.push(cellProblem(lang, row, 'phoneNumber', 'RECIPIENT_PHONE_TAKEN'));
    }
  }
  if (errors.length || dryRun) return { rows: rows.length, created: 0, errors: inFileOrder(recipientImport, rows, errors) };

  const created = await ctx.db.transaction().execute(async (trx) => {
    let count = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map(({ data }) => ({
        customer_id: customerId,
        phone_number: normalisePhone(String(data.phoneNumber), 'PL')!,
        first_name: String(data.firstName),
        last_name: String(data.lastName),
        email: typeof data.email === 'string' ? data.email : null,
        external_id: typeof data.externalId === 'string' ? data.externalId : null,
        billon_user_name: typeof data.billonUserName === 'string' ? data.billonUserName : null,
      }));
      const inserted = await trx.insertInto('recipients').values(values).returning('id').execute();
      count += inserted.length;
    }
    await writeAudit(trx, { actor: actorOf(ctx), customerId, action: 'recipient.import', entity: 'recipient', entityId: null, after: { created: count } });
    return count;
  });
  return { rows: rows.length, created, errors: [] };
}
