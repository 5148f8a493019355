// Accounts: who sees which account, who may move money from it, and the area's operations beyond its schemas
// (a new account's currency and name, renaming, representatives, top-ups and transfers). Money itself moves
// only through the ledger (src/server/ledger), which writes the statement rows and the audit entries of
// top-ups and transfers; the other changes write their audit entries here, in the same transaction.
//
// Visibility (section 6 of the spec): a USER sees the accounts it represents (either permission); an ADMIN
// every account of its customer; a SUPER_ADMIN any account, or those of the customer it names.
// Managing (moving money, renaming): an ADMIN or a SUPER_ADMIN holding accounts.manage may manage every
// account it sees; a USER only where it is a representative with `account.manage` and its role holds
// accounts.manage too.
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { DEFAULT_ACCOUNT_NAME, type AccountRepresentative, type RepresentativePermission } from '../../../shared/accounts.ts';
import { hasAnyPermission } from '../../../shared/permissions.ts';
import { writeAudit } from '../../audit/log.ts';
import { AppError } from '../../errors.ts';
import { getSetting } from '../../platform/settings.ts';
import {
  actorOf,
  lockRow,
  readItem,
  scoped,
  transactionOf,
  untyped,
  type AnyRow,
  type RequestContext,
  type Scope,
  type View,
} from '../../toolkit/index.ts';

const representedBy = (userId: number, permissions: readonly RepresentativePermission[]) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM account_representatives r WHERE r.account_id = accounts.id AND r.user_id = ${userId} AND r.permission IN (${sql.join([...permissions])}))`;

/** Accounts belong to a customer; a USER sees only the accounts it represents. */
export const accountScope: Scope = {
  tenancy: { column: 'accounts.customer_id' },
  visible: (ctx) => {
    switch (ctx.auth.user.type) {
      case 'ADMIN':
      case 'SUPER_ADMIN':
        return undefined;
      case 'USER':
        return representedBy(ctx.auth.user.id, ['account.read', 'account.manage']);
      default:
        return sql<SqlBool>`false`;
    }
  },
};

/** Whether the asking user may move money from an account (of those it sees): the `canManage` field. */
export function canManageSql(ctx: RequestContext): Expression<SqlBool> {
  // An API key carries no account permission of its own: one that makes payouts spends from the accounts its
  // creator may manage (moving money between accounts stays the panel's: those routes need accounts.manage).
  const spends = ctx.auth.apiKeyId !== null && hasAnyPermission(ctx.auth.permissions, 'payout.manage');
  if (!spends && !hasAnyPermission(ctx.auth.permissions, 'accounts.manage')) return sql<SqlBool>`false`;
  if (ctx.auth.user.type === 'USER') return representedBy(ctx.auth.user.id, ['account.manage']);
  return sql<SqlBool>`true`;
}

/** A USER acts on an account (renames it) only as its representative with account.manage; other types on any they see. */
async function mayActOn(ctx: RequestContext, accountId: number): Promise<boolean> {
  if (ctx.auth.user.type !== 'USER') return true;
  const row = await untyped(ctx.db)
    .selectFrom('accounts')
    .select('accounts.id')
    .where('accounts.id', '=', accountId)
    .where(representedBy(ctx.auth.user.id, ['account.manage']))
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- reading

/** The representatives of an account, with their users' names (AccountDetails.representatives). */
export async function readRepresentatives(ctx: RequestContext, account: AnyRow): Promise<AccountRepresentative[]> {
  return ctx.db
    .selectFrom('account_representatives as r')
    .innerJoin('users', 'users.id', 'r.user_id')
    .select(['r.user_id as userId', 'users.login as login', 'users.first_name as firstName', 'users.last_name as lastName', 'r.permission as permission'])
    .where('r.account_id', '=', account.id as number)
    .orderBy('users.login')
    .execute();
}

/** Whether the request may see the account, as a condition over nothing else (for the rows of one account). */
export function accountVisible(ctx: RequestContext, accountId: number): Expression<SqlBool> {
  const account = untyped(ctx.db).selectFrom('accounts').select('accounts.id').where('accounts.id', '=', accountId);
  return expressionBuilder().exists(scoped(account, ctx, accountScope));
}

/** One row per currency of the accounts the request may see: totals are never summed across currencies. */
export async function summary(ctx: RequestContext) {
  const query = untyped(ctx.db)
    .selectFrom('accounts')
    .select([
      'accounts.currency as currency',
      sql<number>`sum(accounts.balance)::bigint`.as('balance'),
      sql<number>`sum(accounts.locked_balance)::bigint`.as('lockedBalance'),
      sql<number>`sum(accounts.balance + accounts.locked_balance)::bigint`.as('totalBalance'),
      sql<number>`count(*)::int`.as('accounts'),
    ])
    .groupBy('accounts.currency')
    .orderBy('accounts.currency');
  return { items: await scoped(query, ctx, accountScope).execute() };
}

// ---------------------------------------------------------------- creating and renaming (write rules)

/** The currencies accounts may be opened in: the global AVAILABLE_CURRENCIES setting (a JSON list). */
async function availableCurrencies(ctx: RequestContext): Promise<string[]> {
  try {
    const parsed: unknown = JSON.parse((await getSetting(ctx.db, 'AVAILABLE_CURRENCIES')) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** A new account: a currency of AVAILABLE_CURRENCIES, the default name when none is given. */
export async function newAccountRules(ctx: RequestContext, values: AnyRow, body: AnyRow): Promise<void> {
  if (!(await availableCurrencies(ctx)).includes(body.currency)) throw new AppError(400, 'INVALID_ACCOUNT_CURRENCY');
  values.name = body.name ?? DEFAULT_ACCOUNT_NAME;
}

/** What the audit log keeps of an account row (balances are the ledger's entries' business). */
const auditState = (row: AnyRow) => ({ name: row.name, currency: row.currency, customerId: row.customer_id });

/**
 * Once an account is created: a USER who creates one becomes its representative with account.manage (it
 * would not see it otherwise); the audit entry.
 */
export async function accountCreated(ctx: RequestContext, row: AnyRow): Promise<void> {
  if (ctx.auth.user.type === 'USER') {
    await ctx.db.insertInto('account_representatives').values({ account_id: row.id, user_id: ctx.auth.user.id, permission: 'account.manage' }).execute();
  }
  await writeAudit(transactionOf(ctx), {
    actor: actorOf(ctx),
    customerId: row.customer_id,
    action: 'account.create',
    entity: 'account',
    entityId: row.id,
    before: null,
    after: { ...auditState(row), ...(ctx.auth.user.type === 'USER' ? { representative: { userId: ctx.auth.user.id, permission: 'account.manage' } } : {}) },
  });
}

/** A USER renames only an account it represents with account.manage. */
export async function checkRename(ctx: RequestContext, existing: AnyRow): Promise<void> {
  if (!(await mayActOn(ctx, existing.id))) throw new AppError(403, 'ACCOUNT_ACCESS_DENIED');
}

export async function accountRenamed(ctx: RequestContext, row: AnyRow, existing: AnyRow | null): Promise<void> {
  await writeAudit(transactionOf(ctx), {
    actor: actorOf(ctx),
    customerId: row.customer_id,
    action: 'account.changeName',
    entity: 'account',
    entityId: row.id,
    before: { name: existing?.name ?? null },
    after: { name: row.name },
  });
}

// ---------------------------------------------------------------- representatives

export interface RepresentativeChange {
  accountId: number;
  userId: number;
  permission: RepresentativePermission | null;
}

/**
 * Adds, changes or (permission null) removes a representative, on the account's locked row. The user must be an
 * active USER or ADMIN of the account's customer, else "User not found". Writes an audit entry when something changed.
 */
export async function setRepresentative(ctx: RequestContext, view: View, change: RepresentativeChange): Promise<void> {
  const account = await lockRow(ctx, view, 'accounts', change.accountId, 'ACCOUNT_NOT_FOUND');
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'login'])
    .where('id', '=', change.userId)
    .where('customer_id', '=', account.customer_id as number)
    .where('type', 'in', ['USER', 'ADMIN'])
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user) throw new AppError(404, 'USER_NOT_FOUND');
  const current = await ctx.db
    .selectFrom('account_representatives')
    .select('permission')
    .where('account_id', '=', change.accountId)
    .where('user_id', '=', change.userId)
    .executeTakeFirst();
  const before = current?.permission ?? null;
  if (before === change.permission) return;
  if (change.permission === null) {
    await ctx.db.deleteFrom('account_representatives').where('account_id', '=', change.accountId).where('user_id', '=', change.userId).execute();
  } else {
    const permission = change.permission;
    await ctx.db
      .insertInto('account_representatives')
      .values({ account_id: change.accountId, user_id: change.userId, permission })
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doUpdateSet({ permission }))
      .execute();
  }
  await writeAudit(transactionOf(ctx), {
    actor: actorOf(ctx),
    customerId: account.customer_id,
    action: 'account.representative',
    entity: 'account',
    entityId: change.accountId,
    before: { userId: user.id, login: user.login, permission: before },
    after: { userId: user.id, login: user.login, permission: change.permission },
  });
}

// ---------------------------------------------------------------- moving money

/** The account a top-up goes to, as the request sees it; 404 otherwise. */
export async function topUpTarget(ctx: RequestContext, view: View, accountId: number): Promise<AnyRow> {
  const account = await readItem(view, ctx, accountId);
  if (!account) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
  return account;
}

/**
 * The two accounts of a transfer as the request sees them: both visible (else "Account not found"), both managed by
 * the user (else "You do not have access to manage this Account!"), of one customer and one currency.
 */
export async function transferAccounts(ctx: RequestContext, view: View, fromAccountId: number, toAccountId: number): Promise<{ from: AnyRow; to: AnyRow }> {
  if (fromAccountId === toAccountId) throw new AppError(400, 'TRANSFER_SAME_ACCOUNT');
  const from = await readItem(view, ctx, fromAccountId);
  const to = await readItem(view, ctx, toAccountId);
  // Accounts of two customers (only a SUPER_ADMIN sees both) are, for a transfer, accounts that do not exist.
  if (!from || !to || from.customerId !== to.customerId) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
  if (!from.canManage || !to.canManage) throw new AppError(403, 'ACCOUNT_ACCESS_DENIED');
  if (from.currency !== to.currency) throw new AppError(400, 'INVALID_ACCOUNT_CURRENCY');
  return { from, to };
}
