// A `changes` column (screens.json; src/client/renderer/table/changes.ts) compares two records of the row: its
// `field` and `changes.before`, both object fields of the entity, or the list shows nothing. Its label prefixes name
// row fields in `{name}` (a wrong one finds no label) and a group of texts in every language. Settings of `changes`
// on a column of another format do nothing, which is reported too.
import { localeFile, splitKey } from './locales.ts';
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { columnListsOf, objectsAt, schemaIndexOf, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';
import { findProperty, propertyNames, type SchemaNode } from './schemaProps.ts';

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Whether a property may hold an object (its type names "object", or it names none). */
function holdsObject(node: SchemaNode): boolean {
  const type = isObject(node.node) ? node.node.type : undefined;
  return type === undefined || type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** A key prefix without placeholders names a group of texts; one with them is checked by its fixed part only. */
function groupProblems(project: Project, prefix: string, at: string): Problem[] {
  if (prefix.includes('{')) return [];
  const { namespace, path } = splitKey(prefix);
  const problems: Problem[] = [];
  for (const [language, namespaces] of project.locales) {
    let node: unknown = namespaces.get(namespace);
    for (const part of path.split('.')) node = isObject(node) ? node[part] : undefined;
    if (!isObject(node)) problems.push(problem(SCREENS_FILE, at, `"${prefix}" is no group of texts in ${localeFile(language, namespace)}: no label is found under it`));
  }
  return problems;
}

function columnProblems(project: Project, column: JsonObject, at: string, entity: SchemaNode | undefined): Problem[] {
  const changes = column.changes;
  if (column.format !== 'changes') {
    return changes === undefined ? [] : [problem(SCREENS_FILE, pointer(at, 'changes'), `"changes" is read only by a column of format "changes"; this one's is "${String(column.format ?? 'text')}"`)];
  }
  if (!isObject(changes)) return [problem(SCREENS_FILE, at, 'a "changes" column needs "changes": { "before": <the row field holding the record before> }')];
  const problems: Problem[] = [];
  const index = schemaIndexOf(project);
  const fields = entity ? propertyNames(index, entity) : [];
  for (const [name, where] of [
    [stringAt(column, 'field'), pointer(at, 'field')],
    [stringAt(changes, 'before'), pointer(at, 'changes', 'before')],
  ] as const) {
    if (!entity || name === undefined) continue;
    const property = findProperty(index, entity, name);
    if (!property) problems.push(problem(SCREENS_FILE, where, `"${name}" is not a field of the rows; fields: ${fields.join(', ')}`));
    else if (!holdsObject(property)) problems.push(problem(SCREENS_FILE, where, `"${name}" holds no record (an object) to compare`));
  }
  const prefixes: [string, string][] = [];
  if (Array.isArray(changes.fieldLabels)) changes.fieldLabels.forEach((p, i) => typeof p === 'string' && prefixes.push([p, pointer(at, 'changes', 'fieldLabels', i)]));
  if (isObject(changes.valueLabels)) {
    for (const [field, list] of Object.entries(changes.valueLabels)) {
      if (Array.isArray(list)) list.forEach((p, i) => typeof p === 'string' && prefixes.push([p, pointer(at, 'changes', 'valueLabels', field, i)]));
    }
  }
  for (const [prefix, where] of prefixes) {
    for (const [, name] of prefix.matchAll(PLACEHOLDER)) {
      if (entity && !findProperty(index, entity, name)) problems.push(problem(SCREENS_FILE, where, `"{${name}}" names no field of the rows; fields: ${fields.join(', ')}`));
    }
    problems.push(...groupProblems(project, prefix, where));
  }
  return problems;
}

export function checkChangesColumns(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const screen of screensOf(project)) {
    for (const list of columnListsOf(screen)) {
      const file = list.entityFile;
      const doc = file === undefined ? undefined : project.schemaFiles.get(file);
      // the columns of an array field's items are not compared records: their entity is checked as the rows'
      const entity: SchemaNode | undefined = isObject(doc) && list.itemsOf === undefined ? { doc: { file: file!, value: doc }, node: doc } : undefined;
      for (const { value: column, index } of objectsAt(list.owner, list.key)) problems.push(...columnProblems(project, column, pointer(list.ownerPath, list.key, index), entity));
    }
  }
  return problems;
}
