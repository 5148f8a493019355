// Identities a record takes for itself alone: a staff user's login and e-mail (unique over every customer), a
// recipient's Billon App user name (unique within its customer). A write that would take one already held is refused
// with the spec's "The given email, Billon App user name or login cannot be used." (IDENTITY_TAKEN); the field is
// named only to a caller who may read the record holding it, who could find that record anyway (docs/security.md,
// "Taken identities"). The unique indexes stay the guard: two writes racing for one value meet the index, which
// db-errors.ts answers with the general refusal.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { hasAnyPermission, type Permission } from '../shared/permissions.ts';
import { AppError } from './errors.ts';
import { serverMessage } from './validation.ts';
import { untyped, type RequestContext } from './toolkit/context.ts';
import type { AnyRow } from './toolkit/fields.ts';
import { tenantCondition, type Scope } from './toolkit/tenancy.ts';

export interface Identity {
  /** The body's field (its column: the field in snake case), guarded by one of IDENTITY_INDEXES. */
  property: string;
  /** The validation code under the field, for a caller who may learn it. */
  code: string;
}

/** Where an area's identities live and who may read that table. */
export interface IdentityTable {
  table: string;
  /** The column of each identity's field, compared as the index compares it (e.g. `lower(login)`). */
  columns: Record<string, (value: Expression<unknown>) => Expression<unknown>>;
  identities: readonly Identity[];
  /** The read permissions and scope of the area that lists the table. */
  read: readonly Permission[];
  scope: Scope;
  /** Extra condition on the rows that compete (e.g. the same customer); none: the whole table. */
  among?(ctx: RequestContext, existing: AnyRow | null): Expression<SqlBool> | undefined;
}

/** Every unique index that guards an identity: db-errors.ts refuses a violation of one without naming its field. */
export const IDENTITY_INDEXES: ReadonlySet<string> = new Set(['users_login_key', 'users_email_key', 'recipients_billon_user_name_key']);

/** The spec's general refusal; with the fields the caller may learn, each under its own code. */
export function identityTaken(named: readonly Identity[] = []): AppError {
  const validationErrors = named.map(({ property, code }) => ({ property, errors: [{ code, message: serverMessage(code, {}) }] }));
  return new AppError(400, 'IDENTITY_TAKEN', validationErrors.length ? { validationErrors } : {});
}

/** Whether the caller holds the area's read permission: with the holder within its scope, it may learn the field. */
export function readsHolders(ctx: RequestContext, table: IdentityTable): boolean {
  return hasAnyPermission(ctx.auth.permissions, table.read);
}

/** Whether the caller may read a row of the table: the area's read permission, and the row within its scope. */
function readableSql(ctx: RequestContext, table: IdentityTable): RawBuilder<SqlBool> {
  if (!readsHolders(ctx, table)) return sql<SqlBool>`false`;
  // A SUPER_ADMIN reads every customer's rows, whichever one the request names.
  const tenancy = ctx.auth.user.type === 'SUPER_ADMIN' ? undefined : tenantCondition(ctx, table.scope.tenancy);
  const conditions = [tenancy, table.scope.visible?.(ctx)].filter((c): c is Expression<SqlBool> => c !== undefined);
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` AND `)})` : sql<SqlBool>`true`;
}

/**
 * Refuses the write when one of the body's identities is held by another record. One statement over every identity
 * given, run whatever the outcome, so that the answer takes as long whoever holds the value.
 */
export async function refuseTakenIdentities(ctx: RequestContext, table: IdentityTable, body: AnyRow, existing: AnyRow | null): Promise<void> {
  const given = table.identities.filter(({ property }) => typeof body[property] === 'string' && body[property] !== '');
  if (!given.length) return;
  const matches = given.map(({ property }) => {
    const column = table.columns[property];
    return sql<boolean>`${column(sql.ref(`${table.table}.${snake(property)}`))} = ${column(sql`${body[property]}::text`)}`;
  });
  const among = table.among?.(ctx, existing);
  let query = untyped(ctx.db)
    .selectFrom(table.table)
    .select([...given.map(({ property }, i) => matches[i].as(property)), readableSql(ctx, table).as('readable')])
    .where(sql<SqlBool>`(${sql.join(matches, sql` OR `)})`);
  if (existing) query = query.where(`${table.table}.id`, '<>', existing.id);
  if (among) query = query.where(among);
  const holders = await query.execute();
  if (!holders.length) return;
  const named = given.filter(({ property }) => holders.some((row) => row[property] && row.readable));
  throw identityTaken(named);
}

const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
