// The generic resource API behind every generated table and form:
//   GET    {path}?page&limit&orderBy&order&options&customerId   -> { items, numberOfRecords }
//   GET    {path}/:id
//   POST   {path}            create (body validated by the form schema)
//   PUT    {path}            update (the body carries the id)
//   DELETE {path}/:id        when the resource allows it
// Rows are read and written through the schemas in schemas/: an entity field is the column of the
// same name in snake_case (answers carry exactly the entity's fields), a form field that is also an
// entity field is written to that column, and filters come from the filter schema. So a field added
// to the schemas is listed, ordered, filtered and saved without code. Tenancy and permissions apply to all.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { Db } from '../db/index.ts';
import { AppError, ValidationFailure, fieldFailure, type ErrorCode } from '../errors.ts';
import { databaseFailure } from '../db-errors.ts';
import { authOf, type Auth } from '../plugins/auth.ts';
import { idParams, loadSchema, paramId, serverMessage, type IdParams } from '../validation.ts';
import { createAjv } from '../../shared/validation/ajv.ts';
import { toValidationErrors } from '../../shared/validation/errors.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, type Order } from '../../shared/list-query.ts';

type AnyRow = Record<string, any>;
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface ResourceContext {
  auth: Auth;
  /** The customer the request acts for: the user's own, or the one a SUPER_ADMIN names. */
  customerId: number | null;
}

export interface Resource {
  path: string;
  table: string;
  entitySchema: string;
  formSchema: string;
  filterSchema?: string;
  permissions: { read: string[]; manage: string[] };
  /** Rows belong to a customer (customer_id); everyone but a SUPER_ADMIN sees only their own. */
  tenant: boolean;
  notFound: ErrorCode;
  defaultOrder: [string, Order];
  /** Columns searched by the free-text `search` filter. */
  searchColumns?: string[];
  /** Entity field -> SQL column, where not simply the snake_case of the field; null = not a column. */
  columns?: Record<string, string | null>;
  /** Unique index name -> the field it guards and the error code shown under that field. */
  unique?: Record<string, { property: string; code: string }>;
  deletable?: boolean;
  /**
   * The area's own rules on top of the generic mapping of a validated body to column values
   * (normalising, hashing, who may set what); may change `values` or throw ValidationFailure.
   */
  adjust?(values: AnyRow, body: AnyRow, ctx: ResourceContext, existing: AnyRow | null): Promise<void> | void;
  /** Further row restrictions for this user (e.g. who may see whom). */
  scope?(query: AnyQuery, ctx: ResourceContext): AnyQuery;
  /** Checks made inside the write transaction against the locked row. */
  beforeUpdate?(trx: Db, existing: AnyRow, values: AnyRow, ctx: ResourceContext): Promise<void>;
  afterWrite?(trx: Db, row: AnyRow, ctx: ResourceContext): Promise<void>;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface ListQuerystring {
  page?: number;
  limit?: number;
  orderBy?: string;
  order?: Order;
  options?: string;
  customerId?: number;
}

const listQuerystring = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
    orderBy: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$', maxLength: 64 },
    order: { type: 'string', enum: ['ASC', 'DESC'] },
    options: { type: 'string', maxLength: 4000 },
    customerId: { type: 'integer', minimum: 1 },
  },
};

// The areas report their own rules under a field with it.
export { fieldFailure };

/** The customer a request acts for; a SUPER_ADMIN names it, everyone else has their own. */
export function actingCustomer(auth: Auth, named: unknown): number | null {
  if (auth.user.type === 'SUPER_ADMIN') return typeof named === 'number' ? named : null;
  return auth.user.customer_id;
}

/** Entity field -> column, from the entity schema and the resource's overrides. */
function columnsOf(r: Resource): Map<string, string> {
  const entity = loadSchema(r.entitySchema) as { properties: Record<string, unknown> };
  const columns = new Map<string, string>();
  for (const field of Object.keys(entity.properties)) {
    const col = r.columns && field in r.columns ? r.columns[field] : snake(field);
    if (col) columns.set(field, col);
  }
  return columns;
}

/** The API shape of a row: exactly the entity's fields, so nothing else (a password hash) can leak. */
export function rowMapper(r: Resource): (row: AnyRow) => Record<string, unknown> {
  const columns = [...columnsOf(r)];
  return (row) => Object.fromEntries(columns.map(([field, col]) => [field, row[col] ?? null]));
}

/** Column values of a validated body: form fields that are entity fields (text arrives trimmed, blanks absent: see tidy in validation.ts). */
function bodyMapper(r: Resource, columns: Map<string, string>): (body: AnyRow) => AnyRow {
  const form = loadSchema(r.formSchema) as { properties: Record<string, unknown> };
  const writable = Object.keys(form.properties).filter((f) => f !== 'id' && f !== 'customerId' && columns.has(f));
  return (body) => {
    const values: AnyRow = {};
    for (const field of writable) {
      // A full update: a field left out of the form is cleared.
      values[columns.get(field)!] = body[field] ?? null;
    }
    return values;
  };
}

export function registerResource(app: FastifyInstance, db: Db, r: Resource): void {
  const anyDb = db as unknown as Kysely<any>;
  const columns = columnsOf(r);
  const toApi = rowMapper(r);
  const fromBody = bodyMapper(r, columns);
  async function toRow(body: AnyRow, ctx: ResourceContext, existing: AnyRow | null): Promise<AnyRow> {
    const values = fromBody(body);
    await r.adjust?.(values, body, ctx, existing);
    return values;
  }
  const filterSchema = r.filterSchema ? (loadSchema(r.filterSchema) as { properties: Record<string, { enum?: unknown[]; items?: unknown; type?: unknown }> }) : null;
  const validateFilters: ValidateFunction | null = filterSchema ? createAjv().compile(filterSchema) : null;

  function context(auth: Auth, named?: unknown): ResourceContext {
    return { auth, customerId: actingCustomer(auth, named) };
  }

  function scoped(query: AnyQuery, ctx: ResourceContext): AnyQuery {
    let q = query;
    if (r.tenant && (ctx.auth.user.type !== 'SUPER_ADMIN' || ctx.customerId !== null)) q = q.where(`${r.table}.customer_id`, '=', ctx.customerId);
    return r.scope ? r.scope(q, ctx) : q;
  }

  function parseOptions(raw: string | undefined): Record<string, unknown> {
    if (!raw) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw fieldFailure('options', 'INVALID_VALUE');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw fieldFailure('options', 'ARRAY_OR_OBJECT_REQUIRED');
    if (!validateFilters) return {};
    if (!validateFilters(parsed)) throw new ValidationFailure(toValidationErrors(validateFilters.errors, serverMessage));
    return parsed as Record<string, unknown>;
  }

  function filtered(query: AnyQuery, options: Record<string, unknown>): AnyQuery {
    let q = query;
    for (const [field, value] of Object.entries(options)) {
      if (value === '' || value === null || value === undefined) continue;
      if (field === 'search') {
        const pattern = `%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const cols = r.searchColumns ?? [];
        q = q.where((eb) => eb.or(cols.map((c) => eb(sql.ref(`${r.table}.${c}`), 'ilike', pattern))));
        continue;
      }
      const col = columns.get(field);
      if (!col) continue;
      const ref = sql.ref(`${r.table}.${col}`);
      const def = filterSchema?.properties[field];
      if (Array.isArray(value)) {
        if (value.length) q = q.where(ref, 'in', value);
      } else if (typeof value === 'object') {
        const range = value as { between?: [unknown, unknown]; gte?: unknown; lte?: unknown };
        const [from, to] = range.between ?? [];
        const lower = range.gte ?? from;
        const upper = range.lte ?? to;
        if (lower !== null && lower !== undefined && lower !== '') q = q.where(ref, '>=', lower);
        if (upper !== null && upper !== undefined && upper !== '') q = q.where(ref, '<=', upper);
      } else if (typeof value === 'string' && !def?.enum) {
        q = q.where(ref, 'ilike', `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      } else {
        q = q.where(ref, '=', value);
      }
    }
    return q;
  }

  async function findScoped(executor: Kysely<any>, id: number, ctx: ResourceContext, lock = false): Promise<AnyRow> {
    let q = scoped(executor.selectFrom(r.table).selectAll(r.table).where(`${r.table}.id`, '=', id), ctx);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError(404, r.notFound);
    return row;
  }

  const fieldOfColumn = new Map([...columns].map(([field, col]) => [col, field]));
  /** A write the database refuses is reported under the field: the area's own code for its unique indexes, else the generic one. */
  async function constraintGuard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const e = err as { code?: string; constraint?: string; message?: string };
      if (e.code === '23505') {
        const hit = Object.entries(r.unique ?? {}).find(([name]) => e.constraint === name || e.message?.includes(`"${name}"`));
        if (hit) throw fieldFailure(hit[1].property, hit[1].code);
      }
      throw databaseFailure(err, (column) => fieldOfColumn.get(column)) ?? err;
    }
  }

  app.get<{ Querystring: ListQuerystring }>(r.path, { config: { permissions: r.permissions.read }, schema: { querystring: listQuerystring } }, async (request) => {
    const ctx = context(authOf(request), request.query.customerId);
    const options = parseOptions(request.query.options);
    const where = filtered(scoped(anyDb.selectFrom(r.table), ctx), options);
    const [field, defaultDir] = r.defaultOrder;
    const orderBy = request.query.orderBy ?? field;
    const col = columns.get(orderBy);
    if (!col) throw fieldFailure('orderBy', 'INVALID_ENUM');
    const dir = request.query.order === 'ASC' ? 'asc' : request.query.order === 'DESC' ? 'desc' : defaultDir === 'ASC' ? 'asc' : 'desc';
    const page = request.query.page ?? 1;
    const limit = request.query.limit ?? DEFAULT_LIMIT;
    const [count, rows] = await Promise.all([
      where.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      where
        .selectAll(r.table)
        .orderBy(sql.ref(`${r.table}.${col}`), dir)
        .orderBy(`${r.table}.id`, dir)
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    ]);
    return { items: rows.map((row) => toApi(row)), numberOfRecords: (count as { n: number }).n };
  });

  app.get<{ Params: IdParams }>(
    `${r.path}/:id`,
    { config: { permissions: r.permissions.read }, schema: { params: idParams } },
    async (request) => toApi(await findScoped(anyDb, paramId(request.params), context(authOf(request)))),
  );

  const body = loadSchema(r.formSchema);

  app.post<{ Body: AnyRow }>(r.path, { config: { permissions: r.permissions.manage }, schema: { body } }, async (request, reply) => {
    const ctx = context(authOf(request), request.body.customerId);
    if (request.body.id !== undefined) throw fieldFailure('id', 'INVALID_VALUE');
    const values = await toRow(request.body, ctx, null);
    // A row belongs to the acting customer, unless the area decided otherwise (a SUPER_ADMIN user has none).
    if (r.tenant && !('customer_id' in values)) {
      if (ctx.customerId === null) throw fieldFailure('customerId', 'REQUIRED');
      values.customer_id = ctx.customerId;
    }
    const row = await constraintGuard(() =>
      anyDb.transaction().execute(async (trx) => {
        const created = await trx.insertInto(r.table).values(values).returningAll().executeTakeFirstOrThrow();
        await r.afterWrite?.(trx as unknown as Db, created, ctx);
        return created;
      }),
    );
    return reply.status(201).send(toApi(row));
  });

  app.put<{ Body: AnyRow }>(r.path, { config: { permissions: r.permissions.manage }, schema: { body } }, async (request) => {
    const ctx = context(authOf(request), request.body.customerId);
    const id = request.body.id;
    if (typeof id !== 'number') throw fieldFailure('id', 'REQUIRED');
    const row = await constraintGuard(() =>
      anyDb.transaction().execute(async (trx) => {
        const existing = await findScoped(trx, id, ctx, true);
        const values = await toRow(request.body, ctx, existing);
        delete values.customer_id;
        await r.beforeUpdate?.(trx as unknown as Db, existing, values, ctx);
        const updated = await trx.updateTable(r.table).set({ ...values, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await r.afterWrite?.(trx as unknown as Db, updated, ctx);
        return updated;
      }),
    );
    return toApi(row);
  });

  if (r.deletable) {
    app.delete<{ Params: IdParams }>(
      `${r.path}/:id`,
      { config: { permissions: r.permissions.manage }, schema: { params: idParams } },
      async (request, reply) => {
        const ctx = context(authOf(request));
        const id = paramId(request.params);
        await constraintGuard(() =>
          anyDb.transaction().execute(async (trx) => {
            await findScoped(trx, id, ctx, true);
            await trx.deleteFrom(r.table).where('id', '=', id).execute();
          }),
        );
        return reply.status(204).send();
      },
    );
  }
}
