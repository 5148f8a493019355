// The indexes the migrations leave (src/server/db/migrations/*.sql, in order): CREATE [UNIQUE] INDEX, DROP INDEX,
// and the primary keys and unique constraints of CREATE TABLE and ALTER TABLE, which PostgreSQL backs with an index.
// Read from the SQL text, not a migrated database: validate runs in a second, with nothing to connect to.
import fs from 'node:fs';
import path from 'node:path';

export interface TableIndex {
  name: string;
  table: string;
  /** In index order; null for an expression (e.g. lower(name)), which a filter on the plain column cannot use. */
  columns: (string | null)[];
  /** A trigram index's expressions, as `expressionKey` writes them (what a search's expression must match). */
  expressions?: string[];
  /** The WHERE of a partial index, as written. */
  where?: string;
  /** The access method of USING, lower case ("gin"); undefined for the default b-tree. */
  method?: string;
}

/** The statements of a migration, without comments; a $$ body or a quoted text is kept whole. */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const rest = text.slice(i);
    if (rest.startsWith('--')) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      current += ' ';
    } else if (rest.startsWith('$$') || text[i] === "'") {
      const quote = rest.startsWith('$$') ? '$$' : "'";
      const end = text.indexOf(quote, i + quote.length);
      const stop = end === -1 ? text.length : end + quote.length;
      current += text.slice(i, stop);
      i = stop - 1;
    } else if (text[i] === ';') {
      statements.push(current);
      current = '';
    } else {
      current += text[i];
    }
  }
  statements.push(current);
  return statements.map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s !== '');
}

/** The text inside the parentheses opening at `open`, and where they close. */
function parenthesised(text: string, open: number): { inner: string; end: number } | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return { inner: text.slice(open + 1, i), end: i + 1 };
  }
  return undefined;
}

/** Splits at the commas outside parentheses. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      items.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  items.push(text.slice(start).trim());
  return items.filter((item) => item !== '');
}

const unquote = (name: string): string => name.replace(/"/g, '').toLowerCase();

/** An index item: a column (with its order, nulls or operator class after it) or an expression. */
function indexColumn(item: string): string | null {
  const match = /^("?[A-Za-z_][A-Za-z0-9_]*"?)(\s+[A-Za-z_][A-Za-z0-9_ ]*)?$/.exec(item);
  return match ? unquote(match[1]) : null;
}

/** An expression as a comparable key: without its operator class, quotes, spaces, case and outer parentheses. */
export function expressionKey(expression: string): string {
  let key = expression.replace(/\s+[a-z_][a-z0-9_]*_ops$/i, '').replace(/["\s]/g, '').toLowerCase();
  while (key.startsWith('(') && parenthesised(key, 0)?.end === key.length) key = key.slice(1, -1);
  return key;
}

function createIndex(statement: string): TableIndex | undefined {
  const head = /^CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?("?\w+"?) ON (?:ONLY )?("?\w+"?)(?: USING (\w+))? ?\(/i.exec(statement);
  if (!head) return undefined;
  const list = parenthesised(statement, head[0].length - 1);
  if (!list) return undefined;
  const where = /\bWHERE (.+)$/i.exec(statement.slice(list.end));
  const method = head[3]?.toLowerCase();
  const items = topLevelItems(list.inner);
  const trigram = method === 'gin' || method === 'gist';
  const expressions = trigram ? items.filter((item) => indexColumn(item) === null).map(expressionKey) : [];
  return {
    name: unquote(head[1]),
    table: unquote(head[2]),
    columns: items.map(indexColumn),
    ...(expressions.length ? { expressions } : {}),
    ...(where ? { where: where[1].trim() } : {}),
    ...(method && method !== 'btree' ? { method } : {}),
  };
}

/** The primary key or unique constraint of a table's item: a constraint over columns, or a column declared so. */
function constraintIndex(table: string, item: string): TableIndex | undefined {
  const constraint = /^(?:CONSTRAINT ("?\w+"?) )?(PRIMARY KEY|UNIQUE) ?\(/i.exec(item);
  if (constraint) {
    const list = parenthesised(item, constraint[0].length - 1);
    if (!list) return undefined;
    const columns = topLevelItems(list.inner).map(unquote);
    const kind = /^PRIMARY/i.test(constraint[2]) ? 'pkey' : `${columns.join('_')}_key`;
    return { name: constraint[1] ? unquote(constraint[1]) : `${table}_${kind}`, table, columns };
  }
  const column = /^("?\w+"?) /.exec(item);
  // the column's own words, its CHECK and DEFAULT expressions left out
  let words = item.replace(/'[^']*'/g, "''");
  while (/\([^()]*\)/.test(words)) words = words.replace(/\([^()]*\)/g, ' ');
  if (!column || /^(CONSTRAINT|CHECK|FOREIGN|EXCLUDE)\b/i.test(item) || !/\b(PRIMARY KEY|UNIQUE)\b/i.test(words)) return undefined;
  const name = unquote(column[1]);
  return { name: /\bPRIMARY KEY\b/i.test(words) ? `${table}_pkey` : `${table}_${name}_key`, table, columns: [name] };
}

function tableIndexes(statement: string): TableIndex[] {
  const create = /^CREATE TABLE (?:IF NOT EXISTS )?("?\w+"?) ?\(/i.exec(statement);
  if (create) {
    const body = parenthesised(statement, create[0].length - 1);
    const table = unquote(create[1]);
    return body ? topLevelItems(body.inner).flatMap((item) => constraintIndex(table, item) ?? []) : [];
  }
  const alter = /^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?("?\w+"?) ADD (?:COLUMN )?(?:IF NOT EXISTS )?(.+)$/i.exec(statement);
  return alter ? [constraintIndex(unquote(alter[1]), alter[2])].flatMap((index) => index ?? []) : [];
}

/** Every index the migrations in `dir` leave, by name. */
export function migrationIndexes(dir: string): TableIndex[] {
  const indexes = new Map<string, TableIndex>();
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.sql')).sort();
  for (const file of files) {
    for (const statement of statementsOf(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      const dropped = /^DROP INDEX (?:CONCURRENTLY )?(?:IF EXISTS )?(.+?)(?: CASCADE| RESTRICT)?$/i.exec(statement);
      if (dropped) for (const name of dropped[1].split(',')) indexes.delete(unquote(name.trim()));
      for (const index of [createIndex(statement), ...tableIndexes(statement)]) if (index) indexes.set(index.name, index);
    }
  }
  return [...indexes.values()];
}
