// What a list route orders and filters by, in the columns it reads, kept in the route's config. Nothing answers a
// request from it: `npm run validate` lists the routes of the built server and reads it there, to check a screen's
// default order against what the list can order by and each filter (the free-text search's terms too) against the
// indexes of its column (tools/validate/checkDefaultOrder.ts, checkFilterIndexes.ts). Taken from the options the
// route runs with, so the check cannot drift from the list.
import { createQueryId, PostgresQueryCompiler, type Expression, type RawNode } from 'kysely';
import type { ListRouteOptions } from './list.ts';
import { isRelatedSearch, type SearchTerm } from './search.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    list?: ListShape;
  }
}

export interface ListShape {
  /** Every field the list answers, orders and filters by -> the column it reads ("table.column"), or null for an expression. */
  columns: Record<string, string | null>;
  /** The filter schema by name ("filters/payout"); undefined without one, or when given as a schema of its own. */
  filterSchema?: string;
  /** Columns every query of the list compares for equality: the tenancy column, a parent's column. */
  pinned: string[];
  /**
   * What the free-text search reads, term by term: a table's column, or an expression over a related table's
   * columns (its SQL); null for an expression over the list's own rows.
   */
  search: SearchShape[];
}

type SearchShape = { table: string; column: string } | { table: string; expression: string } | null;

const compiler = new PostgresQueryCompiler();

/** The SQL text of an expression without parameters, e.g. `(first_name || ' ' || last_name)`. */
const sqlText = (expression: Expression<unknown>) => compiler.compileQuery(expression.toOperationNode() as RawNode, createQueryId()).sql;

function searchShape(term: SearchTerm): SearchShape[] {
  if (isRelatedSearch(term)) return term.terms.map((t) => (typeof t === 'string' ? { table: term.table, column: t } : { table: term.table, expression: sqlText(t) }));
  if (typeof term !== 'string' || !term.includes('.')) return [null];
  const dot = term.lastIndexOf('.');
  return [{ table: term.slice(0, dot), column: term.slice(dot + 1) }];
}

export function listShape(options: ListRouteOptions): ListShape {
  const columns: Record<string, string | null> = {};
  for (const [name, field] of Object.entries(options.fields)) columns[name] = typeof field === 'string' ? field : null;
  return {
    columns,
    filterSchema: typeof options.filterSchema === 'string' ? options.filterSchema : undefined,
    pinned: [...(options.tenancy ? [options.tenancy.column] : []), ...(options.parent ? [options.parent.column] : [])],
    search: (options.search ?? []).flatMap(searchShape),
  };
}
