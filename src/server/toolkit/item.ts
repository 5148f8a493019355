// One row of an area: GET {path}/:id answers the row with the list's fields, and the related rows the
// area names (an account's representatives), if the request may see it (tenancy and the area's
// visibility rule), else the area's 404; DELETE {path}/:id, where the area allows it, removes it. Also the look-ups that write and bulk routes and area services share: a row
// through the area's view (readItem) and rows locked for a transaction (lockRows, lockRow).
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../shared/permissions.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import { idParams, paramId, type IdParams } from '../validation.ts';
import { auditRowChange } from './audit.ts';
import { inTransaction, requestContext, untyped, type RequestContext } from './context.ts';
import { fieldSelections, fieldSql, tableColumns, type AnyQuery, type AnyRow, type FieldMap } from './fields.ts';
import { guardConstraints, type UniqueRules } from './constraints.ts';
import { noContent, rowResponse, type JsonSchema } from './response.ts';
import { scoped, type Scope } from './tenancy.ts';

/** The rows of an area as its routes see them: a base query, the field mapping, and who sees what. */
export interface View extends Scope {
  /** A select from a table, a join or a view, with no selections of its own (see ListRouteOptions.baseQuery). */
  baseQuery(ctx: RequestContext): AnyQuery | Promise<AnyQuery>;
  fields: FieldMap;
  /** The field that names a row (default `id`). */
  idField?: string;
}

function idOf(view: View, ctx: RequestContext) {
  const name = view.idField ?? 'id';
  if (!Object.hasOwn(view.fields, name)) throw new Error(`a view needs its id field "${name}" among its fields`);
  return fieldSql(view.fields[name], ctx);
}

/** The row with this id, answered with the view's fields; undefined when there is none or (scoped) the request may not see it. */
export async function readItem(view: View, ctx: RequestContext, id: number, { scope = true }: { scope?: boolean } = {}): Promise<AnyRow | undefined> {
  let query = (await view.baseQuery(ctx)).where(idOf(view, ctx), '=', id);
  if (scope) query = scoped(query, ctx, view);
  return query.clearSelect().select(fieldSelections(view.fields, ctx)).executeTakeFirst();
}

/**
 * The rows of `table` with these ids that the request may see, as stored (every column of the table),
 * locked FOR UPDATE until the transaction ends, in id order (so concurrent bulk work cannot deadlock).
 */
export async function lockRows(ctx: RequestContext, view: View, table: string, ids: readonly number[]): Promise<AnyRow[]> {
  if (ids.length === 0) return [];
  const id = idOf(view, ctx);
  const query = scoped((await view.baseQuery(ctx)).where(id, 'in', [...ids]), ctx, view);
  return query.clearSelect().selectAll(table).orderBy(id).forUpdate(table).execute();
}

/** The row of `table` with this id, locked (lockRows); the area's 404 when the request may not see it. */
export async function lockRow(ctx: RequestContext, view: View, table: string, id: number, notFound: ErrorCode): Promise<AnyRow> {
  const [row] = await lockRows(ctx, view, table, [id]);
  if (!row) throw new AppError(404, notFound);
  return row;
}

/**
 * Properties of one item beyond the list's fields, each read once the row is (e.g. its related rows): the
 * property's name -> how to read it for the row. The entity schema declares them like any field.
 */
export type Related = Record<string, (ctx: RequestContext, row: AnyRow) => Promise<unknown>>;

/** The row with this id and its related properties (readItem, then each of `related`). */
export async function readDetails(view: View, related: Related | undefined, ctx: RequestContext, id: number, options: { scope?: boolean } = {}): Promise<AnyRow | undefined> {
  const row = await readItem(view, ctx, id, options);
  if (!row || !related) return row;
  for (const [name, read] of Object.entries(related)) row[name] = await read(ctx, row);
  return row;
}

/** The response schema of one item: the view's fields and the related properties, from the entity schema. */
export function itemResponse(response: string | JsonSchema, view: View, related?: Related): JsonSchema {
  return rowResponse(response, [...Object.keys(view.fields), ...Object.keys(related ?? {})]);
}

export interface ItemRoutesOptions extends View {
  /** Under the area's prefix; default '/:id'. */
  path?: string;
  permissions: readonly Permission[];
  notFound: ErrorCode;
  /** The entity schema the fields come from, or the schema of the row. */
  response: string | JsonSchema;
  /** Properties answered beyond the fields (GET {path}/:id only; lists answer the fields). */
  related?: Related;
  /** DELETE {path}: removes the row from `table`; a row others still refer to is refused (400). */
  delete?: { table: string; permissions: readonly Permission[]; unique?: UniqueRules; /** The audit entry's entity (`<entity>.delete`, the row before). */ audit: string };
}

/** GET {path}/:id and, with `delete`, DELETE {path}/:id. */
export function itemRoutes(app: FastifyInstance, options: ItemRoutesOptions): void {
  const path = options.path ?? '/:id';
  app.get<{ Params: IdParams }>(
    path,
    {
      config: { permissions: options.permissions },
      schema: { params: idParams, response: { 200: itemResponse(options.response, options, options.related) } },
    },
    async (request) => {
      const row = await readDetails(options, options.related, requestContext(request), paramId(request.params));
      if (!row) throw new AppError(404, options.notFound);
      return row;
    },
  );

  const remove = options.delete;
  if (!remove) return;
  const columns = tableColumns(options.fields, remove.table);
  const fieldOfColumn = new Map([...columns].map(([field, column]) => [column, field]));
  app.delete<{ Params: IdParams }>(
    path,
    { config: { permissions: remove.permissions }, schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const id = paramId(request.params);
      await guardConstraints(
        () =>
          inTransaction(requestContext(request), async (ctx) => {
            const before = await lockRow(ctx, options, remove.table, id, options.notFound);
            await untyped(ctx.db).deleteFrom(remove.table).where('id', '=', id).execute();
            await auditRowChange(ctx, remove.audit, remove.table, options.tenancy, { verb: 'delete', before });
          }),
        remove.unique,
        (column) => fieldOfColumn.get(column),
      );
      return reply.status(204).send();
    },
  );
}
