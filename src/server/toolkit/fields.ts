// The mapping from an area's entity fields (the API's names, schemas/entities/*.json) to SQL. A list
// orders and filters by these names only, and answers exactly these fields, selected under their API
// names; so the mapping is also the whitelist of what can be ordered, filtered and seen. A field is a
// column reference ("recipients.first_name", "customers.name"), any Kysely expression (a computed
// total, a subquery), or a function of the request context (e.g. whether the asking user may manage
// the row).
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { RequestContext } from './context.ts';
import { loadSchema } from '../validation.ts';

export type AnyQuery = SelectQueryBuilder<any, any, any>;
export type AnyRow = Record<string, any>;

export type FieldExpression = string | Expression<unknown> | ((ctx: RequestContext) => Expression<unknown>);
export type FieldMap = Record<string, FieldExpression>;

const snakeCase = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The SQL of one field for this request. */
export function fieldSql(field: FieldExpression, ctx: RequestContext): RawBuilder<unknown> {
  if (typeof field === 'string') return sql`${sql.ref(field)}`;
  const expression = typeof field === 'function' ? field(ctx) : field;
  return sql`${expression}`;
}

/** The select list answering every field under its API name. */
export function fieldSelections(fields: FieldMap, ctx: RequestContext) {
  return Object.entries(fields).map(([name, field]) => fieldSql(field, ctx).as(name));
}

/** The fields of an entity schema, in its order. */
function entityFieldNames(entitySchema: string): string[] {
  const entity = loadSchema(entitySchema) as { properties?: Record<string, unknown> };
  return Object.keys(entity.properties ?? {});
}

/**
 * The fields of a resource kept in one table: each entity field is the table's column of the same
 * name in snake_case, unless `overrides` maps it to another expression (null: not answered at all).
 */
export function tableFields(table: string, entitySchema: string, overrides: Record<string, FieldExpression | null> = {}): FieldMap {
  const fields: FieldMap = {};
  for (const name of entityFieldNames(entitySchema)) {
    const override = Object.hasOwn(overrides, name) ? overrides[name] : `${table}.${snakeCase(name)}`;
    if (override !== null) fields[name] = override;
  }
  return fields;
}

/** Entity field -> column of `table`, for the fields that are plain columns of it (what a write may set). */
export function tableColumns(fields: FieldMap, table: string): Map<string, string> {
  const columns = new Map<string, string>();
  for (const [name, field] of Object.entries(fields)) {
    if (typeof field === 'string' && field.startsWith(`${table}.`)) columns.set(name, field.slice(table.length + 1));
  }
  return columns;
}
