// What screens.json and the ui hints point at: schema files, entity fields, form properties, widgets, pages.
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { columnListsOf, FIELD_NAMES_FILE, isUiSchemaFile, objectsAt, PAGE_NAMES_FILE, schemaIndexOf, screensOf, SCREENS_FILE, stringAt, WIDGET_NAMES_FILE, type Project } from './project.ts';
import { findAdditionalProperties, findItems, findProperty, propertyNames, type SchemaNode } from './schemaProps.ts';
import type { SchemaIndex } from './schemaIndex.ts';
import { walkUiHints } from './uiSchema.ts';

/** The files each kind of screen names. */
const FILE_REFERENCES: Record<string, string[]> = {
  table: ['entitySchema', 'filterSchema', 'filterUiSchema'],
  form: ['schema', 'uiSchema'],
  details: ['entitySchema'],
  import: ['descriptor'],
};

export function checkReferencedFiles(project: Project): Problem[] {
  const problems: Problem[] = [];
  const check = (owner: JsonObject, ownerPath: string, key: string): void => {
    const file = stringAt(owner, key);
    if (file !== undefined && !project.schemaPaths.has(file)) {
      problems.push(problem(SCREENS_FILE, pointer(ownerPath, key), `file ${file} does not exist`));
    }
  };
  for (const { value: screen, path } of screensOf(project)) {
    const kind = String(screen.kind);
    for (const key of Object.hasOwn(FILE_REFERENCES, kind) ? FILE_REFERENCES[kind] : []) check(screen, path, key);
    if (kind === 'table' && isObject(screen.record)) check(screen.record, pointer(path, 'record'), 'entitySchema');
  }
  return problems;
}

/** A parsed schema object to look into (whatever else is wrong with it is reported by the schema checks). */
function schemaNode(project: Project, file: string | undefined): SchemaNode | undefined {
  if (file === undefined) return undefined;
  const value = project.schemaFiles.get(file);
  return isObject(value) ? { doc: { file, value }, node: value } : undefined;
}

export function checkColumnFields(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const screen of screensOf(project)) {
    for (const { ownerPath, owner, key, entityFile, itemsOf } of columnListsOf(screen)) {
      const entity = schemaNode(project, entityFile);
      if (!entity) continue;
      let target: SchemaNode | undefined = entity;
      let described = entityFile!;
      if (itemsOf !== undefined) {
        // a details screen's list: the columns name properties of the items of an array field
        const field = findProperty(index, entity, itemsOf);
        target = field && findItems(index, field);
        described = `the items of "${itemsOf}" in ${entityFile}`;
        if (!target) {
          problems.push(problem(SCREENS_FILE, pointer(ownerPath, 'field'), `field "${itemsOf}" is not an array of objects in ${entityFile}`));
          continue;
        }
      }
      for (const { value: column, index: i } of objectsAt(owner, key)) {
        const field = stringAt(column, 'field');
        if (field === undefined) continue;
        const missing = missingFieldPart(index, target, field);
        if (missing !== undefined) {
          const part = missing === field ? '' : ` (no "${missing}")`;
          problems.push(problem(SCREENS_FILE, pointer(ownerPath, key, i, 'field'), `field "${field}" is not a property of ${described}${part}`));
        }
      }
    }
  }
  return problems;
}

/** The first segment of a dotted field that the schema does not have, or undefined when all exist. */
function missingFieldPart(index: SchemaIndex, entity: SchemaNode, field: string): string | undefined {
  let current: SchemaNode = entity;
  for (const part of field.split('.')) {
    const next = findProperty(index, current, part);
    if (!next) return part;
    current = next;
  }
  return undefined;
}

/** ui hints paired with their form schema: by a form screen, otherwise by name (x.ui.json beside x.json). */
function uiPairs(project: Project): { problems: Problem[]; pairs: { ui: string; schema: string }[] } {
  const pairs = new Map<string, { ui: string; schema: string }>();
  const paired = new Set<string>();
  for (const { value: screen } of screensOf(project)) {
    const ui = stringAt(screen, 'uiSchema');
    const schema = stringAt(screen, 'schema');
    if (screen.kind !== 'form' || ui === undefined || schema === undefined) continue;
    paired.add(ui);
    pairs.set(`${ui}\n${schema}`, { ui, schema });
  }
  const problems: Problem[] = [];
  for (const ui of project.schemaFiles.keys()) {
    if (!isUiSchemaFile(ui) || paired.has(ui)) continue;
    const sibling = ui.replace(/\.ui\.json$/, '.json');
    if (project.schemaPaths.has(sibling)) pairs.set(`${ui}\n${sibling}`, { ui, schema: sibling });
    else problems.push(problem(ui, '', `no form schema for these ui hints: no form screen names this file and ${sibling} does not exist`));
  }
  return { problems, pairs: [...pairs.values()] };
}

/** Every property a uiSchema names exists in its form schema (also inside objects and array items). */
export function checkUiSchemaProperties(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const { problems, pairs } = uiPairs(project);
  for (const { ui, schema } of pairs) {
    const uiValue = project.schemaFiles.get(ui);
    const form = schemaNode(project, schema);
    if (uiValue === undefined || !form) continue;
    const visit = (node: unknown, path: string, target: SchemaNode): void => {
      if (!isObject(node)) {
        problems.push(problem(ui, path, 'must be an object of ui hints'));
        return;
      }
      for (const [key, value] of Object.entries(node)) {
        const keyPath = pointer(path, key);
        if (key === 'ui:order') {
          if (!Array.isArray(value)) continue;
          value.forEach((name, i) => {
            if (typeof name === 'string' && name !== '*' && !findProperty(index, target, name)) {
              problems.push(problem(ui, pointer(keyPath, i), `"${name}" is not a property of ${schema}`));
            }
          });
          // The form refuses to render an order that leaves a property out without "*" standing for the rest.
          if (!value.includes('*')) {
            for (const name of propertyNames(index, target)) {
              if (!value.includes(name)) problems.push(problem(ui, keyPath, `leaves out "${name}", a property of ${schema}: name it, or add "*" for the rest`));
            }
          }
          continue;
        }
        if (key === 'ui:choices') {
          if (!Array.isArray(value)) {
            problems.push(problem(ui, keyPath, 'must be a list of choices'));
            continue;
          }
          value.forEach((choice, i) => {
            const options = isObject(choice) && Array.isArray(choice.options) ? choice.options : undefined;
            if (!options) {
              problems.push(problem(ui, pointer(keyPath, i), 'must be { id, title, options: [{ label, fields }] }'));
              return;
            }
            options.forEach((option, j) => {
              const fields = isObject(option) && Array.isArray(option.fields) ? option.fields : undefined;
              if (!fields) problems.push(problem(ui, pointer(keyPath, i, 'options', j), 'must be { label, fields: [property names] }'));
              fields?.forEach((name, k) => {
                if (typeof name !== 'string' || !findProperty(index, target, name)) problems.push(problem(ui, pointer(keyPath, i, 'options', j, 'fields', k), `"${String(name)}" is not a property of ${schema}`));
              });
            });
          });
          continue;
        }
        if (key.startsWith('ui:')) continue;
        const next =
          findProperty(index, target, key) ??
          (key === 'items' ? findItems(index, target) : undefined) ??
          (key === 'additionalProperties' ? findAdditionalProperties(index, target) : undefined);
        if (next) visit(value, keyPath, next);
        else problems.push(problem(ui, keyPath, `"${key}" is not a property of ${schema}`));
      }
    };
    visit(uiValue, '', form);
  }
  return problems;
}

export function checkWidgets(project: Project): Problem[] {
  const problems: Problem[] = [];
  // "ui:widget" names a widget, "ui:field" a field (a whole object's editor, such as an amount per currency).
  const kinds = [
    { hint: 'ui:widget', what: 'widget', names: project.widgetNames, file: WIDGET_NAMES_FILE },
    { hint: 'ui:field', what: 'field', names: project.fieldNames, file: FIELD_NAMES_FILE },
  ];
  for (const [file, value] of project.schemaFiles) {
    if (!isUiSchemaFile(file)) continue;
    walkUiHints(value, '', (node, path) => {
      for (const { hint, what, names, file: namesFile } of kinds) {
        if (!Object.hasOwn(node, hint)) continue;
        const name = node[hint];
        const at = pointer(path, hint);
        const where = names ? namesFile : `${namesFile}, which does not exist`;
        if (typeof name !== 'string') problems.push(problem(file, at, `must be a ${what} name`));
        else if (!(names ?? []).includes(name)) problems.push(problem(file, at, `unknown ${what} "${name}" (not in ${where})`));
      }
    });
  }
  return problems;
}

/** Skipped while the client has no page registry. */
export function checkComponents(project: Project): Problem[] {
  if (!project.pageNames) return [];
  const registered = new Set(project.pageNames);
  const problems: Problem[] = [];
  for (const { value: screen, path } of screensOf(project)) {
    const component = stringAt(screen, 'component');
    if (screen.kind === 'custom' && component !== undefined && !registered.has(component)) {
      problems.push(problem(SCREENS_FILE, pointer(path, 'component'), `unknown page "${component}" (not in ${PAGE_NAMES_FILE})`));
    }
  }
  return problems;
}

/** `search` is the free-text filter; every other filter is named after a field of the listed entity. */
const FREE_TEXT_FILTER = 'search';

export function checkFilterFields(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const { value: screen } of screensOf(project)) {
    if (screen.kind !== 'table') continue;
    const entityFile = stringAt(screen, 'entitySchema');
    const filterFile = stringAt(screen, 'filterSchema');
    const entity = schemaNode(project, entityFile);
    const filters = schemaNode(project, filterFile);
    const properties = filters && isObject(filters.node) ? filters.node.properties : undefined;
    if (!entity || !isObject(properties)) continue;
    for (const name of Object.keys(properties)) {
      if (name === FREE_TEXT_FILTER || findProperty(index, entity, name)) continue;
      problems.push(problem(filterFile!, pointer('/properties', name), `filter "${name}" is not a property of ${entityFile}`));
    }
  }
  return problems;
}

/** The parameter names of a route: "/panel/accounts/transfer/:id?" -> ["id"]. */
function routeParams(route: string | undefined): Set<string> {
  return new Set([...(route ?? '').matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
}

/**
 * What a descriptor names by field besides its columns: a table's period and scope filters are filters of its filter
 * schema, a `record.` currency needs a record; a form's prefilled fields, account step and tabs name properties of
 * its schema, prefilled ones filled from parameters its route has.
 */
export function checkDescriptorFields(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const { value: screen, path } of screensOf(project)) {
    if (screen.kind === 'table') {
      const filterFile = stringAt(screen, 'filterSchema');
      const filters = schemaNode(project, filterFile);
      const needFilter = (name: string | undefined, at: string, what: string): void => {
        if (name === undefined) return;
        if (filterFile === undefined) problems.push(problem(SCREENS_FILE, at, `${what} "${name}" needs a filterSchema naming it`));
        else if (filters && !findProperty(index, filters, name)) problems.push(problem(SCREENS_FILE, at, `${what} "${name}" is not a property of ${filterFile}`));
      };
      if (isObject(screen.period)) needFilter(stringAt(screen.period, 'field'), pointer(path, 'period', 'field'), 'period field');
      const scope = screen.scopeFilters;
      if (Array.isArray(scope)) scope.forEach((name, i) => needFilter(typeof name === 'string' ? name : undefined, pointer(path, 'scopeFilters', i), 'scope filter'));
      if (!isObject(screen.record)) {
        for (const { value: column, index: i } of objectsAt(screen, 'columns')) {
          const currency = stringAt(column, 'currencyField');
          if (currency?.startsWith('record.')) {
            problems.push(problem(SCREENS_FILE, pointer(path, 'columns', i, 'currencyField'), `"${currency}" names the screen's record, but the screen has no "record"`));
          }
        }
      }
    }
    if (screen.kind === 'form') {
      const schemaFile = stringAt(screen, 'schema');
      const form = schemaNode(project, schemaFile);
      const params = routeParams(stringAt(screen, 'route'));
      const needProperty = (name: string, at: string): void => {
        if (form && !findProperty(index, form, name)) problems.push(problem(SCREENS_FILE, at, `"${name}" is not a property of ${schemaFile}`));
      };
      if (isObject(screen.prefill)) {
        for (const [field, param] of Object.entries(screen.prefill)) {
          const at = pointer(path, 'prefill', field);
          needProperty(field, at);
          if (typeof param === 'string' && !params.has(param)) problems.push(problem(SCREENS_FILE, at, `the route has no parameter ":${param}"`));
        }
      }
      if (isObject(screen.accountStep)) {
        const field = stringAt(screen.accountStep, 'field');
        if (field !== undefined) needProperty(field, pointer(path, 'accountStep', 'field'));
      }
      // Each tab's fields are properties of the form, each on one tab only.
      const onTab = new Map<string, number>();
      for (const { value: tab, index: t } of objectsAt(screen, 'tabs')) {
        const fields = Array.isArray(tab.fields) ? tab.fields : [];
        fields.forEach((field, i) => {
          if (typeof field !== 'string') return;
          const at = pointer(path, 'tabs', t, 'fields', i);
          needProperty(field, at);
          const first = onTab.get(field);
          if (first !== undefined) problems.push(problem(SCREENS_FILE, at, `"${field}" is already on tab ${first + 1}`));
          else onTab.set(field, t);
        });
      }
    }
  }
  return problems;
}
