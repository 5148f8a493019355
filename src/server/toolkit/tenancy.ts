// Who may see which rows, defined once for lists, item routes, writes, bulk routes and the areas' own
// operations. Tenancy: rows belong to a customer (a column holding its id); everyone but a SUPER_ADMIN
// sees only their own customer's rows; a SUPER_ADMIN sees every customer's, or the one it names with
// `customerId`. On top of it an area may add a visibility rule of its own (e.g. a representative sees
// only the accounts they represent). Both are SQL conditions, so they apply to any select, update or
// delete: `scoped(query, ctx, scope)`.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { RequestContext } from './context.ts';
import { fieldFailure } from '../errors.ts';

/** Rows belong to the customer in `column` ("table.customer_id", or the column of a joined table). */
export interface Tenancy {
  column: string;
}

/** A further restriction for the asking user; undefined when the user sees everything tenancy allows. */
type RowRule = (ctx: RequestContext) => Expression<SqlBool> | undefined;

export interface Scope {
  /** False: the rows belong to no customer (e.g. the customers themselves). */
  tenancy: Tenancy | false;
  visible?: RowRule;
}

/** The tenancy condition for this request; undefined when it restricts nothing (a SUPER_ADMIN naming no customer). */
export function tenantCondition(ctx: RequestContext, tenancy: Tenancy | false): Expression<SqlBool> | undefined {
  if (!tenancy) return undefined;
  if (ctx.auth.user.type === 'SUPER_ADMIN' && ctx.customerId === null) return undefined;
  // A user without a customer (never the case for staff below SUPER_ADMIN) matches nothing.
  return sql<SqlBool>`${sql.ref(tenancy.column)} = ${ctx.customerId}`;
}

/** Tenancy and the visibility rule together; undefined when neither restricts. */
function scopeCondition(ctx: RequestContext, scope: Scope): Expression<SqlBool> | undefined {
  const conditions = [tenantCondition(ctx, scope.tenancy), scope.visible?.(ctx)].filter((c): c is Expression<SqlBool> => c !== undefined);
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return conditions[0];
  return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

/** Anything with a `where(condition)`: a select, an update or a delete of Kysely. */
export interface Filterable<Q> {
  where(condition: Expression<SqlBool>): Q;
}

/** The query limited to the rows the request may see. */
export function scoped<Q extends Filterable<Q>>(query: Q, ctx: RequestContext, scope: Scope): Q {
  const condition = scopeCondition(ctx, scope);
  return condition ? query.where(condition) : query;
}

/** The customer a new row belongs to: the acting customer; a SUPER_ADMIN must name one. */
export function owningCustomer(ctx: RequestContext): number {
  if (ctx.customerId === null) throw fieldFailure('customerId', 'REQUIRED');
  return ctx.customerId;
}

/** The bare column of a tenancy ("recipients.customer_id" -> "customer_id"), for inserts. */
export function tenancyColumn(tenancy: Tenancy): string {
  return tenancy.column.slice(tenancy.column.lastIndexOf('.') + 1);
}
