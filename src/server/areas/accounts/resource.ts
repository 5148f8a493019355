// The accounts' list, item and create routes, declared (src/server/toolkit/resource.ts), the statement's list,
// and the bodies of the area's own routes (src/shared/accounts.ts names their types).
import { sql } from 'kysely';
import { statementPeriodTooLong } from '../../../shared/accounts.ts';
import { AppError } from '../../errors.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';
import {
  periodFilter,
  resourceView,
  tableFields,
  untyped,
  verificationCodeProperty,
  type JsonSchema,
  type ListRouteOptions,
  type Resource,
} from '../../toolkit/index.ts';
import { accountCreated, accountScope, accountVisible, canManageSql, newAccountRules, readRepresentatives } from './service.ts';

/** The largest id a request may name (the columns are 32-bit integers). */
const MAX_ID = 2_147_483_647;
const id: JsonSchema = { type: 'integer', minimum: 1, maximum: MAX_ID };
/** Amounts in thousandths: at least 0.01, as the payout forms. */
const amount: JsonSchema = { type: 'integer', minimum: 10, maximum: 1_000_000_000_000_000, errorCode: 'INVALID_MILIBILLION_VALUE' };
const accountName: JsonSchema = { type: 'string', minLength: 1, maxLength: 100, format: 'limitedPunctuation' };

/** POST /api/account (CreateAccountBody): customerId names the customer for a SUPER_ADMIN and is ignored otherwise. */
export const createAccountBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency'],
  properties: {
    name: accountName,
    currency: { type: 'string', pattern: '^[A-Z]{3}$', errorCode: 'INVALID_ENUM' },
    customerId: id,
  },
};

/** PUT /api/account/changeName (ChangeAccountNameBody). */
export const changeNameBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: { id, name: accountName },
};

/** PUT /api/account/representative (RepresentativeBody): permission null removes the representative. */
export const representativeBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['accountId', 'userId', 'permission'],
  properties: {
    accountId: id,
    userId: id,
    permission: { type: ['string', 'null'], enum: ['account.read', 'account.manage', null] },
  },
};

/** POST /api/account/topUp (TopUpBody). */
export const topUpBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['accountId', 'amount', 'reference'],
  properties: {
    accountId: id,
    amount,
    reference: { type: 'string', minLength: 1, maxLength: 140, format: 'limitedPunctuation' },
    verificationCode: verificationCodeProperty,
  },
};

/** POST /api/account/transfer (TransferBody). */
export const transferBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fromAccountId', 'toAccountId', 'amount'],
  properties: {
    fromAccountId: id,
    toAccountId: id,
    amount,
    title: { type: 'string', maxLength: 140, format: 'limitedPunctuation' },
    verificationCode: verificationCodeProperty,
  },
};

export const accounts: Resource = {
  ...accountScope,
  table: 'accounts',
  entity: 'entities/account',
  filters: 'filters/account',
  permissions: { read: ['accounts'], manage: ['accounts.manage'] },
  notFound: 'ACCOUNT_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  search: ['name'],
  baseQuery: (ctx) => untyped(ctx.db).selectFrom('accounts').innerJoin('customers', 'customers.id', 'accounts.customer_id'),
  fields: {
    totalBalance: sql`(accounts.balance + accounts.locked_balance)`,
    customerName: 'customers.name',
    canManage: canManageSql,
    // Answered by the item route only (related, below).
    representatives: null,
  },
  related: { representatives: readRepresentatives },
  // POST only: a name changes through PUT /changeName, representatives through PUT /representative.
  write: { form: createAccountBody, update: false, adjust: newAccountRules, afterWrite: accountCreated },
};

export const accountsView = resourceView(accounts);

/**
 * GET /api/account/:id/balanceUpdates: the statement of an account the request may see (404 otherwise), newest
 * first along the statement index (account_id, created_at DESC, id DESC), over a period of at most
 * STATEMENT_MAX_MONTHS, the last month when none is asked for.
 */
export const statement: ListRouteOptions = {
  path: '/:id/balanceUpdates',
  params: idParams,
  permissions: ['accounts.details', 'accounts'],
  // The rows are those of one account, and the request sees them as it sees the account (parent, below).
  tenancy: false,
  fields: tableFields('balance_updates', 'entities/balance-update'),
  filterSchema: 'filters/balance-update',
  defaultOrder: ['createdAt', 'DESC'],
  response: 'entities/balance-update',
  prepareFilters: periodFilter({
    field: 'createdAt',
    defaultMonths: 1,
    tooLong: statementPeriodTooLong,
    refusal: () => new AppError(400, 'STATEMENT_PERIOD_TOO_LONG'),
  }),
  baseQuery: (ctx, request) => untyped(ctx.db).selectFrom('balance_updates').where('balance_updates.account_id', '=', paramId(request.params as IdParams)),
  parent: { visible: (ctx, request) => accountVisible(ctx, paramId(request.params as IdParams)), notFound: 'ACCOUNT_NOT_FOUND' },
};
