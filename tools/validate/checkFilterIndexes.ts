// A list's filter on a column no index serves: a warning, not a mistake, since the list still answers, but by reading
// every row of the table (or of the customer) on a large one. The filters are the properties of the list's filter
// schema (schemas/filters/*.json) that name a field of the list; each reads the column the list maps that field to
// (the route config of src/server/toolkit/listShape.ts). An index serves a filter when the column leads it, or comes
// right after columns every query of the list compares for equality (its tenancy column, a parent's column). A
// partial index serves it only when its condition is that the column is not null, which any comparison implies. A
// "contains" filter (text without an enum: ILIKE '%…%') is served by a GIN or GiST index holding the column (a
// trigram index), never by a b-tree. A field computed by an expression is not checked: its cost is the expression's.
// The free-text search ("contains" in every term, OR-ed) is served only when each term is: a column by a trigram index
// holding it, an expression over a related table's columns (src/server/toolkit/search.ts) by a trigram index of that
// expression; a search with an expression over the list's own rows is not checked, as no index serves that OR whole.
import { SEARCH_FILTER } from '../../src/shared/list-query.ts';
import { isObject, pointer, warning, type JsonObject, type Problem } from './problem.ts';
import type { Project } from './project.ts';
import { expressionKey, type TableIndex } from './migrationIndexes.ts';
import type { ListRoute } from './serverLists.ts';

/**
 * Tables small enough to read whole for a filter: a few rows per customer, so an index would cost writes and save
 * nothing. A table added here is one whose rows a customer keeps by the dozen, not by the thousand.
 */
const SMALL_TABLES: ReadonlySet<string> = new Set([
  // the tenants themselves
  'customers',
  // a customer's programs, accounts, webhook endpoints and API keys
  // (not users: beside the staff it holds a row for each recipient that signed in to the collection page)
  'programs',
  'accounts',
  'webhook_endpoints',
  'api_keys',
]);

const TRIGRAM_METHODS = new Set(['gin', 'gist']);

/** Whether the filter compares text by "contains", as src/shared/list-query.ts's filterOperation reads it. */
function isContains(property: JsonObject): boolean {
  return property.type === 'string' && !Array.isArray(property.enum);
}

function serves(index: TableIndex, column: string, pinned: ReadonlySet<string>, contains: boolean): boolean {
  if (contains) return TRIGRAM_METHODS.has(index.method ?? '') && index.columns.includes(column);
  if (index.method !== undefined && TRIGRAM_METHODS.has(index.method)) return false;
  if (index.where !== undefined && !new RegExp(`^\\(?\\s*"?${column}"?\\s+IS\\s+NOT\\s+NULL\\s*\\)?$`, 'i').test(index.where)) return false;
  let at = 0;
  while (at < index.columns.length && index.columns[at] !== column && pinned.has(index.columns[at] ?? '')) at++;
  return index.columns[at] === column;
}

const split = (column: string): [string, string] => {
  const dot = column.lastIndexOf('.');
  return [column.slice(0, dot), column.slice(dot + 1)];
};

/** The search's terms that no trigram index serves, as "table.column" or "table: expression". */
function unservedSearchTerms(shape: ListRoute['shape'], indexes: readonly TableIndex[], tables: ReadonlySet<string>): string[] {
  if (shape.search.some((term) => term === null)) return [];
  const unserved: string[] = [];
  for (const term of shape.search) {
    if (term === null || SMALL_TABLES.has(term.table) || !tables.has(term.table)) continue;
    const trigram = indexes.filter((index) => index.table === term.table && TRIGRAM_METHODS.has(index.method ?? ''));
    if ('column' in term) {
      if (!trigram.some((index) => index.columns.includes(term.column))) unserved.push(`${term.table}.${term.column}`);
    } else if (!trigram.some((index) => index.expressions?.includes(expressionKey(term.expression)))) {
      unserved.push(`${term.table}: ${term.expression}`);
    }
  }
  return unserved;
}

export function checkFilterIndexes(project: Project, lists: readonly ListRoute[], indexes: readonly TableIndex[]): Problem[] {
  const problems: Problem[] = [];
  const tables = new Set(indexes.map((i) => i.table));
  for (const { route, shape } of lists) {
    if (shape.filterSchema === undefined) continue;
    const file = `schemas/${shape.filterSchema}.json`;
    const schema = project.schemaFiles.get(file);
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    for (const [name, property] of Object.entries(schema.properties)) {
      if (name === SEARCH_FILTER) {
        const unserved = unservedSearchTerms(shape, indexes, tables);
        if (unserved.length > 0) {
          const message = `the search of ${route} looks in ${unserved.join(', ')}, which no trigram index (GIN or GiST) holds: each search reads every row of the list's scope (the table, or the customer's part of it); index them in a migration (gin_trgm_ops), or list the table as small in tools/validate/checkFilterIndexes.ts`;
          problems.push(warning(file, pointer('', 'properties', name), message));
        }
        continue;
      }
      const column = Object.hasOwn(shape.columns, name) ? shape.columns[name] : null;
      // a property that is no field filters nothing
      if (column === null || !isObject(property) || !column.includes('.')) continue;
      const [table, bare] = split(column);
      // a table the migrations do not create is a view or an alias, whose indexes are another table's
      if (SMALL_TABLES.has(table) || !tables.has(table)) continue;
      const pinned = new Set(shape.pinned.filter((c) => split(c)[0] === table).map((c) => split(c)[1]));
      const contains = isContains(property);
      if (indexes.some((index) => index.table === table && serves(index, bare, pinned, contains))) continue;
      const kind = contains ? 'no trigram index (GIN or GiST) holds' : pinned.size > 0 ? `no index leads, alone or after ${[...pinned].join(', ')}` : 'no index leads';
      const message = `the filter "${name}" of ${route} compares ${column}, which ${kind}: each such request reads every row of the list's scope (the table, or the customer's part of it); index the column in a migration, or list ${table} as small in tools/validate/checkFilterIndexes.ts`;
      problems.push(warning(file, pointer('', 'properties', name), message));
    }
  }
  return problems;
}
