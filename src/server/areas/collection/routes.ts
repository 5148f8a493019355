// The collection page's calls, under /api/payout/collection:
//   GET  {prefix}/templateProperties?customerUrl&programUrl   the page's look and texts, and the customer and program
//                                                              its address names, a custom domain's too (public; template.ts)
//   GET  {prefix}/urls?customerId                              the collection addresses (staff, payout.collection.url)
//   GET, PUT {prefix}/settings?customerId                      the customer's page settings (customer.settings; settings.ts)
//   GET, PUT {prefix}/settings/program/{id}                     a program's, over its customer's (payout.program.manage)
// and those of a signed-in recipient (a RECIPIENT session, permission payout.collection):
//   GET  {prefix}               the payouts it may collect now: its own, of its customer (and of the session's
//                               program when the page's address named one), TO_COLLECT, started and not ended
//   POST {prefix}               collects some of them to one of its bank accounts (CollectBody)
//   GET  {prefix}/bankAccount   its bank accounts on the payment routes its customer offers, newest first
//   POST {prefix}/bankAccount   adds one; the details its payment route requires must be given
// A payment route the customer does not offer (AVAILABLE_TRANSFER_TYPES; src/server/platform/paymentRoutes.ts) takes neither a new
// bank account nor a collection.
// Collecting is exactly once: the payouts move TO_COLLECT -> COLLECTED_ON_PAGE by the ledger's conditional, set-based
// move, under a lock of the recipient's row, so double clicks, two tabs and many concurrent requests collect each
// payout once, and the limits at collection (monthly and yearly, DESIGN.md) are checked against what is collected.
// The money stays blocked on the account until the payout is settled.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { BankAccount, CollectablePayout, CollectAnswer, CollectBody, CollectionUrls, NewBankAccount } from '../../../shared/collection.ts';
import { authOf } from '../../plugins/auth.ts';
import type { Selectable } from 'kysely';
import type { Db, Trx } from '../../db/index.ts';
import type { BankAccountsTable } from '../../db/types.ts';
import { writeAudit } from '../../audit/log.ts';
import { AppError, ValidationFailure } from '../../errors.ts';
import { movePayouts } from '../../ledger/index.ts';
import { offeredRoute, offeredRoutes } from '../../platform/paymentRoutes.ts';
import { getCustomerSetting } from '../../platform/settings.ts';
import { loadSchema, serverMessage } from '../../validation.ts';
import { collectionUrl, sendTransitionMessages } from '../payouts/messages.ts';
import { requestContext } from '../../toolkit/index.ts';
import { templateProperties } from './template.ts';
import { customerTimeZone } from '../../platform/settings.ts';
import { fittingPayouts } from './limits.ts';
import { pageSettingsRoutes } from './settings.ts';

const COLLECTOR = { permissions: ['payout.collection'], userTypes: ['RECIPIENT' as const] };

interface Collector {
  userId: number;
  sessionId: number;
  recipientId: number;
  customerId: number;
  programId: number | null;
}

function collectorOf(request: FastifyRequest): Collector {
  const auth = authOf(request);
  const { recipient_id: recipientId, customer_id: customerId } = auth.user;
  // A RECIPIENT user always has both (a database check); this guards the types.
  if (recipientId === null || customerId === null || auth.sessionId === null) throw new AppError(403, 'FORBIDDEN');
  return { userId: auth.user.id, sessionId: auth.sessionId, recipientId, customerId, programId: auth.programId };
}

/** The collector's payouts that can be collected now, as a query of payouts joined to their programs. */
function collectable(db: Db, who: Collector) {
  let q = db
    .selectFrom('payouts')
    .innerJoin('programs', 'programs.id', 'payouts.program_id')
    .where('payouts.recipient_id', '=', who.recipientId)
    .where('payouts.customer_id', '=', who.customerId)
    .where('payouts.status', '=', 'TO_COLLECT')
    .where('payouts.start_date', '<=', sql<Date>`now()`)
    .where('payouts.end_date', '>', sql<Date>`now()`);
  if (who.programId !== null) q = q.where('payouts.program_id', '=', who.programId);
  return q;
}

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

export const collectionArea: FastifyPluginAsync = async (app) => {
  pageSettingsRoutes(app);

  app.get<{ Querystring: { customerUrl?: string; programUrl?: string } }>(
    '/templateProperties',
    {
      config: { public: true, collectionPage: true },
      schema: {
        querystring: {
          type: 'object',
          properties: { customerUrl: { type: 'string', minLength: 1, maxLength: 100 }, programUrl: { type: 'string', minLength: 1, maxLength: 100 } },
          additionalProperties: false,
        },
      },
    },
    async (request) => templateProperties(app.db, { host: request.headers.host, ...request.query }, app.config.supportEmail),
  );

  app.get<{ Querystring: { customerId?: number } }>(
    '/urls',
    {
      config: { permissions: ['payout.collection.url'] },
      schema: { querystring: { type: 'object', properties: { customerId: { type: 'integer', minimum: 1 } }, additionalProperties: false } },
    },
    async (request): Promise<CollectionUrls> => {
      const ctx = requestContext(request, request.query.customerId);
      if (ctx.customerId === null) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
      const customer = await app.db.selectFrom('customers').select(['id', 'url']).where('id', '=', ctx.customerId).executeTakeFirst();
      if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
      const programs = await app.db.selectFrom('programs').select(['id', 'name', 'url']).where('customer_id', '=', customer.id).where('url', 'is not', null).orderBy('name').execute();
      const domain = (await getCustomerSetting(app.db, customer.id, 'CUSTOM_DOMAIN_NAME'))?.trim() || null;
      return {
        customer: collectionUrl(app.config.publicUrl, customer.url, null),
        customDomain: domain ? `https://${domain}` : null,
        programs: programs.map((p) => ({ programId: p.id, name: p.name, url: collectionUrl(app.config.publicUrl, customer.url, p.url) })),
      };
    },
  );

  app.get('/', { config: COLLECTOR }, async (request) => {
    const who = collectorOf(request);
    const rows = await collectable(app.db, who)
      .select(['payouts.id', 'payouts.reference', 'payouts.amount', 'payouts.currency', 'payouts.title', 'programs.name as program_name', 'payouts.end_date'])
      .orderBy('payouts.end_date')
      .orderBy('payouts.id')
      .limit(500)
      .execute();
    const items: CollectablePayout[] = rows.map((r) => ({
      id: Number(r.id),
      reference: r.reference,
      amount: Number(r.amount),
      currency: r.currency,
      title: r.title,
      programName: r.program_name,
      endDate: r.end_date.toISOString(),
    }));
    return { items, numberOfRecords: items.length };
  });

  app.post<{ Body: CollectBody }>('/', { config: COLLECTOR, schema: { body: loadSchema('forms/collect') } }, async (request): Promise<CollectAnswer> => {
    const who = collectorOf(request);
    const body = request.body;
    const timeZone = await customerTimeZone(app.db, who.customerId);
    const moved = await app.db.transaction().execute(async (trx) => {
      // One collection of a recipient at a time: its limits are checked against what it has collected.
      const recipient = await trx.selectFrom('recipients').select('blocked').where('id', '=', who.recipientId).forUpdate().executeTakeFirst();
      if (!recipient || recipient.blocked) throw new AppError(403, 'RECIPIENT_BLOCKED');
      const account = await trx.selectFrom('bank_accounts').select(['id', 'country_code', 'currency']).where('id', '=', body.bankAccountId).where('recipient_id', '=', who.recipientId).executeTakeFirst();
      if (!account) throw new AppError(404, 'BANK_ACCOUNT_NOT_FOUND');
      // Added while its route was offered, say: the customer's setting now decides.
      await offeredRoute(trx, who.customerId, account.country_code, account.currency);
      const chosen = await collectable(trx, who)
        .select(['payouts.id', 'payouts.amount', 'payouts.currency'])
        .where('payouts.id', 'in', body.payoutIds)
        .orderBy('payouts.end_date')
        .orderBy('payouts.id')
        .execute();
      // Collected meanwhile (another tab), cancelled, expired, or never the recipient's: the page reads its list again.
      if (chosen.length !== body.payoutIds.length) throw new AppError(409, 'PAYOUTS_NOT_AVAILABLE');
      if (chosen.some((p) => p.currency !== account.currency)) throw new AppError(400, 'BANK_ACCOUNT_CURRENCY');
      const fitting = await fittingPayouts(trx, who.customerId, who.recipientId, chosen.map((p) => ({ id: Number(p.id), amount: Number(p.amount) })), timeZone);
      if (fitting.length === 0) throw new AppError(400, 'COLLECTION_LIMIT_NONE');
      if (fitting.length < chosen.length && !body.onlyFitting) throw new AppError(409, 'COLLECTION_LIMIT_SOME', { fitting });
      const done = await movePayouts(trx as Trx, { ids: fitting, from: ['TO_COLLECT'], to: 'COLLECTED_ON_PAGE', actor: { userId: who.userId, sessionId: who.sessionId } });
      const ids = done.map((m) => m.id);
      if (ids.length) {
        await trx.updateTable('payouts').set({ collected_at: sql<Date>`now()`, bank_account_id: account.id }).where('id', 'in', ids).execute();
        await writeAudit(trx as Trx, { actor: { userId: who.userId, sessionId: who.sessionId }, customerId: who.customerId, action: 'payout.collect', entity: 'payout', entityId: ids.length === 1 ? ids[0] : null, after: { status: 'COLLECTED_ON_PAGE', bankAccountId: account.id, ids } });
        // The collected-payouts SMS, as the transition table says (while the customer has it on).
        await sendTransitionMessages(trx, 'COLLECTED_ON_PAGE', done, app.config.publicUrl);
      }
      return ids;
    });
    // The rows were locked and checked above, so each moves; none moving means another request took them first.
    if (moved.length === 0) throw new AppError(409, 'PAYOUTS_NOT_AVAILABLE');
    void app.outbox.kick();
    return { collected: moved.length, ids: moved };
  });

  app.get('/bankAccount', { config: COLLECTOR }, async (request) => {
    const who = collectorOf(request);
    const rows = await app.db.selectFrom('bank_accounts').selectAll().where('recipient_id', '=', who.recipientId).orderBy('id', 'desc').limit(100).execute();
    const routes = await offeredRoutes(app.db, who.customerId);
    const items = rows.filter((row) => routes.some((r) => r.countryCode === row.country_code && r.currency === row.currency)).map(bankAccountOf);
    return { items, numberOfRecords: items.length };
  });

  app.post<{ Body: NewBankAccount }>('/bankAccount', { config: COLLECTOR, schema: { body: loadSchema('forms/bank-account') } }, async (request, reply) => {
    const who = collectorOf(request);
    const body = request.body;
    const route = await offeredRoute(app.db, who.customerId, body.countryCode, body.currency);
    const missing = route.requiredFields.filter((field) => !String(body[field as keyof NewBankAccount] ?? '').trim());
    if (missing.length) {
      throw new ValidationFailure(missing.map((property) => ({ property, errors: [{ code: 'REQUIRED', message: serverMessage('REQUIRED', {}) }] })));
    }
    const row = await app.db.transaction().execute(async (trx) => {
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
      await writeAudit(trx as Trx, {
        actor: { userId: who.userId, sessionId: who.sessionId },
        customerId: who.customerId,
        action: 'recipient.bankAccount',
        entity: 'bankAccount',
        entityId: added.id,
        after: { recipientId: who.recipientId, countryCode: added.country_code, currency: added.currency, channel: added.channel, beneficiaryType: added.beneficiary_type, number: `…${number.slice(-4)}` },
      });
      return added;
    });
    reply.code(201);
    return bankAccountOf(row);
  });
};
