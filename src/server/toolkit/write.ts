// Write routes of an area kept in one table, each optional:
//   POST {path}   creates a row from a body validated by the form schema (201 with the row)
//   PUT  {path}   updates the row the body's `id` names, if the request may see it (a full update:
//                 a form field left out is cleared)
// A form field that is also a plain column of the table (fields.ts) is written to it with no code;
// the area adds its own rules in `adjust` (normalising, hashing, who may set what), checks against
// the locked row in `beforeUpdate`, and makes further writes in `afterWrite`, all inside the write's
// transaction (ctx.db is the transaction). A new row of a tenant table belongs to the acting
// customer; an update never moves a row to another customer. The answer is the row as the area's
// view reads it. Every write leaves its audit entry (audit.ts) in the same transaction.
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../shared/permissions.ts';
import { fieldFailure, type ErrorCode } from '../errors.ts';
import { loadSchema } from '../validation.ts';
import { auditEntity, auditRowChange } from './audit.ts';
import { inTransaction, requestContext, untyped, type RequestContext } from './context.ts';
import { tableColumns, type AnyRow } from './fields.ts';
import { guardConstraints, type UniqueRules } from './constraints.ts';
import { lockRow, readItem, type View } from './item.ts';
import { rowResponse, type JsonSchema } from './response.ts';
import { owningCustomer, tenancyColumn } from './tenancy.ts';

export interface WriteRules {
  /** The form schema (e.g. 'forms/recipient'), or the schema itself: the body of both routes. */
  form: string | JsonSchema;
  /** POST {path}; default true. */
  create?: boolean;
  /** PUT {path}; default true. */
  update?: boolean;
  unique?: UniqueRules;
  /** The area's rules on top of the mapping of the body to columns: may change `values` or throw a ValidationFailure. */
  adjust?(ctx: RequestContext, values: AnyRow, body: AnyRow, existing: AnyRow | null): void | Promise<void>;
  /** Checks against the row as stored, locked for the update. */
  beforeUpdate?(ctx: RequestContext, existing: AnyRow, values: AnyRow): void | Promise<void>;
  /** Further writes once the row is written (the row as stored; on an update also the row before it, e.g. for the audit log). */
  afterWrite?(ctx: RequestContext, row: AnyRow, existing: AnyRow | null): void | Promise<void>;
  /** The entity name of the audit entries (`<entity>.create`, `.update`); default from the entity schema; false where `afterWrite` records its own. */
  audit?: string | false;
}

export interface WriteRoutesOptions extends View, WriteRules {
  /** Under the area's prefix; '' for the prefix itself. */
  path?: string;
  /** The table rows are written to. */
  table: string;
  permissions: readonly Permission[];
  notFound: ErrorCode;
  /** The entity schema the fields come from, or the schema of the row. */
  response: string | JsonSchema;
  /** The column stamped with the time of an update; null for none. Default `updated_at`. */
  updatedAt?: string | null;
}

/** POST {path} and PUT {path}, as the options allow. */
export function writeRoutes(app: FastifyInstance, options: WriteRoutesOptions): void {
  const { table, tenancy } = options;
  const columns = tableColumns(options.fields, table);
  const fieldOfColumn = new Map([...columns].map(([field, column]) => [column, field]));
  const body = typeof options.form === 'string' ? loadSchema(options.form) : options.form;
  const writable = Object.keys((body as { properties?: object }).properties ?? {}).filter((f) => f !== 'id' && f !== 'customerId' && columns.has(f));
  const response = rowResponse(options.response, Object.keys(options.fields));
  const updatedAt = options.updatedAt === undefined ? 'updated_at' : options.updatedAt;
  const audited = auditEntity(options.audit, options.response);
  const guarded = <T>(work: () => Promise<T>) => guardConstraints(work, options.unique, (column) => fieldOfColumn.get(column));

  /** Column values of a validated body (text arrives trimmed, blanks absent: see tidy in validation.ts), then the area's rules. */
  async function toRow(ctx: RequestContext, data: AnyRow, existing: AnyRow | null): Promise<AnyRow> {
    const values: AnyRow = {};
    for (const field of writable) values[columns.get(field)!] = data[field] ?? null;
    await options.adjust?.(ctx, values, data, existing);
    return values;
  }

  /** The row as the area's view answers it; not scoped, as the write itself was (a SUPER_ADMIN may create a row of no customer). */
  async function answer(ctx: RequestContext, id: number): Promise<AnyRow> {
    const row = await readItem(options, ctx, id, { scope: false });
    if (!row) throw new Error(`the row ${table} ${id} just written cannot be read through its view`);
    return row;
  }

  if (options.create !== false) {
    app.post<{ Body: AnyRow }>(
      options.path ?? '',
      { config: { permissions: options.permissions }, schema: { body, response: { 201: response } } },
      async (request, reply) => {
        if (request.body.id !== undefined) throw fieldFailure('id', 'INVALID_VALUE');
        const row = await guarded(() =>
          inTransaction(requestContext(request, request.body.customerId), async (ctx) => {
            const values = await toRow(ctx, request.body, null);
            // The row belongs to the acting customer, unless the area decided otherwise (a SUPER_ADMIN user has none).
            if (tenancy && !(tenancyColumn(tenancy) in values)) values[tenancyColumn(tenancy)] = owningCustomer(ctx);
            const created = await untyped(ctx.db).insertInto(table).values(values).returningAll().executeTakeFirstOrThrow();
            await options.afterWrite?.(ctx, created, null);
            if (audited) await auditRowChange(ctx, audited, table, tenancy, { verb: 'create', after: created });
            return answer(ctx, created.id);
          }),
        );
        return reply.status(201).send(row);
      },
    );
  }

  if (options.update !== false) {
    app.put<{ Body: AnyRow }>(
      options.path ?? '',
      { config: { permissions: options.permissions }, schema: { body, response: { 200: response } } },
      async (request) => {
        const id = request.body.id;
        if (typeof id !== 'number') throw fieldFailure('id', 'REQUIRED');
        return guarded(() =>
          inTransaction(requestContext(request, request.body.customerId), async (ctx) => {
            const existing = await lockRow(ctx, options, table, id, options.notFound);
            const values = await toRow(ctx, request.body, existing);
            if (tenancy) delete values[tenancyColumn(tenancy)];
            await options.beforeUpdate?.(ctx, existing, values);
            if (updatedAt) values[updatedAt] = new Date();
            const updated = await untyped(ctx.db).updateTable(table).set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
            await options.afterWrite?.(ctx, updated, existing);
            if (audited) await auditRowChange(ctx, audited, table, tenancy, { verb: 'update', before: existing, after: updated });
            return answer(ctx, id);
          }),
        );
      },
    );
  }
}
