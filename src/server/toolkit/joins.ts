// Joins that only add columns to a list's rows: a LEFT JOIN on the joined table's unique key (its primary key) neither
// adds rows nor removes any, so a list's rows are the same with or without it. The page selects their columns and
// always has them; the list's capped count (list.ts) leaves out every one that nothing of the request reads (the
// tenancy, the visibility rule, the filters, the search), which turns a count through millions of look-ups into a
// scan of the list's own table. Whether the request reads a join is read from the SQL it compiles to: a join left
// out that a condition did read would be a database error ("missing FROM-clause entry"), never a wrong total.
import type { AnyQuery } from './fields.ts';

export interface ColumnJoin {
  /** The joined table, under its own name. */
  table: string;
  /** The joined table's unique key ("accounts.id") and the column of the rows naming it ("payouts.account_id"). */
  on: [key: string, column: string];
}

/** The query with these joins added (as LEFT JOINs, in their order). */
export function withJoins(query: AnyQuery, joins: readonly ColumnJoin[]): AnyQuery {
  return joins.reduce((q, join) => q.leftJoin(join.table, join.on[0], join.on[1]), query);
}

/** Whether SQL text names a column of `table` ("table".column or table.column). */
function names(text: string, table: string): boolean {
  return new RegExp(`(?<![\\w$."])"?${table}"?\\.`).test(text);
}

/** The joins the query's conditions read, with the joins those are joined through, in their declared order. */
export function joinsRead(query: AnyQuery, joins: readonly ColumnJoin[]): ColumnJoin[] {
  if (joins.length === 0) return [];
  const text = query.compile().sql;
  const needed = new Set(joins.filter((join) => names(text, join.table)));
  // A join on a column of another join needs that one too.
  for (let grown = true; grown; ) {
    grown = false;
    for (const join of joins) {
      if (needed.has(join)) continue;
      if ([...needed].some((n) => names(n.on[1], join.table))) {
        needed.add(join);
        grown = true;
      }
    }
  }
  return joins.filter((join) => needed.has(join));
}
