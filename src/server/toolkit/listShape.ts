// What a list route orders and filters by, in the columns it reads, kept in the route's config. Nothing answers a
// request from it: `npm run validate` lists the routes of the built server and reads it there, to check a screen's
// default order against what the list can order by and each filter against the indexes of its column
// (tools/validate/checkDefaultOrder.ts, checkFilterIndexes.ts). Taken from the options the route runs with, so
// the check cannot drift from the list.
import type { ListRouteOptions } from './list.ts';

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
}

export function listShape(options: ListRouteOptions): ListShape {
  const columns: Record<string, string | null> = {};
  for (const [name, field] of Object.entries(options.fields)) columns[name] = typeof field === 'string' ? field : null;
  return {
    columns,
    filterSchema: typeof options.filterSchema === 'string' ? options.filterSchema : undefined,
    pinned: [...(options.tenancy ? [options.tenancy.column] : []), ...(options.parent ? [options.parent.column] : [])],
  };
}
