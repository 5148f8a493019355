// Every value set of src/shared against each place that lists it again (constantSets.ts declares them): a schema's
// enum, a CHECK of the database, a locale's labels. The constant is the source; a place that lacks one of its values
// or lists one it does not is a problem. An enum or CHECK listing values of a constant that the table does not name
// is one too, so that a new copy cannot drift unseen.
import fs from 'node:fs';
import path from 'node:path';
import { CONSTANT_SETS, type ConstantSet } from './constantSets.ts';
import { listFiles } from './files.ts';
import { localeFile, splitKey } from './locales.ts';
import { isObject, pointer, problem, valueAt, type Problem } from './problem.ts';
import { jsonSchemaDocs, type Project } from './project.ts';
import { walkSchema } from './schemaWalk.ts';
import { sqlValueChecks, type SqlCheck } from './sqlChecks.ts';

export const MIGRATIONS_DIR = 'src/server/db/migrations';
const TABLE_FILE = 'tools/validate/constantSets.ts';

const quoted = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ');
const sourceOf = (set: ConstantSet): string => `${set.name} (${set.source})`;

/** The values a place must list: the constant's, less those it leaves out on purpose. */
function expectedOf(set: ConstantSet, except: readonly string[] = []): string[] {
  return set.values.filter((v) => !except.includes(v));
}

/** One problem per value missing from, or extra in, a listed set. */
function differences(set: ConstantSet, expected: readonly string[], listed: readonly string[], at: (message: string) => Problem, what = ''): Problem[] {
  const problems: Problem[] = [];
  for (const value of expected) if (!listed.includes(value)) problems.push(at(`${what}lacks "${value}", which ${sourceOf(set)} lists`));
  for (const value of listed) if (!expected.includes(value)) problems.push(at(`${what}lists "${value}", which ${sourceOf(set)} ${set.values.includes(value) ? 'leaves out here (except in ' + TABLE_FILE + ')' : 'does not'}`));
  return problems;
}

function schemaProblems(project: Project, set: ConstantSet): Problem[] {
  const problems: Problem[] = [];
  for (const place of set.schemas ?? []) {
    // an unparsable file is reported where it is read; a file gone takes its copy of the values with it (and one
    // renamed is an undeclared place)
    if (!project.schemaFiles.has(place.file)) continue;
    const doc = project.schemaFiles.get(place.file);
    const found = valueAt(doc, place.pointer);
    if (!found || !Array.isArray(found.value)) {
      // a node that refers to a shared definition instead: that definition is a place of its own (declared, or
      // reported as undeclared)
      const owner = valueAt(doc, place.pointer.slice(0, place.pointer.lastIndexOf('/')))?.value;
      if (isObject(owner) && typeof owner.$ref === 'string') continue;
      problems.push(problem(place.file, place.pointer, `no list of values here, where ${TABLE_FILE} expects the values of ${sourceOf(set)}`));
      continue;
    }
    // null is how a schema allows an empty field; it is no value of the set
    const listed = found.value.filter((v) => v !== null).map(String);
    problems.push(...differences(set, expectedOf(set, place.except), listed, (message) => problem(place.file, place.pointer, message)));
  }
  return problems;
}

function readMigrations(root: string): Map<string, string> | undefined {
  const files = listFiles(root, MIGRATIONS_DIR, '.sql');
  if (files.length === 0) return undefined;
  return new Map(files.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
}

function checkProblems(checks: Map<string, SqlCheck>, set: ConstantSet): Problem[] {
  const problems: Problem[] = [];
  for (const place of set.checks ?? []) {
    const check = checks.get(place.column);
    const column = place.column.split('.')[1];
    if (!check) {
      problems.push(problem(MIGRATIONS_DIR, place.column, `no CHECK (${column} IN (...)) holds the column to ${sourceOf(set)}`));
      continue;
    }
    const at = (message: string): Problem => problem(check.file, place.column, `${message}; a new migration must change the CHECK`);
    problems.push(...differences(set, expectedOf(set, place.except), check.values, at, 'CHECK '));
  }
  return problems;
}

/** The object of labels at a key ("ns:a.b") in one language, or undefined. */
function labelGroup(namespaces: Map<string, unknown>, key: string): unknown {
  const { namespace, path: keyPath } = splitKey(key);
  let node = namespaces.get(namespace);
  for (const part of keyPath.split('.')) node = isObject(node) ? node[part] : undefined;
  return node;
}

/** The label of a value: a key of its own (`account.read`), or nested by its dots (`account.transfer`), as i18next finds either. */
function labelAt(group: Record<string, unknown>, value: string): unknown {
  if (typeof group[value] === 'string') return group[value];
  let node: unknown = group;
  for (const part of value.split('.')) node = isObject(node) ? node[part] : undefined;
  return node;
}

/** The values a group labels, each with its keys: a text's key, or the keys down a nested group (joined by dots). */
function labelKeys(group: Record<string, unknown>, keys: string[] = []): string[][] {
  return Object.entries(group).flatMap(([key, node]) => (isObject(node) ? labelKeys(node, [...keys, key]) : [[...keys, key]]));
}

/** Where a value's label is or would be: nested where the group nests its first part, else a key of its own. */
const labelKeysOf = (group: Record<string, unknown>, value: string): string[] => (isObject(group[value.split('.')[0]]) ? value.split('.') : [value]);

function labelProblems(project: Project, set: ConstantSet): Problem[] {
  const problems: Problem[] = [];
  for (const place of set.labels ?? []) {
    const { namespace, path: keyPath } = splitKey(place.key);
    const groupPath = pointer('', ...keyPath.split('.'));
    const expected = expectedOf(set, place.except);
    // texts without the group in any language are a configuration without these labels at all (a fixture's), not
    // a drift; a group one language lacks is
    if (![...project.locales.values()].some((namespaces) => isObject(labelGroup(namespaces, place.key)))) continue;
    for (const [language, namespaces] of project.locales) {
      if (!namespaces.has(namespace)) continue; // a missing file is reported by the locale checks
      const file = localeFile(language, namespace);
      const group = labelGroup(namespaces, place.key);
      if (!isObject(group)) {
        problems.push(problem(file, groupPath, `missing: the labels of ${sourceOf(set)} (${quoted(expected)})`));
        continue;
      }
      for (const value of expected) {
        if (typeof labelAt(group, value) !== 'string') problems.push(problem(file, pointer(groupPath, ...labelKeysOf(group, value)), `missing: the label of "${value}", which ${sourceOf(set)} lists`));
      }
      if (!place.only) continue;
      for (const keys of labelKeys(group)) {
        const key = keys.join('.');
        if (!expected.includes(key)) problems.push(problem(file, pointer(groupPath, ...keys), `a label of "${key}", which ${sourceOf(set)} ${set.values.includes(key) ? 'leaves out here' : 'does not list'}: never shown`));
      }
    }
  }
  return problems;
}

/** The smallest set holding every one of the values (two or more: a single value says little). */
function setHolding(values: readonly string[]): ConstantSet | undefined {
  if (values.length < 2) return undefined;
  const holding = CONSTANT_SETS.filter((set) => values.every((v) => set.values.includes(v)));
  return holding.sort((a, b) => a.values.length - b.values.length)[0];
}

/** Enums and CHECKs that list a constant's values without the table naming them. */
function undeclaredProblems(project: Project, checks: Map<string, SqlCheck> | undefined): Problem[] {
  const declaredSchemas = new Set(CONSTANT_SETS.flatMap((set) => (set.schemas ?? []).map((p) => `${p.file}#${p.pointer}`)));
  const declaredChecks = new Set(CONSTANT_SETS.flatMap((set) => (set.checks ?? []).map((p) => p.column)));
  const problems: Problem[] = [];
  const tell = (set: ConstantSet): string => `lists values of ${sourceOf(set)}, but ${TABLE_FILE} does not name this place, so nothing holds it to the constant`;
  for (const { file, value } of jsonSchemaDocs(project)) {
    walkSchema(value, '', (node, at) => {
      if (!Array.isArray(node.enum)) return;
      const enumPath = pointer(at, 'enum');
      if (declaredSchemas.has(`${file}#${enumPath}`)) return;
      const set = setHolding(node.enum.filter((v): v is string => typeof v === 'string'));
      if (set) problems.push(problem(file, enumPath, tell(set)));
    });
  }
  for (const [column, check] of checks ?? []) {
    const set = declaredChecks.has(column) ? undefined : setHolding(check.values);
    if (set) problems.push(problem(check.file, column, `CHECK ${tell(set)}`));
  }
  return problems;
}

export function checkConstantSets(project: Project): Problem[] {
  const migrations = readMigrations(project.root);
  // without the server's code (a copy of the configuration alone) there is no database to compare
  const checks = migrations && sqlValueChecks(migrations);
  return [
    ...CONSTANT_SETS.flatMap((set) => [...schemaProblems(project, set), ...(checks ? checkProblems(checks, set) : []), ...labelProblems(project, set)]),
    ...undeclaredProblems(project, checks),
  ];
}
