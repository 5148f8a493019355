// Changing payouts' statuses (PUT /api/payout/status): a row action (one id), the selected rows (ids), or every
// payout matching the list's filters, to a status a panel user may set (MANUAL_TARGETS). The transition table of
// src/shared/payouts.ts decides which may move; the rest stay as they are. The spec's bulk flow: without
// `confirm` the answer only counts (matching, changeable) and nothing changes; with it the changeable ones move,
// with their status history and their money (ledger/payoutsBulk.ts), in one transaction. Approving payouts at or
// above the step-up threshold needs the SMS code (DESIGN.md). Through the integration API a TO_APPROVE payout is
// non-editable (spec): a key's change or reminder that names one is refused, dry run included. The messages a move
// sends are the shared table's (sendTransitionMessages). POST /api/payout/:id/reminder texts a reminder, while the
// customer's PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER is on.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { REMINDER_STATUSES, isEditable, sourcesOf, type ManualTarget, type PayoutStatus, type StatusChangeAnswer, type StatusChangeBody } from '../../../shared/payouts.ts';
import { isEmptyFilter } from '../../../shared/list-query.ts';
import type { AuthorizedAccount } from '../../../shared/stepUp.ts';
import { writeAudit } from '../../audit/log.ts';
import { AppError } from '../../errors.ts';
import { movePayouts } from '../../ledger/index.ts';
import { needsStepUp } from '../../platform/stepUp.ts';
import { idParams, loadSchema, paramId, type IdParams } from '../../validation.ts';
import {
  actorOf,
  authorized,
  compileList,
  entityResponse,
  readItem,
  requestContext,
  scoped,
  stepUpResponse,
  transactionOf,
  type AnyQuery,
  type JsonSchema,
  type RequestContext,
} from '../../toolkit/index.ts';
import { queuePayoutSms, remindersAllowed, sendTransitionMessages } from './messages.ts';
import { payouts, payoutsView } from './resource.ts';

const statusChangeBody = loadSchema('forms/payout-status') as JsonSchema;

const list = compileList({ fields: payoutsView.fields, filterSchema: payouts.filters, search: payouts.search, defaultOrder: payouts.defaultOrder });

/** The payouts a change names, as the request sees them: the ids given (all of them, else 404), or the filtered list. */
async function selection(ctx: RequestContext, body: StatusChangeBody): Promise<AnyQuery> {
  const base = scoped(await payoutsView.baseQuery(ctx), ctx, payoutsView);
  if (body.ids) {
    const query = base.where('payouts.id', 'in', body.ids);
    const { n } = await query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    if (n !== body.ids.length) throw new AppError(404, 'PAYOUT_NOT_FOUND');
    return query;
  }
  const filters = await list.resolve(list.params({ options: body.options }).options ?? {}, ctx);
  // The spec: a bulk change only after at least one status is chosen in the filters.
  if (isEmptyFilter(filters.status)) throw new AppError(400, 'STATUS_FILTER_REQUIRED');
  return list.filtered(base, filters, ctx);
}

interface Counted {
  matching: number;
  changeable: number;
  /** Payouts the transition would move but the caller may not change (TO_APPROVE, for an API key). */
  refused: number;
  /** The accounts of the changeable payouts, in id order. */
  accounts: number[];
  /** The changeable payouts waiting for approval per currency: their sum (the step-up's amount), their number and their account when they share one. */
  approvals: { currency: string; amount: number; payouts: number; account: AuthorizedAccount | null }[];
}

/** The counts and the approvals' sums in one pass over the selection, per currency. */
async function count(query: AnyQuery, sources: readonly PayoutStatus[], refused: readonly PayoutStatus[]): Promise<Counted> {
  const approving = sql`payouts.status = 'TO_APPROVE' AND payouts.status IN (${sql.join([...sources])})`;
  const rows = await query
    .clearSelect()
    .select([
      'payouts.currency as currency',
      sql<number>`count(*)::int`.as('matching'),
      sql<number>`(count(*) FILTER (WHERE payouts.status IN (${sql.join([...sources])})))::int`.as('changeable'),
      (refused.length ? sql<number>`(count(*) FILTER (WHERE payouts.status IN (${sql.join([...refused])})))::int` : sql<number>`0`).as('refused'),
      sql<number | null>`(sum(payouts.amount) FILTER (WHERE ${approving}))::bigint`.as('approving'),
      sql<number>`(count(*) FILTER (WHERE ${approving}))::int`.as('approvingPayouts'),
      sql<number | null>`min(payouts.account_id) FILTER (WHERE ${approving})`.as('approvingAccountId'),
      sql<number | null>`max(payouts.account_id) FILTER (WHERE ${approving})`.as('approvingLastAccountId'),
      sql<string | null>`min(accounts.name) FILTER (WHERE ${approving})`.as('approvingAccountName'),
      sql<number[] | null>`array_agg(DISTINCT payouts.account_id) FILTER (WHERE payouts.status IN (${sql.join([...sources])}))`.as('accounts'),
    ])
    .groupBy('payouts.currency')
    .orderBy('payouts.currency')
    .execute();
  return {
    matching: rows.reduce((n, r) => n + Number(r.matching), 0),
    changeable: rows.reduce((n, r) => n + Number(r.changeable), 0),
    refused: rows.reduce((n, r) => n + Number(r.refused), 0),
    accounts: [...new Set(rows.flatMap((r) => (r.accounts as number[] | null) ?? []).map(Number))].sort((a, b) => a - b),
    approvals: rows
      .filter((r) => r.approving !== null)
      .map((r) => ({
        currency: r.currency as string,
        amount: Number(r.approving),
        payouts: Number(r.approvingPayouts),
        // The payouts of one account name it; those of several name none.
        account: Number(r.approvingAccountId) === Number(r.approvingLastAccountId) ? { id: Number(r.approvingAccountId), name: String(r.approvingAccountName) } : null,
      })),
  };
}

export const statusRoutes: FastifyPluginAsync = async (app) => {
  const answer: JsonSchema = {
    type: 'object',
    properties: { matching: { type: 'integer' }, changeable: { type: 'integer' }, updated: { type: 'integer' } },
    required: ['matching', 'changeable', 'updated'],
  };

  app.put<{ Body: StatusChangeBody }>(
    '/status',
    { config: { permissions: ['payout.manage'] }, schema: { body: statusChangeBody, response: { 200: stepUpResponse(answer) } } },
    async (request) => {
      const body = request.body;
      const to: ManualTarget = body.status;
      const ctx = requestContext(request);
      const viaApi = ctx.auth.apiKeyId !== null;
      const sources = sourcesOf(to).filter((from) => isEditable(from, viaApi));
      const refused = sourcesOf(to).filter((from) => !isEditable(from, viaApi));
      const query = await selection(ctx, body);
      const counted = await count(query, sources, refused);
      // A key that names a payout waiting for approval is told why, before anything is counted or moved.
      if (counted.refused > 0) throw new AppError(403, 'PAYOUT_NOT_EDITABLE_THROUGH_API');
      // A row action on a payout that cannot move says so; a bulk change answers its counts.
      if (body.ids?.length === 1 && counted.changeable === 0) throw new AppError(400, 'PAYOUT_STATUS_CHANGE_NOT_ALLOWED');
      const result: StatusChangeAnswer = { matching: counted.matching, changeable: counted.changeable, updated: 0 };
      if (!body.confirm || counted.changeable === 0) return result;

      const approving = to === 'TO_COLLECT' ? counted.approvals : [];
      let stepUp = null;
      for (const a of approving) if (await needsStepUp(ctx.db, a.currency, a.amount)) stepUp ??= a;
      const run = async (trx: RequestContext) => {
        // The selection's ids as a query of the move's own statements: they never leave the database.
        const ids = (await selection(trx, body)).clearSelect().select('payouts.id as id').where('payouts.status', 'in', sources);
        // The accounts the count found: a payout that has come to match since, on another account, is not moved.
        const moved = await movePayouts(transactionOf(trx), { ids, from: sources, to, actor: actorOf(trx), accounts: counted.accounts });
        await writeAudit(transactionOf(trx), {
          actor: actorOf(trx),
          customerId: trx.auth.user.customer_id,
          action: 'payout.status',
          entity: 'payout',
          entityId: moved.length === 1 ? moved[0].id : null,
          before: { selection: body.ids ? { ids: body.ids } : { options: body.options ?? null }, matching: counted.matching },
          after: { status: to, updated: moved.length, ids: moved.slice(0, 1000).map((m) => m.id) },
        });
        await sendTransitionMessages(trx.db, to, moved, request.server.config.publicUrl);
        return { ...result, updated: moved.length };
      };
      const done = stepUp
        ? await authorized(
            request,
            ctx,
            {
              purpose: 'PAYOUT_APPROVAL',
              currency: stepUp.currency,
              amount: stepUp.amount,
              operation: { to, ids: body.ids ? body.ids.join(',') : null, options: body.options ?? null },
              verificationCode: body.verificationCode,
              account: stepUp.account,
              payouts: stepUp.payouts,
            },
            run,
          )
        : await ctx.db.transaction().execute((trx) => run({ ...ctx, db: trx }));
      void request.server.outbox.kick();
      return done;
    },
  );

  app.post<{ Params: IdParams }>(
    '/:id/reminder',
    { config: { permissions: ['payout.manage'] }, schema: { params: idParams, response: { 200: entityResponse(payouts.entity, Object.keys(payoutsView.fields)) } } },
    async (request) => {
      const ctx = requestContext(request);
      const id = paramId(request.params);
      const payout = await readItem(payoutsView, ctx, id);
      if (!payout) throw new AppError(404, 'PAYOUT_NOT_FOUND');
      if (!(await remindersAllowed(ctx.db, payout.customerId as number))) throw new AppError(400, 'REMINDERS_DISABLED');
      const status = payout.status as PayoutStatus;
      // A status non-editable through the API alone (TO_APPROVE) is refused to a key with its own reason.
      if (!isEditable(status, ctx.auth.apiKeyId !== null) && isEditable(status, false)) throw new AppError(403, 'PAYOUT_NOT_EDITABLE_THROUGH_API');
      if (!REMINDER_STATUSES.includes(status)) throw new AppError(400, 'REMINDER_NOT_ALLOWED');
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('payouts').set({ reminded_at: new Date() }).where('id', '=', id).execute();
        await queuePayoutSms(trx, request.server.config.publicUrl, id, 'PAYOUT_SMS_REMINDER_MESSAGE');
        await writeAudit(trx, { actor: actorOf(ctx), customerId: payout.customerId as number, action: 'payout.remind', entity: 'payout', entityId: id, after: { reference: payout.reference } });
      });
      void request.server.outbox.kick();
      return payout;
    },
  );
};

