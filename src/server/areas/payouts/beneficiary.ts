// The bank account a payout was collected to (its beneficiary details), as the panel shows it:
//   GET {prefix}, {prefix}/:id   each payout names it masked (`bankAccount`: the last 4 characters), to everyone who reads payouts
//   GET {prefix}/:id/beneficiary payout.beneficiary.details   the details in full, each read audited (payout.beneficiaryView)
// In full only while the customer's PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS is on, and only to ADMINs and General
// Representatives (payout.beneficiary.details: a Special Representative and a SUPER_ADMIN lack it), in the panel: a
// person's look, not an API key's (no key may hold the permission); anyone else gets the masked form from the
// server, never the whole value. The list says per row whether the full view is offered
// (`beneficiaryDetailsViewable`), which the panel's "Show full details" action follows.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { maskAccountNumber } from '../../../shared/masks.ts';
import { writeAudit } from '../../audit/log.ts';
import { AppError } from '../../errors.ts';
import { CUSTOMER_SETTING_DEFAULTS, getCustomerSetting } from '../../platform/settings.ts';
import { actorOf, entityResponse, requestContext, scoped, untyped } from '../../toolkit/index.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';

const SETTING = 'PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS';

/** The list's `beneficiaryDetailsViewable`: collected to an account, and the customer lets its staff see it whole. */
export const beneficiaryViewableSql = sql<boolean>`(payouts.bank_account_id IS NOT NULL AND coalesce((SELECT s.value FROM settings s WHERE s.customer_id = payouts.customer_id AND s.key = ${SETTING}), ${CUSTOMER_SETTING_DEFAULTS[SETTING]}) = 'true')`;

const FULL_FIELDS = ['beneficiaryName', 'beneficiaryType', 'countryCode', 'currency', 'iban', 'BIC', 'sortCode', 'accountNumber', 'routingCode'] as const;

export const beneficiaryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: IdParams }>(
    '/:id/beneficiary',
    { config: { permissions: ['payout.beneficiary.details'] }, schema: { params: idParams, response: { 200: entityResponse('entities/bank-account', FULL_FIELDS) } } },
    async (request) => {
      const ctx = requestContext(request);
      const id = paramId(request.params);
      const query = untyped(ctx.db)
        .selectFrom('payouts')
        .leftJoin('bank_accounts', 'bank_accounts.id', 'payouts.bank_account_id')
        .select(['payouts.customer_id', 'payouts.reference', 'bank_accounts.id as bank_account_id', 'bank_accounts.beneficiary_name', 'bank_accounts.beneficiary_type', 'bank_accounts.country_code', 'bank_accounts.currency', 'bank_accounts.iban', 'bank_accounts.bic', 'bank_accounts.sort_code', 'bank_accounts.account_number', 'bank_accounts.routing_code'])
        .where('payouts.id', '=', id);
      const row = await scoped(query, ctx, { tenancy: { column: 'payouts.customer_id' } }).executeTakeFirst();
      if (!row) throw new AppError(404, 'PAYOUT_NOT_FOUND');
      if ((await getCustomerSetting(ctx.db, row.customer_id, SETTING)) !== 'true') throw new AppError(403, 'BENEFICIARY_DETAILS_HIDDEN');
      if (row.bank_account_id === null) throw new AppError(404, 'BANK_ACCOUNT_NOT_FOUND');
      // Who saw whose account, and when: the entry names the account by its last four characters, as every entry does.
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, {
          actor: actorOf(ctx),
          customerId: row.customer_id,
          action: 'payout.beneficiaryView',
          entity: 'payout',
          entityId: id,
          after: { reference: row.reference, bankAccountId: Number(row.bank_account_id), number: maskAccountNumber(row.iban ?? row.account_number) },
        }),
      );
      return {
        beneficiaryName: row.beneficiary_name,
        beneficiaryType: row.beneficiary_type,
        countryCode: row.country_code,
        currency: row.currency,
        iban: row.iban,
        BIC: row.bic,
        sortCode: row.sort_code,
        accountNumber: row.account_number,
        routingCode: row.routing_code,
      };
    },
  );
};
