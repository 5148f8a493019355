// A customer's payer details (migration 026, schemas/forms/payer-details.json): read by its staff who may see them,
// replaced by an admin, each change audited (the IBAN by its last four characters, as every bank account in the log);
// the settlement files take them as the debtor of the customer's transfers.
import type { PayerDetailsForm } from '../../../shared/generated/forms.ts';
import type { PayerBank } from '../../../shared/payerDetails.ts';
import { maskAccountNumber } from '../../../shared/masks.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { actorOf, inTransaction, transactionOf, type RequestContext } from '../../toolkit/index.ts';

export type PayerDetails = PayerDetailsForm;

/** The customer a request acts for, which must exist: a SUPER_ADMIN names it, everyone else acts for their own. */
export async function payerCustomer(ctx: RequestContext, named: number | undefined): Promise<number> {
  const own = ctx.auth.user.type !== 'SUPER_ADMIN';
  if (ctx.customerId === null || (own && named !== undefined && named !== ctx.customerId)) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  const found = await ctx.db.selectFrom('customers').select('id').where('id', '=', ctx.customerId).executeTakeFirst();
  if (!found) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  return ctx.customerId;
}

/** The customer's payer details, or undefined while none are set. */
export async function readPayerDetails(db: Db, customerId: number): Promise<PayerDetails | undefined> {
  const row = await db.selectFrom('payer_details').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) return undefined;
  return { legalName: row.legal_name, street: row.street, postalCode: row.postal_code, city: row.city, taxId: row.tax_id, iban: row.iban, bank: row.bank };
}

/** What the audit log keeps of them: everything but the IBAN, which it names by its last four characters. */
const logged = (details: PayerDetails | undefined) => (details ? { ...details, iban: maskAccountNumber(details.iban) } : null);

/** PUT: the details replaced whole (the form sends every field), the change audited. */
export async function writePayerDetails(ctx: RequestContext, customerId: number, body: PayerDetails): Promise<PayerDetails> {
  return inTransaction(ctx, async (tx) => {
    const trx = transactionOf(tx);
    const before = await readPayerDetails(trx, customerId);
    const values = {
      legal_name: body.legalName,
      street: body.street,
      postal_code: body.postalCode,
      city: body.city,
      tax_id: body.taxId,
      iban: body.iban,
      bank: body.bank as PayerBank,
      updated_at: new Date(),
    };
    await trx
      .insertInto('payer_details')
      .values({ customer_id: customerId, ...values })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet(values))
      .execute();
    const after = (await readPayerDetails(trx, customerId))!;
    await writeAudit(trx, { actor: actorOf(tx), customerId, action: 'customer.payerDetails', entity: 'customer', entityId: customerId, before: logged(before), after: logged(after) });
    return after;
  });
}
