// Field names the table and form renderers look up only at run time, where a wrong name fails quietly: a money
// amount shown without (or with the wrong) currency, a list refused with 400 for its default order, a row action
// that never shows, a hand-off to another list that list refuses.
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { ACTION_LISTS, columnListsOf, isUiSchemaFile, objectsAt, schemaIndexOf, screensOf, SCREENS_FILE, stringAt, stringsAt, type Project } from './project.ts';
import { findItems, findProperty, propertyNames, type SchemaNode } from './schemaProps.ts';
import type { SchemaIndex } from './schemaIndex.ts';

const RECORD_PREFIX = 'record.';
/** Where the money input finds its currency (src/client/renderer/widgets/MoneyWidget.tsx). */
const CURRENCY_SOURCES = ['currencyField', 'accountField', 'currency'] as const;

function rootOf(project: Project, file: string | undefined): SchemaNode | undefined {
  const value = file === undefined ? undefined : project.schemaFiles.get(file);
  return isObject(value) ? { doc: { file: file!, value }, node: value } : undefined;
}

/** The property a dotted field names (`a.b` reaches into nested objects, as the renderer's valueAt does). */
function fieldOf(index: SchemaIndex, start: SchemaNode, field: string): SchemaNode | undefined {
  let node: SchemaNode | undefined = start;
  for (const part of field.split('.')) {
    node = node && findProperty(index, node, part);
    if (!node) return undefined;
  }
  return node;
}

const listed = (names: string[]): string => names.join(', ') || 'none';

/** The rows a list of columns shows: the entity's, or the items of one of its array fields. */
function rowsOf(index: SchemaIndex, project: Project, entityFile: string | undefined, itemsOf: string | undefined): SchemaNode | undefined {
  const entity = rootOf(project, entityFile);
  if (!entity || itemsOf === undefined) return entity;
  const field = fieldOf(index, entity, itemsOf);
  return field && findItems(index, field);
}

function checkMoneyColumns(project: Project, index: SchemaIndex): Problem[] {
  const problems: Problem[] = [];
  for (const screen of screensOf(project)) {
    const record = isObject(screen.value.record) ? rootOf(project, stringAt(screen.value.record, 'entitySchema')) : undefined;
    for (const list of columnListsOf(screen)) {
      const rows = rowsOf(index, project, list.entityFile, list.itemsOf);
      for (const { value: column, index: i } of objectsAt(list.owner, list.key)) {
        if (column.format !== 'money' && column.format !== 'usage') continue;
        const at = pointer(list.ownerPath, list.key, i);
        const currencyField = stringAt(column, 'currencyField');
        if (currencyField === undefined) {
          if (column.format === 'money') problems.push(problem(SCREENS_FILE, at, `the money column "${String(column.field)}" needs a "currencyField" (the row field holding the currency code, or record.<field>): without it the amount is shown with no currency`));
          continue;
        }
        const onRecord = currencyField.startsWith(RECORD_PREFIX);
        const target = onRecord ? record : rows;
        const name = onRecord ? currencyField.slice(RECORD_PREFIX.length) : currencyField;
        if (onRecord && !isObject(screen.value.record)) {
          problems.push(problem(SCREENS_FILE, pointer(at, 'currencyField'), `"${currencyField}" reads the screen's record, but the screen has no "record": the amount is shown with no currency`));
          continue;
        }
        const recordFile = isObject(screen.value.record) ? stringAt(screen.value.record, 'entitySchema') : undefined;
        const where = onRecord ? `the screen's record (${recordFile})` : list.itemsOf !== undefined ? `the items of "${list.itemsOf}" in ${list.entityFile}` : list.entityFile;
        if (!target || fieldOf(index, target, name)) continue;
        problems.push(problem(SCREENS_FILE, pointer(at, 'currencyField'), `"${currencyField}" is not a field of ${where} (the amount would be shown with no currency); fields: ${listed(propertyNames(index, target))}`));
      }
    }
  }
  return problems;
}

/** Every ui hint that shows the money input, with its keys (property names, "items") from the form's root. */
function moneyHints(ui: unknown, keys: string[], found: { keys: string[]; hint: JsonObject }[]): void {
  if (!isObject(ui)) return;
  if (ui['ui:widget'] === 'money') found.push({ keys, hint: ui });
  for (const [key, value] of Object.entries(ui)) if (!key.startsWith('ui:')) moneyHints(value, [...keys, key], found);
}

function checkMoneyWidgets(project: Project, index: SchemaIndex): Problem[] {
  const problems: Problem[] = [];
  for (const [file, ui] of project.schemaFiles) {
    if (!isUiSchemaFile(file)) continue;
    const schemaFile = file.replace(/\.ui\.json$/, '.json');
    const form = rootOf(project, schemaFile);
    const found: { keys: string[]; hint: JsonObject }[] = [];
    moneyHints(ui, [], found);
    for (const { keys, hint } of found) {
      const options = isObject(hint['ui:options']) ? hint['ui:options'] : {};
      const at = pointer('', ...keys);
      if (!CURRENCY_SOURCES.some((key) => typeof options[key] === 'string')) {
        problems.push(problem(file, at, 'the money input needs its currency in "ui:options": "currencyField" (the form field holding the currency code), "accountField" (the field holding the account) or a fixed "currency"; without one it silently shows PLN'));
        continue;
      }
      // the money input reads the named field of the whole form's data, so it is a field at the form's root
      for (const key of ['currencyField', 'accountField'] as const) {
        const name = options[key];
        if (typeof name !== 'string' || !form || findProperty(index, form, name)) continue;
        problems.push(problem(file, pointer(at, 'ui:options', key), `"${name}" is not a field of ${schemaFile} (the money input would show PLN instead); fields: ${listed(propertyNames(index, form))}`));
      }
    }
  }
  return problems;
}

/** The route a path matches, segment by segment (`:name` takes any one segment). */
function sameRoute(a: string, b: string): boolean {
  const left = a.split('?')[0].split('/').filter(Boolean);
  const right = b.split('?')[0].split('/').filter(Boolean);
  return left.length === right.length && left.every((part, i) => part === right[i] || part.startsWith(':') || right[i].startsWith(':'));
}

function checkTables(project: Project, index: SchemaIndex): Problem[] {
  const problems: Problem[] = [];
  const screens = screensOf(project);
  for (const { value: screen, path } of screens) {
    const entityFile = stringAt(screen, 'entitySchema');
    const entity = rootOf(project, entityFile);
    // the server's list orders by the fields it answers (src/server/toolkit/fields.ts, list.ts), at most the entity's:
    // a field the entity lacks is reported here, without the server; one it has but the list leaves out, by
    // checkDefaultOrder.ts against the built server's list
    const order = isObject(screen.defaultOrder) ? stringAt(screen.defaultOrder, 'field') : undefined;
    if (screen.kind === 'table' && entity && order !== undefined && !findProperty(index, entity, order)) {
      problems.push(problem(SCREENS_FILE, pointer(path, 'defaultOrder', 'field'), `"${order}" is not a sortable field of ${entityFile} (the list would fail with 400); sortable: ${listed(propertyNames(index, entity))}`));
    }
    for (const list of ACTION_LISTS) {
      for (const { value: action, index: i } of objectsAt(screen, list)) {
        const at = pointer(path, list, i);
        const when = isObject(action.when) ? stringAt(action.when, 'field') : undefined;
        if (list === 'rowActions' && entity && when !== undefined && !fieldOf(index, entity, when)) {
          problems.push(problem(SCREENS_FILE, pointer(at, 'when', 'field'), `"${when}" is not a field of ${entityFile}'s rows, so the action "${String(action.id)}" would never show; fields: ${listed(propertyNames(index, entity))}`));
        }
        const route = stringAt(action, 'route');
        if (route === undefined || !isObject(action.filter)) continue;
        const targets = screens.filter(({ value }) => value.kind === 'table' && typeof value.route === 'string' && sameRoute(value.route, route));
        for (const key of Object.keys(action.filter)) {
          const missing = targets.filter(({ value }) => {
            if (stringsAt(value, 'scopeFilters').some((s) => s.value === key)) return false;
            const filters = rootOf(project, stringAt(value, 'filterSchema'));
            return !filters || !findProperty(index, filters, key);
          });
          for (const { value: target, path: targetPath } of missing) {
            const filterFile = stringAt(target, 'filterSchema');
            const filters = rootOf(project, filterFile);
            const known = filters ? `${filterFile} has: ${listed(propertyNames(index, filters))}` : 'it has no filterSchema';
            problems.push(problem(SCREENS_FILE, pointer(at, 'filter', key), `"${key}" is not a filter of the list at ${route} (${SCREENS_FILE} ${targetPath}), which would refuse or ignore it; ${known}`));
          }
        }
      }
    }
  }
  return problems;
}

export function checkScreenFields(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  return [...checkMoneyColumns(project, index), ...checkMoneyWidgets(project, index), ...checkTables(project, index)];
}
