// The list query of every table: paging, ordering by whitelisted fields, the filters of the area's
// filter schema (with the shared semantics of src/shared/list-query.ts: "one of", ranges, contains,
// equals) and the free-text search (search.ts), over ANY Kysely select (a table, a join, a view) given the
// mapping of entity fields to SQL (fields.ts), with the joins that only add columns (joins.ts) declared apart. It
// answers `{ items, numberOfRecords }` with exactly the mapped fields. The total is exact up to a limit
// (LIST_EXACT_COUNT_LIMIT rows, LIST_TEXT_COUNT_LIMIT when the request matches text, or the end of the page asked
// for if further): the count reads at most one row more than that and stops, and past it the answer says
// `numberOfRecordsCapped: true` ("more than numberOfRecords"), as an exact count of millions costs seconds (docs/
// decisions.md, *Totals of long lists*). A date range may name a preset (`{ preset: 'LAST_7_DAYS' }`, src/shared/datePresets.ts),
// which `resolve` turns into the days it names at the time of the request, in the customer's zone.
// `listRoute` is the GET route around it, scoped by tenancy (tenancy.ts).
//   GET {path}?page&limit&orderBy&order&options&customerId   -> { items, numberOfRecords, numberOfRecordsCapped? }
import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { AppError, fieldFailure, ValidationFailure, type ErrorCode } from '../errors.ts';
import { compileFilterValidator, loadSchema, serverMessage } from '../validation.ts';
import { customerTimeZone, customerTimeZoneSql, DEFAULT_TIME_ZONE } from '../platform/settings.ts';
import { presetDays, presetRange } from '../../shared/datePresets.ts';
import { readWallTime } from '../../shared/wallClock.ts';
import { toValidationErrors } from '../../shared/validation/errors.ts';
import type { Permission, UserType } from '../../shared/permissions.ts';
import {
  DEFAULT_LIMIT,
  EXACT_COUNT_LIMIT,
  MAX_LIMIT,
  TEXT_COUNT_LIMIT,
  type CountLimits,
  filterOperation,
  isRangeFilter,
  SEARCH_FILTER,
  type FilterValue,
  type ListParams,
  type ListQueryString,
  type ListResult,
  type Order,
} from '../../shared/list-query.ts';
import { untyped, type RequestContext } from './context.ts';
import { fieldSql, fieldSelections, type AnyQuery, type AnyRow, type FieldMap } from './fields.ts';
import { listResponse, rowResponse, type JsonSchema } from './response.ts';
import { listShape } from './listShape.ts';
import { containsPattern, searchConditions, withRelatedKeys, type SearchTerm } from './search.ts';
import { joinsRead, withJoins, type ColumnJoin } from './joins.ts';
import { scoped, type Scope } from './tenancy.ts';
import { readContext } from './readContext.ts';

/** The query string of every list (the names of ListQueryString). */
const listQuerystringSchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
    orderBy: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$', maxLength: 64 },
    order: { type: 'string', enum: ['ASC', 'DESC'] },
    options: { type: 'string', maxLength: 4000 },
    customerId: { type: 'integer', minimum: 1 },
  },
} as const;

export interface ListSpec {
  /** Entity field -> SQL: what the list answers, and what it may order and filter by. */
  fields: FieldMap;
  /** The filter schema (e.g. 'filters/recipient', or the schema itself): the `options` a request may send, and their types. */
  filterSchema?: string | JsonSchema;
  /** What the free-text `search` filter looks in (case-insensitive "contains", any of them; search.ts). */
  search?: SearchTerm[];
  /**
   * Joins that only add columns (joins.ts), added by the list to the rows of the query it is given: the page has
   * them all, the count only those the request's conditions read.
   */
  joins?: ColumnJoin[];
  /** The order without an `orderBy`; rows of equal value are ordered by the id field the same way. */
  defaultOrder: [string, Order];
  /** The field that tells rows apart (default `id`). */
  idField?: string;
}

export interface CompiledList {
  /** The parameters of a request: its query string with `options` parsed and checked against the filter schema (400 otherwise). */
  params(query: ListQueryString): ListParams;
  /**
   * The filters with each date preset turned into its days now, in the customer's zone, and the search's related
   * rows looked up (search.ts); needed before `filtered`.
   */
  resolve(filters: Record<string, FilterValue>, ctx: RequestContext): Promise<Record<string, FilterValue>>;
  /** The query with the (resolved) filters applied. */
  filtered(query: AnyQuery, filters: Record<string, FilterValue>, ctx: RequestContext): AnyQuery;
  /**
   * One page of the (already scoped) query, and the number of its filtered rows: exact up to the count limit (`text`
   * when the filters match text, else `exact`; or the end of the page), a lower bound marked `numberOfRecordsCapped`
   * beyond.
   */
  run(query: AnyQuery, params: ListParams, ctx: RequestContext, countLimits?: CountLimits): Promise<ListResult<AnyRow>>;
}

type FilterProperty = { enum?: unknown[]; properties?: Record<string, { format?: string; items?: { format?: string } }> };

/** Whether a range filter's bounds are wall-clock date-times (format dateTime), read in the customer's zone. */
function isWallTimeRange(property: FilterProperty | undefined): boolean {
  const bounds = property?.properties ?? {};
  return bounds.between?.items?.format === 'dateTime' || bounds.gte?.format === 'dateTime' || bounds.lte?.format === 'dateTime';
}

export function compileList(spec: ListSpec): CompiledList {
  const { fields } = spec;
  const idField = spec.idField ?? 'id';
  if (!Object.hasOwn(fields, idField)) throw new Error(`a list needs its id field "${idField}" among its fields`);
  if (!Object.hasOwn(fields, spec.defaultOrder[0])) throw new Error(`the default order "${spec.defaultOrder[0]}" is not a field of the list`);
  const filterSchema = (typeof spec.filterSchema === 'string' ? loadSchema(spec.filterSchema) : (spec.filterSchema ?? null)) as { properties?: Record<string, FilterProperty> } | null;
  const filterProperties = filterSchema?.properties ?? {};
  const validateFilters: ValidateFunction | null = filterSchema ? compileFilterValidator(filterSchema) : null;
  const search = spec.search ?? [];
  const joins = spec.joins ?? [];

  /** Whether the filters compare text row by row (a search, a "contains"): their total is counted to the lower limit. */
  function matchesText(filters: Record<string, FilterValue>): boolean {
    return Object.entries(filters).some(([name, value]) => {
      const kind = filterOperation(name, value, Object.hasOwn(filterProperties, name) ? filterProperties[name] : undefined)?.kind;
      return kind === 'search' || kind === 'contains';
    });
  }

  function parseOptions(raw: string | undefined): Record<string, FilterValue> {
    if (!raw) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw fieldFailure('options', 'INVALID_VALUE');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw fieldFailure('options', 'ARRAY_OR_OBJECT_REQUIRED');
    // A list without a filter schema takes no filters.
    if (!validateFilters) return {};
    if (!validateFilters(parsed)) throw new ValidationFailure(toValidationErrors(validateFilters.errors, serverMessage));
    return parsed as Record<string, FilterValue>;
  }

  async function resolve(filters: Record<string, FilterValue>, ctx: RequestContext): Promise<Record<string, FilterValue>> {
    const now = new Date();
    let zone: string | undefined;
    const resolved = { ...filters };
    for (const [name, value] of Object.entries(filters)) {
      if (!isRangeFilter(value) || value.preset === undefined) continue;
      // The zone the range's wall-clock bounds are read in too (customerTimeZoneSql), read once a preset is there.
      zone ??= ctx.customerId === null ? DEFAULT_TIME_ZONE : await customerTimeZone(ctx.db, ctx.customerId);
      if (isWallTimeRange(filterProperties[name])) {
        const { first, last } = presetDays(value.preset, readWallTime(now, zone).slice(0, 10));
        resolved[name] = { between: [`${first} 00:00:00`, `${last} 23:59:59`] };
      } else {
        // ISO bounds, both included: up to the last millisecond before the day after.
        const { from, to } = presetRange(value.preset, now, zone);
        resolved[name] = { between: [from.toISOString(), new Date(to.getTime() - 1).toISOString()] };
      }
    }
    const searching = filterOperation(SEARCH_FILTER, resolved[SEARCH_FILTER]);
    return searching?.kind === 'search' ? withRelatedKeys(resolved, search, searching.text, ctx) : resolved;
  }

  function filtered(query: AnyQuery, filters: Record<string, FilterValue>, ctx: RequestContext): AnyQuery {
    let q = query;
    for (const [name, value] of Object.entries(filters)) {
      // A preset left as it is would filter nothing: a programming error, never a wider list.
      if (isRangeFilter(value) && value.preset !== undefined) throw new Error(`the date preset of "${name}" is not resolved: call resolve() first`);
      const operation = filterOperation(name, value, Object.hasOwn(filterProperties, name) ? filterProperties[name] : undefined);
      if (!operation) continue;
      if (operation.kind === 'search') {
        for (const condition of searchConditions(search, operation.text, filters, ctx)) q = q.where(condition);
        continue;
      }
      if (!Object.hasOwn(fields, name)) continue;
      const ref = fieldSql(fields[name], ctx);
      switch (operation.kind) {
        case 'oneOf':
          q = q.where(ref, 'in', operation.values);
          break;
        case 'range': {
          // A wall-clock date-time ("2026-11-01 00:00:00", the filter form's dateTime) is of the customer's zone,
          // as the forms' dates are; other bounds (numbers, ISO instants) are compared as they are.
          const zone = isWallTimeRange(filterProperties[name]) ? customerTimeZoneSql(ctx.customerId) : null;
          const bound = (value: unknown) => (zone ? sql`(${value}::timestamp AT TIME ZONE ${zone})` : value);
          if (operation.from !== undefined) q = q.where(ref, '>=', bound(operation.from));
          // A wall-clock end names a whole second: up to 23:59:59 takes 23:59:59.999 too.
          if (operation.to !== undefined) q = zone ? q.where(ref, '<', sql`((${operation.to}::timestamp + interval '1 second') AT TIME ZONE ${zone})`) : q.where(ref, '<=', operation.to);
          break;
        }
        case 'contains':
          q = q.where(ref, 'ilike', containsPattern(operation.text));
          break;
        case 'equals':
          q = q.where(ref, '=', operation.value);
          break;
      }
    }
    return q;
  }

  return {
    params(query) {
      const { options, ...rest } = query;
      return { ...rest, options: parseOptions(options) };
    },
    resolve,
    filtered,
    async run(query, params, ctx, countLimits = { exact: EXACT_COUNT_LIMIT, text: TEXT_COUNT_LIMIT }) {
      const orderBy = params.orderBy ?? spec.defaultOrder[0];
      if (!Object.hasOwn(fields, orderBy)) throw fieldFailure('orderBy', 'INVALID_ENUM');
      const dir = (params.order ?? spec.defaultOrder[1]) === 'ASC' ? 'asc' : 'desc';
      const page = params.page ?? 1;
      const limit = params.limit ?? DEFAULT_LIMIT;
      const where = filtered(query, params.options ?? {}, ctx);
      // Counted up to one row past the limit, never short of the page asked for, so that "next" is known to lead somewhere.
      const countLimit = matchesText(params.options ?? {}) ? Math.min(countLimits.text, countLimits.exact) : countLimits.exact;
      const countUpTo = Math.max(countLimit, page * limit);
      // The count without the joins that only add columns, unless a condition reads them (joins.ts).
      const matching = withJoins(where, joinsRead(where, joins)).clearSelect().select(sql`1`.as('one')).limit(countUpTo + 1).as('matching');
      const [count, items] = await Promise.all([
        untyped(ctx.db).selectFrom(matching).select(sql<number>`count(*)::int`.as('numberOfRecords')).executeTakeFirstOrThrow(),
        withJoins(where, joins)
          .clearSelect()
          .select(fieldSelections(fields, ctx))
          .orderBy(fieldSql(fields[orderBy], ctx), dir)
          .orderBy(fieldSql(fields[idField], ctx), dir)
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
      ]);
      const counted = (count as { numberOfRecords: number }).numberOfRecords;
      return counted > countUpTo ? { items, numberOfRecords: countUpTo, numberOfRecordsCapped: true } : { items, numberOfRecords: counted };
    },
  };
}

export interface ListRouteOptions extends ListSpec, Scope {
  /** Under the area's prefix; '' for the prefix itself. */
  path?: string;
  permissions: readonly Permission[];
  /** Only users of these types (e.g. a SUPER_ADMIN's own lists), beside or instead of permissions (none: `[]`). */
  userTypes?: UserType[];
  /**
   * The rows before scoping, filtering and paging: a select from a table, a join or a view, with no
   * selections of its own (the fields are selected) and no grouping (aggregate in a view or subquery).
   */
  baseQuery(ctx: RequestContext, request: FastifyRequest): AnyQuery | Promise<AnyQuery>;
  /** The entity schema the fields come from (e.g. 'entities/recipient'), or the schema of one item. */
  response: string | JsonSchema;
  /** The schema of the path's parameters, for a path with some (e.g. '/:id/balanceUpdates'). */
  params?: JsonSchema;
  /**
   * Rules over the filters beyond the filter schema, before the query runs: answers the filters to apply (e.g.
   * with a default period filled in, see period.ts) or throws (a ValidationFailure, an AppError) to refuse them.
   */
  prepareFilters?(filters: Record<string, FilterValue>, ctx: RequestContext): Record<string, FilterValue>;
  /**
   * For the rows of one parent row (an account's statement): whether the request may see the parent, as a SQL
   * condition (e.g. EXISTS over the parent's view). It is asked beside the rows, and a parent the request
   * may not see is `notFound` (404) rather than an empty list; nothing about its rows is answered, not even their number.
   */
  parent?: {
    /** The rows' column naming their parent, which `baseQuery` compares with the path's id (see listShape.ts). */
    column: string;
    visible(ctx: RequestContext, request: FastifyRequest): Expression<SqlBool>;
    notFound: ErrorCode;
  };
}

/** GET {path}: the list of the area's rows the request may see. */
export function listRoute(app: FastifyInstance, options: ListRouteOptions): void {
  const list = compileList(options);
  const item = rowResponse(options.response, Object.keys(options.fields));
  app.get<{ Querystring: ListQueryString }>(
    options.path ?? '',
    {
      config: {
        ...(options.permissions.length ? { permissions: options.permissions } : {}),
        ...(options.userTypes ? { userTypes: options.userTypes } : {}),
        list: listShape(options),
      },
      schema: {
        querystring: listQuerystringSchema,
        ...(options.params ? { params: options.params } : {}),
        response: { 200: listResponse(item) },
      },
    },
    async (request) => {
      const ctx = readContext(request, request.query.customerId);
      const answer = async (condition?: Expression<SqlBool>) => {
        let params = list.params(request.query);
        params = { ...params, options: await list.resolve(params.options ?? {}, ctx) };
        if (options.prepareFilters) params = { ...params, options: options.prepareFilters(params.options ?? {}, ctx) };
        const rows = scoped(await options.baseQuery(ctx, request), ctx, options);
        return list.run(condition ? rows.where(condition) : rows, params, ctx, request.server.config.listCountLimits);
      };
      if (!options.parent) return answer();
      // The parent's visibility is a condition of the rows' own two queries (a one-time filter, on PostgreSQL
      // no third query beside them), so a visible parent costs nothing more. Only when no row comes back, or
      // the filters are refused, is it asked on its own: a hidden parent is "not found" whatever else is wrong.
      const { notFound } = options.parent;
      const visible = options.parent.visible(ctx, request);
      const notFoundUnlessVisible = async () => {
        const check = await sql<{ visible: boolean }>`SELECT ${visible} AS visible`.execute(ctx.db);
        if (!check.rows[0]?.visible) throw new AppError(404, notFound);
      };
      let result: Awaited<ReturnType<typeof answer>>;
      try {
        result = await answer(visible);
      } catch (error) {
        await notFoundUnlessVisible();
        throw error;
      }
      if (result.items.length === 0) await notFoundUnlessVisible();
      return result;
    },
  );
}
