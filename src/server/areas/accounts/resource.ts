// The accounts' list, item and create routes, declared (src/server/toolkit/resource.ts), the statement's list,
// and the bodies of the area's own routes (src/shared/accounts.ts names their types).
import { sql } from 'kysely';
import { statementPeriodTooLong } from '../../../shared/accounts.ts';
import { AppError } from '../../errors.ts';
import { idParams, loadSchema, paramId, type IdParams } from '../../validation.ts';
import {
  periodFilter,
  resourceView,
  tableFields,
  untyped,
  type JsonSchema,
  type ListRouteOptions,
  type Resource,
} from '../../toolkit/index.ts';
import { accountCreated, accountScope, accountVisible, canManageSql, newAccountRules, readRepresentatives } from './service.ts';

// The bodies of the area's routes are the panel's forms (schemas/forms/account*.json): one schema per request, read
// by the browser's form and by the server's check.
const createAccountBody = loadSchema('forms/account') as JsonSchema;
export const changeNameBody = loadSchema('forms/account-name') as JsonSchema;
export const representativeBody = loadSchema('forms/account-representative') as JsonSchema;
export const topUpBody = loadSchema('forms/account-top-up') as JsonSchema;
export const transferBody = loadSchema('forms/account-transfer') as JsonSchema;

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
  write: { form: createAccountBody, update: false, adjust: newAccountRules, afterWrite: accountCreated, audit: false },
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
  parent: {
    column: 'balance_updates.account_id',
    visible: (ctx, request) => accountVisible(ctx, paramId(request.params as IdParams)),
    notFound: 'ACCOUNT_NOT_FOUND',
  },
};
