// A signed-in recipient's bank accounts (GET and POST /api/payout/collection/bankAccount): those on the payment routes
// its customer offers (AVAILABLE_TRANSFER_TYPES; src/server/platform/paymentRoutes.ts), and a new one with the details
// its payment route requires. A route the customer does not offer takes no new account.
import type { Selectable } from 'kysely';
import type { BankAccount, NewBankAccount } from '../../../shared/collection.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Db } from '../../db/index.ts';
import type { BankAccountsTable } from '../../db/types.ts';
import { ValidationFailure } from '../../errors.ts';
import { offeredRoute, offeredRoutes } from '../../platform/paymentRoutes.ts';
import { serverMessage } from '../../validation.ts';
import type { Collector } from './service.ts';

/** The most accounts listed. */
const LISTED = 100;

function bankAccountOf(row: Selectable<BankAccountsTable>): BankAccount {
  const optional = (value: string | null) => value ?? undefined;
  return {
    id: Number(row.id),
    countryCode: row.country_code,
    currency: row.currency,
    channel: row.channel,
    beneficiaryType: row.beneficiary_type,
    beneficiaryName: row.beneficiary_name,
    iban: optional(row.iban),
    BIC: optional(row.bic),
    sortCode: optional(row.sort_code),
    accountNumber: optional(row.account_number),
    routingCode: optional(row.routing_code),
    createdAt: row.created_at.toISOString(),
  };
}

/** IBANs and account numbers are kept without spaces, in capitals, as banks read them. */
const compact = (value: string | undefined) => (value ? value.replace(/\s+/g, '').toUpperCase() : null);

/** The collector's accounts on the routes its customer offers, newest first. */
export async function bankAccounts(db: Db, who: Collector): Promise<BankAccount[]> {
  const rows = await db.selectFrom('bank_accounts').selectAll().where('recipient_id', '=', who.recipientId).orderBy('id', 'desc').limit(LISTED).execute();
  const routes = await offeredRoutes(db, who.customerId);
  return rows.filter((row) => routes.some((r) => r.countryCode === row.country_code && r.currency === row.currency)).map(bankAccountOf);
}

/** Adds an account on an offered route; the details its route requires must be given. */
export async function addBankAccount(db: Db, who: Collector, body: NewBankAccount): Promise<BankAccount> {
  const route = await offeredRoute(db, who.customerId, body.countryCode, body.currency);
  const missing = route.requiredFields.filter((field) => !String(body[field as keyof NewBankAccount] ?? '').trim());
  if (missing.length) {
    throw new ValidationFailure(missing.map((property) => ({ property, errors: [{ code: 'REQUIRED', message: serverMessage('REQUIRED', {}) }] })));
  }
  const row = await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('bank_accounts')
      .values({
        recipient_id: who.recipientId,
        country_code: body.countryCode,
        currency: body.currency,
        channel: route.channel,
        beneficiary_type: body.beneficiaryType,
        beneficiary_name: body.beneficiaryName.trim(),
        iban: compact(body.iban),
        bic: compact(body.BIC),
        sort_code: body.sortCode?.trim() || null,
        account_number: compact(body.accountNumber),
        routing_code: compact(body.routingCode),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The account's details are the recipient's personal data: the log names its route and its last four characters.
    const number = added.iban ?? added.account_number ?? '';
    await writeAudit(trx, {
      actor: { userId: who.userId, sessionId: who.sessionId },
      customerId: who.customerId,
      action: 'recipient.bankAccount',
      entity: 'bankAccount',
      entityId: added.id,
      after: { recipientId: who.recipientId, countryCode: added.country_code, currency: added.currency, channel: added.channel, beneficiaryType: added.beneficiary_type, number: `…${number.slice(-4)}` },
    });
    return added;
  });
  return bankAccountOf(row);
}
