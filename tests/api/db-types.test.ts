// The hand-written table types of src/server/db/types.ts against the migrated database: every table of the database
// and of the `Database` interface, every column, its nullability, its type family (number, string, boolean, Date,
// bytes, JSON, arrays of them), the values a column's CHECK lists against a union of string literals, and a
// `Generated<>` column against a database default. Types imported from src/shared are read from the constant arrays
// they are declared from (`export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]`). Each difference is one line.
// In-memory PGlite, or a database of its own on TEST_DATABASE_URL (as harness.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { createScratchDatabase } from '../../tools/scratch-database.ts';
import { migratedPGlite } from './pglite-template.ts';

const TYPES_FILE = path.resolve(import.meta.dirname, '../../src/server/db/types.ts');

/** Tables of the database that the application never reads through Kysely. */
const UNTYPED_TABLES = new Set([
  // migrate.ts's own bookkeeping, read with plain SQL.
  'schema_migrations',
]);

// ---------------------------------------------------------------- the database

interface DatabaseColumn {
  family: string;
  nullable: boolean;
  hasDefault: boolean;
  /** The values a CHECK of this column alone allows (`col IN (…)`); null when no such CHECK. */
  allowed: string[] | null;
}

type DatabaseTables = Map<string, Map<string, DatabaseColumn>>;

/** How the driver answers a column's type (db/index.ts parses int8 as a JS number). */
function databaseFamily(udt: string): string {
  if (udt.startsWith('_')) return `${databaseFamily(udt.slice(1))}[]`;
  if (['int2', 'int4', 'int8', 'float4', 'float8'].includes(udt)) return 'number';
  if (['text', 'varchar', 'bpchar', 'citext', 'uuid', 'inet', 'numeric'].includes(udt)) return 'string';
  if (udt === 'bool') return 'boolean';
  if (['timestamptz', 'timestamp', 'date'].includes(udt)) return 'Date';
  if (udt === 'bytea') return 'bytes';
  if (udt === 'json' || udt === 'jsonb') return 'JSON';
  return `unknown type ${udt}`;
}

/** The literals of a one-column CHECK that lists values (`col IN ('A', 'B')`, `col = 'A'`); null for other checks. */
function checkedValues(definition: string): string[] | null {
  const body = /^CHECK \((.*)\)$/.exec(definition.trim())?.[1] ?? '';
  if (/\b(OR|AND|NOT)\b/.test(body)) return null;
  const list = /=\s*ANY\s*\(\(?ARRAY\[(.*)\]\)?(::\w+\[\])?\)/.exec(body);
  const single = /^\(*\(?\w+\)?(::\w+)? = ('(?:[^']|'')*')(::\w+)?\)*$/.exec(body);
  const literals = list?.[1] ?? single?.[2];
  if (literals === undefined) return null;
  return [...literals.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
}

async function readDatabase(handle: DatabaseHandle): Promise<DatabaseTables> {
  const columns = await sql<{ table_name: string; column_name: string; udt_name: string; is_nullable: string; column_default: string | null; is_identity: string; is_generated: string }>`
    SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(handle.db);
  const checks = await sql<{ table_name: string; column_name: string; definition: string }>`
    SELECT cl.relname AS table_name, a.attname AS column_name, pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class cl ON cl.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1]
    WHERE con.contype = 'c' AND n.nspname = current_schema() AND cardinality(con.conkey) = 1`.execute(handle.db);
  const tables: DatabaseTables = new Map();
  for (const c of columns.rows) {
    if (!tables.has(c.table_name)) tables.set(c.table_name, new Map());
    tables.get(c.table_name)!.set(c.column_name, {
      family: databaseFamily(c.udt_name),
      nullable: c.is_nullable === 'YES',
      // A default, an identity, or a value the database computes (GENERATED ALWAYS AS … STORED).
      hasDefault: c.column_default !== null || c.is_identity === 'YES' || c.is_generated === 'ALWAYS',
      allowed: null,
    });
  }
  for (const check of checks.rows) {
    const values = checkedValues(check.definition);
    const column = tables.get(check.table_name)?.get(check.column_name);
    if (!values || !column) continue;
    // Two lists on one column: a value passes both.
    column.allowed = column.allowed ? column.allowed.filter((v) => values.includes(v)) : values;
  }
  return tables;
}

// ---------------------------------------------------------------- types.ts

interface DeclaredColumn {
  /** The type as written. */
  written: string;
  families: Set<string>;
  nullable: boolean;
  generated: boolean;
  /** The values of a union of string literals; null when any member is not a literal. */
  literals: string[] | null;
}

interface DeclaredTables {
  /** table name -> interface name, from `interface Database`. */
  tables: Map<string, string>;
  /** interface name -> its columns. */
  interfaces: Map<string, Map<string, DeclaredColumn>>;
}

/** Splits at `separator` outside <>, [], () and quotes. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    if (quoted) continue;
    if ('<[('.includes(c)) depth++;
    if ('>])'.includes(c)) depth--;
    if (depth === 0 && c === separator) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((p) => p !== '');
}

const PRIMITIVES: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean', Date: 'Date', Uint8Array: 'bytes', Buffer: 'bytes', unknown: 'JSON' };

/** What a type expression selects as: `Generated<T>` and `GeneratedAlways<T>` are T, `ColumnType<S, I, U>` is S, aliases and imports resolved. */
function describeType(written: string, aliases: ReadonlyMap<string, string>, seen: string[] = []): Omit<DeclaredColumn, 'written'> {
  const out = { families: new Set<string>(), nullable: false, generated: false, literals: [] as string[] | null };
  for (const member of splitTop(written, '|')) {
    const wrapper = /^(Generated|GeneratedAlways|ColumnType)<(.*)>$/.exec(member);
    const array = /^(.*)\[\]$/.exec(member);
    let inner: Omit<DeclaredColumn, 'written'> | null = null;
    if (member === 'null') out.nullable = true;
    else if (/^'.*'$/.test(member)) {
      out.families.add('string');
      out.literals?.push(member.slice(1, -1));
      continue;
    } else if (wrapper) {
      const generated = wrapper[1] !== 'ColumnType';
      inner = describeType(generated ? wrapper[2] : splitTop(wrapper[2], ',')[0], aliases, seen);
      if (generated) out.generated = true;
    } else if (array) {
      const element = describeType(array[1], aliases, seen);
      inner = { ...element, families: new Set([...element.families].map((f) => `${f}[]`)), literals: null };
    } else if (Object.hasOwn(PRIMITIVES, member)) {
      out.families.add(PRIMITIVES[member]);
      // `unknown` holds null as well: a JSON column's nullability is not declared.
      if (member === 'unknown') out.nullable = true;
    } else if (aliases.has(member) && !seen.includes(member)) {
      inner = describeType(aliases.get(member)!, aliases, [...seen, member]);
    } else out.families.add(`unresolved ${member}`);
    if (member === 'null') continue;
    if (inner) {
      for (const f of inner.families) out.families.add(f);
      out.nullable ||= inner.nullable;
      out.generated ||= inner.generated;
      out.literals = out.literals && inner.literals ? [...out.literals, ...inner.literals] : null;
    } else if (!/^'.*'$/.test(member)) out.literals = null;
  }
  if (out.literals?.length === 0) out.literals = null;
  return out;
}

const MEMBER = /^\s*(\w+)\??\s*:\s*(.+?);\s*$/;

/**
 * Reads the table interfaces, the `Database` interface and the type aliases of types.ts. `imported` gives each type
 * imported from src/shared as a type expression (a union of its literals).
 */
function parseTypes(text: string, imported: ReadonlyMap<string, string>): DeclaredTables {
  const aliases = new Map(imported);
  for (const m of text.matchAll(/^(?:export )?type (\w+) = (.+);$/gm)) aliases.set(m[1], m[2]);
  const interfaces = new Map<string, Map<string, DeclaredColumn>>();
  const tables = new Map<string, string>();
  for (const block of text.matchAll(/^(?:export )?interface (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const members = block[2]
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
      .map((line) => MEMBER.exec(line))
      .filter((m): m is RegExpExecArray => m !== null);
    if (block[1] === 'Database') {
      for (const [, table, type] of members) tables.set(table, type);
      continue;
    }
    interfaces.set(block[1], new Map(members.map(([, column, type]) => [column, { written: type, ...describeType(type, aliases) }])));
  }
  return { tables, interfaces };
}

/** A type of src/shared as the union of its literals: `(typeof X)[number]` read from the array X, or a literal union. */
async function sharedUnion(name: string, modulePath: string): Promise<string> {
  const text = readFileSync(modulePath, 'utf8');
  const declared = new RegExp(`^export type ${name} = (.+);$`, 'm').exec(text)?.[1];
  if (!declared) throw new Error(`${path.basename(modulePath)} declares no type ${name}`);
  const fromArray = /^\(typeof (\w+)\)\[number\]$/.exec(declared);
  if (!fromArray) return declared;
  const array = new RegExp(`const ${fromArray[1]} = \\[([^\\]]*)\\]`).exec(text)?.[1];
  // An array written out (`['A', 'B'] as const`), else the module's exported value.
  const values = array !== undefined ? [...array.matchAll(/'([^']*)'/g)].map((m) => m[1]) : ((await import(modulePath)) as Record<string, string[]>)[fromArray[1]];
  if (!Array.isArray(values)) throw new Error(`${fromArray[1]} of ${path.basename(modulePath)} is no array`);
  return values.map((v) => `'${v}'`).join(' | ');
}

/** Every type types.ts imports, as its union of literals. */
async function importedTypes(text: string, fromFile: string): Promise<Map<string, string>> {
  const resolved = new Map<string, string>();
  for (const m of text.matchAll(/^import type \{([^}]+)\} from '([^']+)';$/gm)) {
    if (m[2] === 'kysely') continue;
    const modulePath = path.resolve(path.dirname(fromFile), m[2]);
    for (const name of m[1].split(',').map((n) => n.trim()).filter(Boolean)) resolved.set(name, await sharedUnion(name, modulePath));
  }
  return resolved;
}

// ---------------------------------------------------------------- the comparison

const quoted = (values: string[]) => values.map((v) => `"${v}"`).join(', ');

function columnDifferences(where: string, db: DatabaseColumn, ts: DeclaredColumn): string[] {
  const out: string[] = [];
  if (db.nullable !== ts.nullable && !ts.families.has('JSON')) {
    out.push(db.nullable ? `${where}: nullable in the database, types.ts has no null (${ts.written})` : `${where}: NOT NULL in the database, types.ts allows null (${ts.written})`);
  }
  const families = [...ts.families];
  if (families.length !== 1 || families[0] !== db.family) out.push(`${where}: ${db.family} in the database, ${families.join(' | ')} in types.ts (${ts.written})`);
  if (ts.generated && !db.hasDefault) out.push(`${where}: Generated in types.ts, but the database has no default`);
  if (db.allowed && ts.literals) {
    const extra = ts.literals.filter((v) => !db.allowed!.includes(v));
    const lacking = db.allowed.filter((v) => !ts.literals!.includes(v));
    if (extra.length) out.push(`${where}: types.ts allows ${quoted(extra)}, which the CHECK does not`);
    if (lacking.length) out.push(`${where}: the CHECK allows ${quoted(lacking)}, which types.ts lacks`);
  } else if (db.allowed && families[0] === 'string') {
    out.push(`${where}: the CHECK allows only ${quoted(db.allowed)}, types.ts says ${ts.written}`);
  } else if (ts.literals) {
    out.push(`${where}: types.ts allows only ${quoted(ts.literals)}, the database checks no list`);
  }
  return out;
}

/** Every difference between the database and the declared types, one line each. */
function typeDifferences(database: DatabaseTables, declared: DeclaredTables): string[] {
  const out: string[] = [];
  for (const table of database.keys()) {
    if (!declared.tables.has(table) && !UNTYPED_TABLES.has(table)) out.push(`${table}: a table of the database, not in types.ts's Database`);
  }
  for (const [table, name] of declared.tables) {
    const columns = database.get(table);
    const types = declared.interfaces.get(name);
    if (!columns) out.push(`${table}: in types.ts's Database (${name}), not a table of the database`);
    if (!types) out.push(`${table}: types.ts's Database names ${name}, which types.ts does not declare`);
    if (!columns || !types) continue;
    for (const column of columns.keys()) if (!types.has(column)) out.push(`${table}.${column}: a column of the database, not in ${name}`);
    for (const [column, type] of types) {
      const db = columns.get(column);
      if (!db) out.push(`${table}.${column}: in ${name}, not a column of the database`);
      else out.push(...columnDifferences(`${table}.${column}`, db, type));
    }
  }
  return out;
}

// ---------------------------------------------------------------- tests

let database: DatabaseTables;
let handle: DatabaseHandle | undefined;
let drop: (() => Promise<void>) | undefined;
const typesText = readFileSync(TYPES_FILE, 'utf8');

beforeAll(async () => {
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'test') : null;
  drop = scratch?.drop;
  handle = scratch ? await openDatabase({ databaseUrl: scratch.url }) : await openDatabase({ snapshot: await migratedPGlite() });
  await migrate(handle);
  database = await readDatabase(handle);
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

const differencesOf = async (text: string) => typeDifferences(database, parseTypes(text, await importedTypes(text, TYPES_FILE)));

describe('src/server/db/types.ts', () => {
  it('declares every table and column of the migrated database as it is', async () => {
    expect(await differencesOf(typesText)).toEqual([]);
  });

  it('names each difference: a table, a column, nullability, a type family, a CHECK list, a default', async () => {
    const altered = typesText
      .replace("status: Generated<'GENERATED' | 'COMPLETED_SUCCESSFULLY' | 'RETURNED'>;", "status: Generated<'GENERATED' | 'COMPLETED_SUCCESSFULLY' | 'CANCELLED'>;")
      .replace('  title_key: string;\n', '  title_key: string | null;\n')
      .replace('  rows: number;\n', '  rows: string;\n')
      .replace('  file_name: string;\n', '')
      .replace('  failures: number;\n', '  failures: Generated<number>;\n  failure_note: string;\n')
      .replace('  settings: SettingsTable;\n', '  settings: SettingsTable;\n  archive: ArchiveTable;\n')
      .replace('  outbox: OutboxTable;\n', '')
      .replace('  token_hash: string;\n', "  token_hash: 'A' | 'B';\n");
    expect(altered).not.toBe(typesText);
    expect((await differencesOf(altered)).sort()).toEqual(
      [
        'transfer_batches.status: types.ts allows "CANCELLED", which the CHECK does not',
        'transfer_batches.status: the CHECK allows "RETURNED", which types.ts lacks',
        "notifications.title_key: NOT NULL in the database, types.ts allows null (string | null)",
        'imports.rows: number in the database, string in types.ts (string)',
        'transfer_batches.file_name: a column of the database, not in TransferBatchesTable',
        'login_failures.failures: Generated in types.ts, but the database has no default',
        'login_failures.failure_note: in LoginFailuresTable, not a column of the database',
        "archive: in types.ts's Database (ArchiveTable), not a table of the database",
        "archive: types.ts's Database names ArchiveTable, which types.ts does not declare",
        "outbox: a table of the database, not in types.ts's Database",
        'sessions.token_hash: types.ts allows only "A", "B", the database checks no list',
      ].sort(),
    );
  });

  it('reads a type imported from src/shared through the constant array it is declared from', async () => {
    const imported = await importedTypes(typesText, TYPES_FILE);
    expect(imported.get('PayoutStatus')).toContain("'RETURNED'");
    // The shared constant without RETURNED: the CHECKs of the payouts and of their history still list it.
    const withoutReturned = new Map(imported).set('PayoutStatus', imported.get('PayoutStatus')!.replace(" | 'RETURNED'", ''));
    expect(typeDifferences(database, parseTypes(typesText, withoutReturned)).sort()).toEqual([
      'payout_status_changes.from_status: the CHECK allows "RETURNED", which types.ts lacks',
      'payout_status_changes.to_status: the CHECK allows "RETURNED", which types.ts lacks',
      'payouts.status: the CHECK allows "RETURNED", which types.ts lacks',
    ]);
  });

  it('reads the values of a CHECK as PostgreSQL writes it back', () => {
    expect(checkedValues("CHECK ((status = ANY (ARRAY['GENERATED'::text, 'RETURNED'::text])))")).toEqual(['GENERATED', 'RETURNED']);
    expect(checkedValues("CHECK ((lane = 'code'::text))")).toEqual(['code']);
    expect(checkedValues("CHECK ((currency ~ '^[A-Z]{3}$'::text))")).toBeNull();
    expect(checkedValues("CHECK (((type = 'USER'::text) OR (representative_kind IS NULL)))")).toBeNull();
  });
});
