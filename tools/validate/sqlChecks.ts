// The value lists of the database's CHECK constraints, `CHECK (column IN ('A', 'B'))`, read from the migrations' text
// in the order they run: a later migration may drop a constraint (by name) or a table or column and add another.
// Only that one form is read; CHECKs of other shapes (ranges, patterns) are no value lists.

export interface SqlCheck {
  values: string[];
  /** The migration that defined it last. */
  file: string;
}

interface Constraint {
  table: string;
  column: string;
  check: SqlCheck;
}

/** The text without comments, split into statements at semicolons outside quotes. */
function statementsOf(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (char === "'") {
      const end = sql.indexOf("'", i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      current += sql.slice(i, stop);
      i = stop - 1;
    } else if (char === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end - 1;
      current += ' ';
    } else if (char === ';') {
      statements.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim() !== '') statements.push(current);
  return statements.map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s !== '');
}

/** 'A', 'B' -> ['A', 'B'] ('' is a quote inside a literal). */
function literals(list: string): string[] {
  return [...list.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
}

const NAME = String.raw`"?(\w+)"?`;
const TABLE_OF = new RegExp(String.raw`^(?:CREATE TABLE(?: IF NOT EXISTS)?|ALTER TABLE(?: IF EXISTS)?(?: ONLY)?) (?:\w+\.)?${NAME}`, 'i');
const DROP_TABLE = new RegExp(String.raw`^DROP TABLE(?: IF EXISTS)? (.+)$`, 'i');
/** In one statement, in order: constraints dropped, columns dropped, value-list CHECKs added (named or not). */
const EVENTS = new RegExp(
  String.raw`DROP CONSTRAINT(?: IF EXISTS)? ${NAME}|DROP(?: COLUMN)?(?: IF EXISTS)? ${NAME}(?= *(?:,|$|CASCADE|RESTRICT))|(?:CONSTRAINT ${NAME} )?CHECK \( *${NAME} IN \(([^)]*)\) *\)`,
  'gi',
);

/** `table.column` -> the values its CHECK allows, as the migrations (name -> SQL text, run in name order) leave it. */
export function sqlValueChecks(migrations: ReadonlyMap<string, string>): Map<string, SqlCheck> {
  const constraints = new Map<string, Constraint>();
  for (const file of [...migrations.keys()].sort()) {
    for (const statement of statementsOf(migrations.get(file) ?? '')) {
      const dropped = DROP_TABLE.exec(statement);
      if (dropped) {
        const tables = new Set(dropped[1].split(',').map((t) => t.trim().replace(/"/g, '').replace(/^\w+\./, '').split(' ')[0].toLowerCase()));
        for (const [name, c] of constraints) if (tables.has(c.table)) constraints.delete(name);
        continue;
      }
      const table = TABLE_OF.exec(statement)?.[1].toLowerCase();
      if (!table) continue;
      for (const m of statement.matchAll(EVENTS)) {
        const [, droppedConstraint, droppedColumn, name, column, list] = m;
        if (droppedConstraint) constraints.delete(droppedConstraint.toLowerCase());
        else if (droppedColumn) {
          for (const [key, c] of constraints) if (c.table === table && c.column === droppedColumn.toLowerCase()) constraints.delete(key);
        } else if (column) {
          const col = column.toLowerCase();
          // PostgreSQL names an unnamed column CHECK <table>_<column>_check
          constraints.set((name ?? `${table}_${col}_check`).toLowerCase(), { table, column: col, check: { values: literals(list), file } });
        }
      }
    }
  }
  const checks = new Map<string, SqlCheck>();
  for (const { table, column, check } of constraints.values()) checks.set(`${table}.${column}`, check);
  return checks;
}
