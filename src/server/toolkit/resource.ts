// A resource: the usual routes of an area from one declaration, composed of the toolkit's pieces.
//   GET    {prefix}?page&limit&orderBy&order&options&customerId   -> { items, numberOfRecords }   (list.ts)
//   GET    {prefix}/:id              the row and its `related` properties                   (item.ts)
//   POST   {prefix}, PUT {prefix}     with `write` rules, as they allow; without them the resource is read-only (write.ts)
//   DELETE {prefix}/:id               when `deletable`                                       (item.ts)
// By default the rows are those of `table` and each entity field is its column of the same name in
// snake_case (fields.ts), so a field added to the schemas is listed, ordered, filtered and saved
// without code; `baseQuery` and `fields` make it a join or a view instead, and `joins` adds tables whose columns
// the fields show without changing the rows (joins.ts; the list counts without them when it can).
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../errors.ts';
import type { Order } from '../../shared/list-query.ts';
import type { Permission } from '../../shared/permissions.ts';
import { entityName } from './audit.ts';
import { untyped, type RequestContext } from './context.ts';
import { tableFields, type AnyQuery, type FieldExpression, type FieldMap } from './fields.ts';
import { withJoins, type ColumnJoin } from './joins.ts';
import type { SearchTerm } from './search.ts';
import { itemRoutes, type Related, type View } from './item.ts';
import { listRoute } from './list.ts';
import type { Scope } from './tenancy.ts';
import { writeRoutes, type WriteRules } from './write.ts';

export interface Resource extends Scope {
  /** The table the rows live in (and are written to). */
  table: string;
  /** The entity schema (e.g. 'entities/recipient'): the fields answered, and the response schemas. */
  entity: string;
  /** The filter schema of the list. */
  filters?: string;
  permissions: { read: readonly Permission[]; manage?: readonly Permission[] };
  notFound: ErrorCode;
  defaultOrder: [string, Order];
  /** What the free-text search looks in: columns of the table, field expressions, or a related table's (search.ts). */
  search?: SearchTerm[];
  /** Fields that are not simply the table's column of the same name (null: not answered). */
  fields?: Record<string, FieldExpression | null>;
  /** The rows, where not simply the table: a join or a view (the table must be part of it). */
  baseQuery?(ctx: RequestContext): AnyQuery | Promise<AnyQuery>;
  /** Joins that only add columns to the rows (joins.ts), after `baseQuery`. */
  joins?: ColumnJoin[];
  /** Properties of one item beyond its fields, answered by GET {prefix}/:id (e.g. its related rows, item.ts). */
  related?: Related;
  /** POST and PUT (as the rules allow); without them the resource is read-only. */
  write?: WriteRules;
  deletable?: boolean;
}

/** The rows of the resource without its column joins. */
function rowsOf(resource: Resource): View['baseQuery'] {
  return resource.baseQuery ?? ((ctx) => untyped(ctx.db).selectFrom(resource.table));
}

/** The resource's view: its rows (with their joins), fields and scope, for its routes and for the area's own operations. */
export function resourceView(resource: Resource): View & { fields: FieldMap } {
  const { table } = resource;
  const rows = rowsOf(resource);
  const joins = resource.joins ?? [];
  return {
    baseQuery: joins.length ? async (ctx) => withJoins(await rows(ctx), joins) : rows,
    fields: tableFields(table, resource.entity, resource.fields),
    tenancy: resource.tenancy,
    visible: resource.visible,
  };
}

/** Registers the resource's routes under the area's prefix. */
export function resourceRoutes(app: FastifyInstance, resource: Resource): void {
  const view = resourceView(resource);
  const { table, permissions, notFound, entity } = resource;
  const search = (resource.search ?? []).map((column) => (typeof column === 'string' && !column.includes('.') ? `${table}.${column}` : column));
  const manage = permissions.manage ?? [];
  if ((resource.write || resource.deletable) && manage.length === 0) throw new Error(`the resource ${table} writes but names no manage permission`);

  // The list adds the joins itself, so that its count can leave them out.
  listRoute(app, { ...view, baseQuery: rowsOf(resource), joins: resource.joins, permissions: permissions.read, filterSchema: resource.filters, search, defaultOrder: resource.defaultOrder, response: entity });
  itemRoutes(app, {
    ...view,
    permissions: permissions.read,
    notFound,
    response: entity,
    related: resource.related,
    delete: resource.deletable ? { table, permissions: manage, unique: resource.write?.unique, audit: entityName(entity) } : undefined,
  });
  if (resource.write) writeRoutes(app, { ...view, ...resource.write, table, permissions: manage, notFound, response: entity });
}

/** Only the list and the item route, whatever else the declaration holds. */
export function readOnlyResourceRoutes(app: FastifyInstance, resource: Resource): void {
  resourceRoutes(app, { ...resource, write: undefined, deletable: false });
}
