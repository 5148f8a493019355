// Bulk routes: one operation over a list of ids, POST {path} { ids: [...], ...further properties }, in
// one transaction and all or nothing. Every id must name a row the request may see (tenancy and the
// area's visibility rule, tenancy.ts): otherwise the answer is the area's 404 naming the ids it cannot
// find, and nothing changes. The rows are locked in id order before the operation runs, so the
// operation judges them as they are and concurrent bulk work cannot deadlock.
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../shared/permissions.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import { inTransaction, requestContext, type RequestContext } from './context.ts';
import type { AnyRow } from './fields.ts';
import { guardConstraints, type UniqueRules } from './constraints.ts';
import { lockRows, type View } from './item.ts';
import type { JsonSchema } from './response.ts';

/** Ids per request, unless a route says otherwise. */
const DEFAULT_MAX_IDS = 1000;
const MAX_ID = 2_147_483_647;

export interface BulkBody {
  ids: number[];
}

export interface BulkRouteOptions<B extends BulkBody, R> extends View {
  /** Under the area's prefix, e.g. '/block'. */
  path: string;
  permissions: readonly Permission[];
  /** The table whose rows the ids name (and the operation changes). */
  table: string;
  notFound: ErrorCode;
  /** Further properties of the body beside `ids` (JSON Schema). */
  body?: { properties: Record<string, JsonSchema>; required?: string[] };
  maxIds?: number;
  /** The work, in the transaction (ctx.db), over the locked rows as stored, in id order. */
  operation(ctx: RequestContext, rows: AnyRow[], body: B): Promise<R>;
  /** The schema of the operation's answer. */
  response?: JsonSchema;
  unique?: UniqueRules;
}

function bulkBodySchema(maxIds: number, extra?: BulkRouteOptions<BulkBody, unknown>['body']): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['ids', ...(extra?.required ?? [])],
    properties: {
      ids: { type: 'array', minItems: 1, maxItems: maxIds, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: MAX_ID } },
      ...(extra?.properties ?? {}),
    },
  };
}

/** POST {path}: the operation over every named row, or over none. */
export function bulkRoute<B extends BulkBody, R>(app: FastifyInstance, options: BulkRouteOptions<B, R>): void {
  app.post<{ Body: BulkBody }>(
    options.path,
    {
      config: { permissions: options.permissions },
      schema: { body: bulkBodySchema(options.maxIds ?? DEFAULT_MAX_IDS, options.body), ...(options.response ? { response: { 200: options.response } } : {}) },
    },
    async (request) =>
      guardConstraints(
        () =>
          inTransaction(requestContext(request), async (ctx) => {
            const { ids } = request.body;
            const rows = await lockRows(ctx, options, options.table, ids);
            if (rows.length !== ids.length) {
              const found = new Set(rows.map((row) => Number(row.id)));
              throw new AppError(404, options.notFound, { ids: ids.filter((id) => !found.has(id)) });
            }
            // The body schema is the one above, so the body is a B.
            return options.operation(ctx, rows, request.body as B);
          }),
        options.unique,
      ),
  );
}
