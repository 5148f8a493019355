// A recipient's saved bank accounts in the panel (the recipient adds them on the collection page):
//   GET    {prefix}/:id/bankAccount        payout.recipient.read         the recipient's accounts, masked (a list)
//   DELETE {prefix}/bankAccount/:id        payout.recipient.bankAccount.manage (ADMIN)   one removed, audited
// Staff see an account masked: the last 4 characters of its IBAN or account number, with its holder type, currency
// and country. Removing one that no payout names deletes it; one that payouts went to is detached from the
// recipient instead (migration 026), so the recipient no longer sees or chooses it while those payouts keep it
// (settlement still pays a collected one there).
import { expressionBuilder } from 'kysely';
import { writeAudit } from '../../audit/log.ts';
import { AppError } from '../../errors.ts';
import { maskAccountNumber } from '../../../shared/masks.ts';
import { maskedAccountSql } from '../../platform/maskedAccount.ts';
import { actorOf, inTransaction, scoped, transactionOf, untyped, type AnyRow, type FieldMap, type ListRouteOptions, type RequestContext } from '../../toolkit/index.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';
import { recipientScope } from './service.ts';

/** The masked fields of an account (entities/bank-account), for lists and a recipient's details. */
const maskedFields: FieldMap = {
  id: 'bank_accounts.id',
  account: maskedAccountSql('bank_accounts'),
  beneficiaryType: 'bank_accounts.beneficiary_type',
  currency: 'bank_accounts.currency',
  countryCode: 'bank_accounts.country_code',
  createdAt: 'bank_accounts.created_at',
};

/** Whether the request may see the recipient: the recipients' own scope. */
function recipientVisible(ctx: RequestContext, recipientId: number) {
  const recipient = untyped(ctx.db).selectFrom('recipients').select('recipients.id').where('recipients.id', '=', recipientId);
  return expressionBuilder().exists(scoped(recipient, ctx, recipientScope));
}

/** GET {prefix}/:id/bankAccount: the recipient's accounts, newest first; a recipient the request may not see is a 404. */
export const recipientBankAccounts: ListRouteOptions = {
  path: '/:id/bankAccount',
  params: idParams,
  permissions: ['payout.recipient.read'],
  // The rows are one recipient's, seen as the recipient is (parent, below).
  tenancy: false,
  fields: maskedFields,
  defaultOrder: ['createdAt', 'DESC'],
  response: 'entities/bank-account',
  baseQuery: (ctx, request) => untyped(ctx.db).selectFrom('bank_accounts').where('bank_accounts.recipient_id', '=', paramId(request.params as IdParams)),
  parent: {
    column: 'bank_accounts.recipient_id',
    visible: (ctx, request) => recipientVisible(ctx, paramId(request.params as IdParams)),
    notFound: 'RECIPIENT_NOT_FOUND',
  },
};

/** A recipient's details name its accounts (GET {prefix}/:id, related), masked, newest first. */
export async function readBankAccounts(ctx: RequestContext, recipient: AnyRow): Promise<AnyRow[]> {
  const rows = await ctx.db
    .selectFrom('bank_accounts')
    .select(['id', 'iban', 'account_number', 'beneficiary_type', 'currency', 'country_code', 'created_at'])
    .where('recipient_id', '=', recipient.id as number)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    account: maskAccountNumber(r.iban ?? r.account_number),
    beneficiaryType: r.beneficiary_type,
    currency: r.currency,
    countryCode: r.country_code,
    createdAt: r.created_at.toISOString(),
  }));
}

/** DELETE {prefix}/bankAccount/:id: the account of a recipient the request may see removed (deleted or detached), audited. */
export async function removeBankAccount(ctx: RequestContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const trx = transactionOf(tx);
    const owned = untyped(trx)
      .selectFrom('bank_accounts')
      .innerJoin('recipients', 'recipients.id', 'bank_accounts.recipient_id')
      .select(['bank_accounts.id', 'bank_accounts.recipient_id', 'recipients.customer_id', 'bank_accounts.country_code', 'bank_accounts.currency', 'bank_accounts.channel', 'bank_accounts.beneficiary_type', 'bank_accounts.iban', 'bank_accounts.account_number'])
      .where('bank_accounts.id', '=', id);
    const account = await scoped(owned, tx, recipientScope).forUpdate('bank_accounts').executeTakeFirst();
    if (!account) throw new AppError(404, 'BANK_ACCOUNT_NOT_FOUND');
    const used = await trx.selectFrom('payouts').select('id').where('bank_account_id', '=', id).limit(1).executeTakeFirst();
    if (used) {
      await trx.updateTable('bank_accounts').set({ recipient_id: null, removed_recipient_id: account.recipient_id, removed_at: new Date() }).where('id', '=', id).execute();
    } else {
      await trx.deleteFrom('bank_accounts').where('id', '=', id).execute();
    }
    await writeAudit(trx, {
      actor: actorOf(tx),
      customerId: account.customer_id,
      action: 'recipient.bankAccountRemove',
      entity: 'bankAccount',
      entityId: id,
      before: {
        recipientId: account.recipient_id,
        countryCode: account.country_code,
        currency: account.currency,
        channel: account.channel,
        beneficiaryType: account.beneficiary_type,
        number: maskAccountNumber(account.iban ?? account.account_number),
      },
      after: { keptForPayouts: Boolean(used) },
    });
  });
}
