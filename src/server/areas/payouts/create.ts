// Creating a payout (POST /api/payout, and later the integration API and imports through createPayout).
// In one transaction: the program and the recipient rows are locked (in that order, everywhere), the budget and
// the limits are checked against what is already counted, the payout row and its first status are written, its
// amount is locked on the account by the ledger (balance -> lockedBalance, refused when the balance does not
// cover it), the audit entry and the recipient's SMS are queued. Any refusal leaves nothing behind.
import type { FastifyPluginAsync } from 'fastify';
import type { CreatePayoutBody, PayoutSource, PayoutStatus } from '../../../shared/payouts.ts';
import { normalisePhone } from '../../../shared/validation/rules.ts';
import { fromWallTime, toWallTime } from '../../../shared/zonedTime.ts';
import type { Actor } from '../../audit/log.ts';
import { writeAudit } from '../../audit/log.ts';
import { AppError, ValidationFailure } from '../../errors.ts';
import { lockFunds } from '../../ledger/index.ts';
import { needsStepUp } from '../../platform/stepUp.ts';
import { actorOf, authorized, authorizedAccount, entityResponse, inTransaction, readItem, requestContext, stepUpResponse, transactionOf, type AnyRow, type JsonSchema, type RequestContext } from '../../toolkit/index.ts';
import { loadSchema, serverMessage } from '../../validation.ts';
import { accountsView } from '../accounts/resource.ts';
import { queuePayoutSms } from './messages.ts';
import { newReference } from './reference.ts';
import { payouts, payoutsView } from './resource.ts';
import { customerTimeZone } from '../../platform/settings.ts';
import { checkBudget, checkLimits } from './rules.ts';
import { queuePayoutEvents } from '../../platform/webhooks/events.ts';

const createPayoutBody = loadSchema('forms/payout') as JsonSchema;

/** How far in the past a start date may lie: the time a user takes to fill the form in. */
const START_DATE_GRACE_MS = 10 * 60 * 1000;

/** A date field that lies before `limit`: the catalogue's INVALID_MIN_DATE naming the limit as the form shows dates. */
function tooEarly(property: string, limit: Date, timeZone: string): ValidationFailure {
  const text = toWallTime(limit, timeZone);
  return new ValidationFailure([{ property, errors: [{ code: 'INVALID_MIN_DATE', message: serverMessage('INVALID_MIN_DATE', { limit: text }) }] }]);
}

/**
 * The payout's availability: from the start (now by default, not in the past) to an end after both. The dates are
 * wall-clock times of the customer's time zone, as the form shows them.
 */
function availability(body: Pick<CreatePayoutBody, 'startDate' | 'endDate'>, timeZone: string, now = new Date()): { start: Date; end: Date } {
  const start = body.startDate ? fromWallTime(body.startDate, timeZone) : now;
  const end = fromWallTime(body.endDate, timeZone);
  if (start.getTime() < now.getTime() - START_DATE_GRACE_MS) throw tooEarly('startDate', now, timeZone);
  const earliestEnd = start.getTime() > now.getTime() ? start : now;
  if (end.getTime() <= earliestEnd.getTime()) throw tooEarly('endDate', earliestEnd, timeZone);
  return { start, end };
}

/**
 * The account a payout is paid from, as the request sees it: visible (else "Account not found") and managed by the
 * user (else "You do not have access to manage this Account!").
 */
export async function payingAccount(ctx: RequestContext, accountId: number): Promise<AnyRow> {
  const account = await readItem(accountsView, ctx, accountId);
  if (!account) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
  if (!account.canManage) throw new AppError(403, 'ACCOUNT_ACCESS_DENIED');
  return account;
}

interface CreatePayoutOptions {
  source: PayoutSource;
  /** TO_COLLECT from the panel; TO_APPROVE for an API payout at or above the step-up threshold (decideApiStatus). */
  status: Extract<PayoutStatus, 'TO_COLLECT' | 'TO_APPROVE'>;
  actor: Actor;
  publicUrl: string;
}

/**
 * Creates one payout inside the caller's transaction (`ctx.db`), after the caller has checked the account
 * (payingAccount). Answers the new payout's id; throws the rule's AppError or ValidationFailure otherwise.
 */
async function createPayout(ctx: RequestContext, account: AnyRow, body: CreatePayoutBody, options: CreatePayoutOptions): Promise<number> {
  const trx = transactionOf(ctx);
  const customerId = account.customerId as number;
  const timeZone = await customerTimeZone(trx, customerId);
  const { start, end } = availability(body, timeZone);

  // The program's and the recipient's rows serialise the budget and limit checks. FOR NO KEY UPDATE, not FOR UPDATE:
  // a collect's or a change's foreign-key check takes a KEY SHARE lock on them, which FOR UPDATE would block, and the
  // two orders of taking them deadlock (two instances on PostgreSQL: tests/api/instances.test.ts).
  const program = await trx
    .selectFrom('programs')
    .select(['id', 'customer_id', 'currency', 'budget', 'budget_interval'])
    .where('id', '=', body.programId)
    .where('customer_id', '=', customerId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!program) throw new AppError(404, 'PROGRAM_NOT_FOUND');
  if (program.currency !== account.currency) throw new AppError(400, 'CURRENCY_MISMATCH');

  const recipientId = await recipientFor(ctx, customerId, body);
  const recipient = await trx
    .selectFrom('recipients')
    .select(['id', 'blocked'])
    .where('id', '=', recipientId)
    .where('customer_id', '=', customerId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!recipient) throw new AppError(404, 'RECIPIENT_NOT_FOUND');
  if (recipient.blocked) throw new AppError(400, 'RECIPIENT_BLOCKED');

  await checkBudget(trx, program, body.amount, timeZone);
  await checkLimits(trx, customerId, recipient.id, body.amount, timeZone);

  let inserted: { id: number; reference: string } | undefined;
  while (!inserted) {
    // A reference already taken (rare) just yields no row: a unique violation would abort the transaction.
    inserted = await trx
      .insertInto('payouts')
      .values({
        customer_id: customerId,
        reference: newReference(),
        status: options.status,
        source: options.source,
        account_id: account.id as number,
        program_id: program.id,
        recipient_id: recipient.id,
        amount: body.amount,
        currency: program.currency,
        title: body.title ?? null,
        sms_message: body.smsMessage ?? null,
        start_date: start,
        end_date: end,
        created_by: options.actor.userId,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning(['id', 'reference'])
      .executeTakeFirst();
  }
  const payoutId = inserted.id;
  await trx.insertInto('payout_status_changes').values({ payout_id: payoutId, from_status: null, to_status: options.status, created_by: options.actor.userId }).execute();
  await queuePayoutEvents(trx, [{ id: payoutId, from: null }], options.status, customerId);
  await lockFunds(trx, {
    accountId: account.id as number,
    amount: body.amount,
    payoutId,
    actor: options.actor,
    reference: inserted.reference,
    customerId,
    currency: program.currency,
  });
  await writeAudit(trx, {
    actor: options.actor,
    customerId,
    action: 'payout.create',
    entity: 'payout',
    entityId: payoutId,
    before: null,
    after: { reference: inserted.reference, status: options.status, source: options.source, accountId: account.id, programId: program.id, recipientId: recipient.id, amount: body.amount, currency: program.currency },
  });
  // The recipient learns of a payout it can collect; one waiting for approval is announced when approved.
  if (options.status === 'TO_COLLECT') await queuePayoutSms(trx, options.publicUrl, payoutId, 'PAYOUT_SMS_NOTIFICATION_MESSAGE', body.smsMessage);
  return payoutId;
}

/**
 * The recipient of a new payout: the one named (checked with its row), or the customer's recipient with the new
 * recipient's phone number, created when there is none (a phone number names one recipient per customer, so a
 * known number pays the known recipient, whose details stay as they are).
 */
async function recipientFor(ctx: RequestContext, customerId: number, body: CreatePayoutBody): Promise<number> {
  if (body.recipientId !== undefined) return body.recipientId;
  const fresh = body.newRecipient;
  if (!fresh) throw new ValidationFailure([{ property: 'recipientId', errors: [{ code: 'REQUIRED', message: serverMessage('REQUIRED', {}) }] }]);
  const phone = normalisePhone(fresh.phoneNumber, 'PL') ?? fresh.phoneNumber;
  const created = await ctx.db
    .insertInto('recipients')
    .values({ customer_id: customerId, phone_number: phone, first_name: fresh.firstName ?? null, last_name: fresh.lastName ?? null, email: fresh.email ?? null, external_id: null, billon_user_name: null })
    .onConflict((oc) => oc.columns(['customer_id', 'phone_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return created.id;
  const existing = await ctx.db.selectFrom('recipients').select('id').where('customer_id', '=', customerId).where('phone_number', '=', phone).executeTakeFirstOrThrow();
  return existing.id;
}

/** An integration API payout at or above the currency's threshold waits for a panel user's approval (DESIGN.md). */
async function decideApiStatus(ctx: RequestContext, currency: string, amount: number): Promise<'TO_COLLECT' | 'TO_APPROVE'> {
  return (await needsStepUp(ctx.db, currency, amount)) ? 'TO_APPROVE' : 'TO_COLLECT';
}

export const createPayoutRoute: FastifyPluginAsync = async (app) => {
  const response = entityResponse(payouts.entity, Object.keys(payoutsView.fields));
  app.post<{ Body: CreatePayoutBody }>(
    '',
    {
      config: { permissions: ['payout.manage'] },
      schema: { body: createPayoutBody, response: { 201: response, 200: stepUpResponse(response) } },
    },
    async (request, reply) => {
      const body = request.body;
      if ((body.recipientId === undefined) === (body.newRecipient === undefined)) {
        throw new ValidationFailure([{ property: 'recipientId', errors: [{ code: 'REQUIRED', message: serverMessage('REQUIRED', {}) }] }]);
      }
      const ctx = requestContext(request);
      // Checks that need no code come first, so no SMS is sent for a payout that cannot be made; they run again
      // inside the transaction, on locked rows.
      const account = await payingAccount(ctx, body.accountId);
      availability(body, await customerTimeZone(ctx.db, account.customerId as number));
      if ((account.balance as number) < body.amount) throw new AppError(400, 'INSUFFICIENT_FUNDS');
      // A call with an API key answers no SMS: at or above the threshold its payout waits for a panel user's approval.
      if (ctx.auth.apiKeyId !== null) {
        const status = await decideApiStatus(ctx, account.currency as string, body.amount);
        const created = await inTransaction(ctx, async (trx) => {
          const id = await createPayout(trx, account, body, { source: 'API', status, actor: actorOf(trx), publicUrl: request.server.config.publicUrl });
          return readItem(payoutsView, trx, id, { scope: false });
        });
        void request.server.outbox.kick();
        return reply.code(201).send(created);
      }
      const { verificationCode, ...operation } = body;
      const authorization = {
        purpose: 'PAYOUT',
        currency: account.currency as string,
        amount: body.amount,
        operation: { accountId: body.accountId, programId: body.programId, recipient: body.recipientId ?? body.newRecipient?.phoneNumber ?? null, title: operation.title ?? null, endDate: body.endDate },
        verificationCode,
        account: authorizedAccount(account),
      } as const;
      const result = await authorized(request, ctx, authorization, async (trx) => {
        const id = await createPayout(trx, account, body, { source: 'MANUAL', status: 'TO_COLLECT', actor: actorOf(trx), publicUrl: request.server.config.publicUrl });
        return readItem(payoutsView, trx, id, { scope: false });
      });
      if (result && 'authorizationRequired' in result) return result;
      void request.server.outbox.kick();
      return reply.code(201).send(result);
    },
  );
};
