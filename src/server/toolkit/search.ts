// The free-text search of a list: every word of the text somewhere among the searched terms (case-insensitive
// "contains", ILIKE '%word%', which the trigram indexes of the migrations serve). A term is a field expression of the
// list's rows, or a search among the rows of a related table the list's rows point to ("the recipient's name or
// phone"). The related rows are looked up first, through that table's own indexes, when the filters are resolved
// (list.ts): the list's query then names their keys, `via = ANY($keys)`, an array PostgreSQL sees when it plans, so
// that it reads a few matches by index scans of each table (a BitmapOr) and many along the list's order with the keys
// hashed, as its estimates say. Past RELATED_KEYS_LIMIT keys (or where nothing was looked up) the look-up stays in
// the query, `via IN (SELECT key …)`, a hashed filter: so many keys match many rows, which the list's order finds at
// once. Either way the same rows match as an OR across a join to the related table would.
import { sql, type Expression, type SqlBool } from 'kysely';
import { searchWords, type FilterValue } from '../../shared/list-query.ts';
import { untyped, type RequestContext } from './context.ts';
import { fieldSql, type FieldExpression } from './fields.ts';
import { tenantCondition } from './tenancy.ts';

/** A search among the rows of another table that each of the list's rows names by a key. */
export interface RelatedSearch {
  /** The list's column naming the related row ("payouts.recipient_id"). */
  via: string;
  /** The related table, and the key `via` holds (default `id`). */
  table: string;
  key?: string;
  /** The related table's column holding its customer: the look-up reads the acting customer's rows only (tenancy.ts). */
  tenancy?: string;
  /** What is searched there: its columns by their bare names, or expressions over its bare column names. */
  terms: (string | Expression<unknown>)[];
}

export type SearchTerm = FieldExpression | RelatedSearch;

export const isRelatedSearch = (term: SearchTerm): term is RelatedSearch => typeof term === 'object' && 'via' in term;

/** The most keys of one word's related look-up named in the list's query. */
const RELATED_KEYS_LIMIT = 10_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The "contains" pattern of a word or a text. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

function anyOf(conditions: Expression<SqlBool>[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;
}

/** The related rows holding the word, as a condition over the related table (bare column names: its own). */
function relatedMatch(term: RelatedSearch, pattern: string, ctx: RequestContext): Expression<SqlBool> {
  const found = anyOf(term.terms.map((t) => sql<SqlBool>`${typeof t === 'string' ? sql.ref(t) : t} ILIKE ${pattern}`));
  const tenant = term.tenancy ? tenantCondition(ctx, { column: term.tenancy }) : undefined;
  return tenant ? sql<SqlBool>`${found} AND ${tenant}` : found;
}

/** The keys of the related rows each (related term, word) found, up to the limit; absent: too many, or not looked up. */
type RelatedKeys = Map<string, unknown[]>;
const RELATED_KEYS = Symbol('the search’s related keys');
const keyOf = (termIndex: number, word: string) => `${termIndex}\u0000${word}`;

/** The filters with the related rows of their search looked up (a property that spreads with them and lists nowhere). */
export async function withRelatedKeys(filters: Record<string, FilterValue>, terms: readonly SearchTerm[], text: string, ctx: RequestContext): Promise<Record<string, FilterValue>> {
  const keys: RelatedKeys = new Map();
  const lookUps = terms.flatMap((term, index) =>
    isRelatedSearch(term)
      ? searchWords(text).map(async (word) => {
          const key = sql.ref(term.key ?? 'id');
          const rows = await untyped(ctx.db)
            .selectFrom(term.table)
            .select(key.as('key'))
            .where(relatedMatch(term, containsPattern(word), ctx))
            .limit(RELATED_KEYS_LIMIT + 1)
            .execute();
          if (rows.length <= RELATED_KEYS_LIMIT) keys.set(keyOf(index, word), rows.map((r) => r.key));
        })
      : [],
  );
  if (lookUps.length === 0) return filters;
  await Promise.all(lookUps);
  return Object.assign({ ...filters }, { [RELATED_KEYS]: keys });
}

function termCondition(term: SearchTerm, termIndex: number, word: string, ctx: RequestContext, keys: RelatedKeys | undefined): Expression<SqlBool> {
  const pattern = containsPattern(word);
  if (!isRelatedSearch(term)) return sql<SqlBool>`${fieldSql(term, ctx)} ILIKE ${pattern}`;
  const found = keys?.get(keyOf(termIndex, word));
  if (found) return found.length ? sql<SqlBool>`${sql.ref(term.via)} = ANY(${found})` : sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(term.via)} IN (SELECT ${sql.ref(term.key ?? 'id')} FROM ${sql.table(term.table)} WHERE ${relatedMatch(term, pattern, ctx)})`;
}

/** The conditions of a search text, one per word (all must hold); none for a list that searches nothing. */
export function searchConditions(terms: readonly SearchTerm[], text: string, filters: Record<string, FilterValue>, ctx: RequestContext): Expression<SqlBool>[] {
  if (terms.length === 0) return [];
  const keys = (filters as { [RELATED_KEYS]?: RelatedKeys })[RELATED_KEYS];
  // Every word somewhere: "Jan Kowalski" finds the recipient whose first name is Jan and last name Kowalski.
  return searchWords(text).map((word) => anyOf(terms.map((term, index) => termCondition(term, index, word, ctx, keys))));
}
