// The accounts area, under /api/account (types: src/shared/accounts.ts; rules: service.ts):
//   GET  {prefix}?page&limit&orderBy&order&options&customerId   accounts             { items: Account[], numberOfRecords }
//   GET  {prefix}/summary?customerId                            accounts             { items: AccountSummaryRow[] }
//   GET  {prefix}/:id                                           accounts             AccountDetails
//   GET  {prefix}/:id/balanceUpdates?page&limit&...&options     accounts.details     { items: BalanceUpdate[], numberOfRecords }
//   POST {prefix}                                               accounts.manage      Account (201)
//   PUT  {prefix}/changeName                                    accounts.name.change Account
//   PUT  {prefix}/representative                                accounts.ownership.change  AccountDetails
//   POST {prefix}/topUp                                         SUPER_ADMIN          MoneyMovementResult | { authorizationRequired }
//   POST {prefix}/transfer                                      accounts.manage      MoneyMovementResult | { authorizationRequired }
import type { FastifyPluginAsync } from 'fastify';
import type { RepresentativeBody, TopUpBody, TransferBody } from '../../../shared/accounts.ts';
import { topUp, transfer } from '../../ledger/index.ts';
import { AppError } from '../../errors.ts';
import {
  actorOf,
  authorized,
  authorizedAccount,
  entityResponse,
  inTransaction,
  itemResponse,
  listRoute,
  lockRows,
  readDetails,
  requestContext,
  resourceRoutes,
  stepUpResponse,
  transactionOf,
  writeRoutes,
  type JsonSchema,
} from '../../toolkit/index.ts';
import { accounts, accountsView, changeNameBody, representativeBody, statement, topUpBody, transferBody } from './resource.ts';
import { accountRenamed, checkRename, setRepresentative, summary, topUpTarget, transferAccounts } from './service.ts';
import { readContext } from '../../toolkit/readContext.ts';

const summaryResponse: JsonSchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          currency: { type: 'string' },
          balance: { type: 'integer' },
          lockedBalance: { type: 'integer' },
          totalBalance: { type: 'integer' },
          accounts: { type: 'integer' },
        },
        required: ['currency', 'balance', 'lockedBalance', 'totalBalance', 'accounts'],
      },
    },
  },
  required: ['items'],
};

/** MoneyMovementResult: the statement rows an operation wrote. */
const movementResponse: JsonSchema = {
  type: 'object',
  properties: { balanceUpdates: { type: 'array', items: entityResponse('entities/balance-update') } },
  required: ['balanceUpdates'],
};

const detailsResponse = itemResponse(accounts.entity, accountsView, accounts.related);

export const accountsArea: FastifyPluginAsync = async (app) => {
  // GET {prefix}, GET {prefix}/:id (with its representatives), POST {prefix}.
  resourceRoutes(app, accounts);

  app.get<{ Querystring: { customerId?: number } }>(
    '/summary',
    {
      config: { permissions: accounts.permissions.read },
      schema: {
        querystring: { type: 'object', properties: { customerId: { type: 'integer', minimum: 1 } } },
        response: { 200: summaryResponse },
      },
    },
    async (request) => summary(readContext(request, request.query.customerId)),
  );

  listRoute(app, statement);

  writeRoutes(app, {
    ...accountsView,
    path: '/changeName',
    table: 'accounts',
    form: changeNameBody,
    create: false,
    permissions: ['accounts.name.change'],
    notFound: accounts.notFound,
    response: accounts.entity,
    beforeUpdate: checkRename,
    afterWrite: accountRenamed,
    audit: false,
  });

  app.put<{ Body: RepresentativeBody }>(
    '/representative',
    {
      config: { permissions: ['accounts.ownership.change'] },
      schema: { body: representativeBody, response: { 200: detailsResponse } },
    },
    async (request) =>
      inTransaction(requestContext(request), async (ctx) => {
        await setRepresentative(ctx, accountsView, request.body);
        const details = await readDetails(accountsView, accounts.related, ctx, request.body.accountId);
        if (!details) throw new AppError(404, accounts.notFound);
        return details;
      }),
  );

  // Money enters an account by a top-up, which only a SUPER_ADMIN records.
  app.post<{ Body: TopUpBody }>(
    '/topUp',
    {
      config: { permissions: ['accounts.manage'], userTypes: ['SUPER_ADMIN'] },
      schema: { body: topUpBody, response: { 200: stepUpResponse(movementResponse) } },
    },
    async (request) => {
      const { accountId, amount, reference, verificationCode } = request.body;
      const ctx = requestContext(request);
      const account = await topUpTarget(ctx, accountsView, accountId);
      const authorization = { purpose: 'TOP_UP', currency: account.currency, amount, operation: { accountId, reference }, verificationCode, account: authorizedAccount(account) } as const;
      return authorized(request, ctx, authorization, (trx) =>
        topUp(transactionOf(trx), { accountId, amount, reference, actor: actorOf(trx), currency: account.currency }),
      );
    },
  );

  app.post<{ Body: TransferBody }>(
    '/transfer',
    {
      config: { permissions: ['accounts.manage'] },
      schema: { body: transferBody, response: { 200: stepUpResponse(movementResponse) } },
    },
    async (request) => {
      const { fromAccountId, toAccountId, amount, verificationCode } = request.body;
      const title = request.body.title ?? null;
      const ctx = requestContext(request);
      const { from, to } = await transferAccounts(ctx, accountsView, fromAccountId, toAccountId);
      // No code is sent for money that is not there; the ledger decides for good, on the locked row.
      if (from.balance < amount) throw new AppError(400, 'INSUFFICIENT_FUNDS');
      const authorization = {
        purpose: 'INTERNAL',
        currency: from.currency,
        amount,
        operation: { fromAccountId, toAccountId, title },
        verificationCode,
        account: authorizedAccount(from),
        toAccount: authorizedAccount(to),
      } as const;
      return authorized(request, ctx, authorization, async (trx) => {
        // The rights again, on the accounts locked in id order (a representative changes on the locked account too).
        await lockRows(trx, accountsView, 'accounts', [fromAccountId, toAccountId]);
        await transferAccounts(trx, accountsView, fromAccountId, toAccountId);
        return transfer(transactionOf(trx), { fromAccountId, toAccountId, amount, title, actor: actorOf(trx), customerId: from.customerId });
      });
    },
  );
};
