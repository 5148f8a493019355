// Values the configuration names that must match what the data and the server hold: a column's tones and labels
// against its field's enum, an SMS text's variable buttons against the variables the server fills, a remote
// select's label fields against the rows its list answers, and each text's {{placeholders}} across languages.
import { PAYOUT_SMS_VARIABLES } from '../../src/shared/payouts.ts';
import { CODE_SMS_VARIABLES } from '../../src/shared/sms.ts';
import { languagesMissing, leafKeys, localeFile, pluralForm, splitKey } from './locales.ts';
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { columnListsOf, isUiSchemaFile, objectsAt, REQUIRED_LANGUAGES, schemaIndexOf, screensOf, SCREENS_FILE, stringAt, stringsAt, type Project } from './project.ts';
import type { SchemaIndex } from './schemaIndex.ts';
import { findAdditionalProperties, findItems, findProperty, propertyNames, shapes, type SchemaNode } from './schemaProps.ts';
import { walkUiHints } from './uiSchema.ts';

/** "x" for a plural form "x_one", "x_few", ... */
const pluralBase = (key: string): string | undefined => pluralForm(key)?.base;

function schemaNode(project: Project, file: string | undefined): SchemaNode | undefined {
  if (file === undefined) return undefined;
  const value = project.schemaFiles.get(file);
  return isObject(value) ? { doc: { file, value }, node: value } : undefined;
}

function fieldNode(index: SchemaIndex, start: SchemaNode, field: string): SchemaNode | undefined {
  let current: SchemaNode | undefined = start;
  for (const part of field.split('.')) current = current && findProperty(index, current, part);
  return current;
}

/**
 * The values a field can hold, as the renderer prints them (String(value)); undefined for a free field. An array's
 * values are those of its items (a cell shows each).
 */
function enumValues(index: SchemaIndex, target: SchemaNode): Set<string> | undefined {
  const values = new Set<string>();
  let closed = false;
  for (const { doc, node } of shapes(index, target)) {
    if (!isObject(node)) continue;
    if (Array.isArray(node.enum)) {
      closed = true;
      for (const value of node.enum) if (value !== null) values.add(String(value));
    }
    if (Object.hasOwn(node, 'const') && node.const !== null) {
      closed = true;
      values.add(String(node.const));
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('boolean')) {
      closed = true;
      values.add('true').add('false');
    }
    if (types.includes('array') && isObject(node.items)) {
      const items = enumValues(index, { doc, node: node.items });
      if (items) {
        closed = true;
        for (const value of items) values.add(value);
      }
    }
  }
  return closed ? values : undefined;
}

function listOf(values: Iterable<string>): string {
  return [...values].map((v) => `"${v}"`).join(', ');
}

interface LabelUse {
  file: string;
  path: string;
  prefix: string;
  values: Set<string>;
  described: string;
}

/** The text group a labels prefix names, per language (undefined where it is not a group of texts). */
function labelGroup(project: Project, language: string, prefix: string): JsonObject | undefined {
  const { namespace, path: keyPath } = splitKey(prefix);
  let node: unknown = project.locales.get(language)?.get(namespace);
  for (const part of keyPath.split('.')) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? node : undefined;
}

/** A column's or a select's labels and tones against the values of the field they describe. */
function checkEnumLabels(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  const uses: LabelUse[] = [];
  for (const screen of screensOf(project)) {
    for (const { ownerPath, owner, key, entityFile, itemsOf } of columnListsOf(screen)) {
      let target = schemaNode(project, entityFile);
      let described = entityFile ?? '';
      if (target && itemsOf !== undefined) {
        const list = findProperty(index, target, itemsOf);
        target = list && findItems(index, list);
        described = `the items of "${itemsOf}" in ${entityFile}`;
      }
      if (!target) continue;
      for (const { value: column, index: i } of objectsAt(owner, key)) {
        const field = stringAt(column, 'field');
        const node = field === undefined ? undefined : fieldNode(index, target, field);
        const values = node && enumValues(index, node);
        if (!values) continue;
        const columnPath = pointer(ownerPath, key, i);
        const labels = stringAt(column, 'labels');
        if (labels !== undefined) uses.push({ file: SCREENS_FILE, path: pointer(columnPath, 'labels'), prefix: labels, values, described: `"${field}" of ${described}` });
        if (isObject(column.tones)) {
          for (const tone of Object.keys(column.tones)) {
            if (!values.has(tone)) problems.push(problem(SCREENS_FILE, pointer(columnPath, 'tones', tone), `"${tone}" is not a value of "${field}" in ${described}, so no cell ever gets this tone; its values: ${listOf(values)}`));
          }
        }
      }
    }
  }
  for (const { ui, schema } of uiFormPairs(project)) {
    const form = schemaNode(project, schema);
    if (!form) continue;
    walkUiHints(project.schemaFiles.get(ui), '', (node, at) => {
      const options = node['ui:options'];
      if (!isObject(options) || typeof options.labels !== 'string') return;
      const field = nodeAtHintPath(index, form, at);
      const values = field && enumValues(index, field);
      if (values) uses.push({ file: ui, path: pointer(at, 'ui:options', 'labels'), prefix: options.labels, values, described: `"${at.slice(1)}" of ${schema}` });
    });
  }
  for (const use of uses) {
    for (const value of use.values) {
      const missing = languagesMissing(project, `${use.prefix}.${value}`);
      if (missing.length > 0) problems.push(problem(use.file, use.path, `no label "${use.prefix}.${value}" for the value "${value}" of ${use.described} in ${missing.join(' and ')}: the raw value would show instead`));
    }
  }
  // a label the group holds for no value of any field it describes is never shown
  const byPrefix = new Map<string, Set<string>>();
  for (const use of uses) {
    const all = byPrefix.get(use.prefix) ?? new Set<string>();
    for (const value of use.values) all.add(value);
    byPrefix.set(use.prefix, all);
  }
  for (const [prefix, values] of byPrefix) {
    const { namespace, path: keyPath } = splitKey(prefix);
    for (const language of project.locales.keys()) {
      const group = labelGroup(project, language, prefix);
      if (!group) continue;
      for (const key of Object.keys(group)) {
        if (values.has(key) || typeof group[key] !== 'string') continue;
        problems.push(problem(localeFile(language, namespace), pointer('', ...keyPath.split('.'), key), `"${key}" is not a value of any field "${prefix}" labels, so it is never shown; their values: ${listOf(values)}`));
      }
    }
  }
  return problems;
}

/** The schema a ui hints path designates: property names, "items", "additionalProperties". */
function nodeAtHintPath(index: SchemaIndex, form: SchemaNode, at: string): SchemaNode | undefined {
  let current: SchemaNode | undefined = form;
  for (const part of at === '' ? [] : at.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (!current) return undefined;
    if (part === 'items') current = findItems(index, current);
    else if (part === 'additionalProperties') current = findAdditionalProperties(index, current);
    else current = findProperty(index, current, part);
  }
  return current;
}

/** ui hints with the form schema they go with: named together by a form screen or a table's filters, else x.ui.json beside x.json. */
function uiFormPairs(project: Project): { ui: string; schema: string }[] {
  const pairs = new Map<string, { ui: string; schema: string }>();
  const paired = new Set<string>();
  const add = (ui: string | undefined, schema: string | undefined): void => {
    if (ui === undefined || schema === undefined) return;
    paired.add(ui);
    pairs.set(`${ui}\n${schema}`, { ui, schema });
  };
  for (const { value: screen } of screensOf(project)) {
    if (screen.kind === 'form') add(stringAt(screen, 'uiSchema'), stringAt(screen, 'schema'));
    if (screen.kind === 'table') add(stringAt(screen, 'filterUiSchema'), stringAt(screen, 'filterSchema'));
  }
  for (const ui of project.schemaFiles.keys()) {
    if (!isUiSchemaFile(ui) || paired.has(ui)) continue;
    const sibling = ui.replace(/\.ui\.json$/, '.json');
    if (project.schemaFiles.has(sibling)) pairs.set(`${ui}\n${sibling}`, { ui, schema: sibling });
  }
  return [...pairs.values()].filter(({ ui }) => project.schemaFiles.has(ui));
}

/** The message variables the server fills: a code's (shared/sms.ts) and a payout's (shared/payouts.ts). */
const FILLED_SMS_VARIABLES: ReadonlySet<string> = new Set([...CODE_SMS_VARIABLES, ...PAYOUT_SMS_VARIABLES]);

/** Calls `visit` with the ui:options of every field that a ui hints file shows with `widget`. */
function forEachWidget(project: Project, widget: string, visit: (file: string, at: string, options: JsonObject) => void): void {
  for (const [file, value] of project.schemaFiles) {
    if (!isUiSchemaFile(file)) continue;
    walkUiHints(value, '', (node, at) => {
      const options = node['ui:options'];
      if (node['ui:widget'] === widget && isObject(options)) visit(file, at, options);
    });
  }
}

/** An SMS text's variable buttons insert only variables the server replaces: any other is sent as typed. */
function checkSmsVariables(project: Project, filled = FILLED_SMS_VARIABLES): Problem[] {
  const problems: Problem[] = [];
  forEachWidget(project, 'smsText', (file, at, options) => {
    for (const { value: name, index } of stringsAt(options, 'variables')) {
      if (!filled.has(name)) problems.push(problem(file, pointer(at, 'ui:options', 'variables', index), `the server fills no variable "${name}": the message would be sent with "{${name}}" in it; it fills ${listOf([...filled].sort())}`));
    }
  });
  return problems;
}

/** A remote select's label fields are fields of the rows its source list answers (the entity of the table listing it). */
function checkRemoteSelectLabels(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const entities = new Map<string, string>();
  for (const { value: screen } of screensOf(project)) {
    const list = isObject(screen.api) ? stringAt(screen.api, 'list') : undefined;
    const entity = stringAt(screen, 'entitySchema');
    if (screen.kind === 'table' && list !== undefined && entity !== undefined && !entities.has(list)) entities.set(list, entity);
  }
  const problems: Problem[] = [];
  forEachWidget(project, 'remoteSelect', (file, at, options) => {
    const source = stringAt(options, 'source');
    const entityFile = source === undefined ? undefined : entities.get(source);
    const entity = schemaNode(project, entityFile);
    if (!entity) return;
    const named = stringsAt(options, 'labelFields').map(({ value: field, index: i }) => ({ field, path: pointer(at, 'ui:options', 'labelFields', i) }));
    const single = stringAt(options, 'labelField');
    if (single !== undefined) named.push({ field: single, path: pointer(at, 'ui:options', 'labelField') });
    for (const { field, path: fieldPath } of named) {
      if (fieldNode(index, entity, field)) continue;
      problems.push(problem(file, fieldPath, `"${field}" is not a field of the rows ${source} answers (${entityFile}): the option would show nothing for it; fields: ${propertyNames(index, entity).join(', ')}`));
    }
  });
  return problems;
}

/** i18next's placeholders of a text: {{name}}, {{- name}}, {{name, format}}, by name. */
function placeholders(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*-?\s*([^,}]+?)\s*(?:,[^}]*)?\}\}/g)) names.add(match[1]);
  return names;
}

/** Each text has the placeholders of its English text (a plural form: of the same form, else of "other"). */
function checkPlaceholders(project: Project): Problem[] {
  const reference = REQUIRED_LANGUAGES[0];
  const base = project.locales.get(reference);
  if (!base) return [];
  const problems: Problem[] = [];
  const textAt = (node: unknown, keys: string[]): string | undefined => {
    let current = node;
    for (const key of keys) current = isObject(current) ? current[key] : undefined;
    return typeof current === 'string' ? current : undefined;
  };
  for (const [language, namespaces] of project.locales) {
    if (language === reference) continue;
    for (const [namespace, other] of namespaces) {
      const en = base.get(namespace);
      if (!isObject(en) || !isObject(other)) continue;
      for (const keys of leafKeys(other)) {
        const text = textAt(other, keys);
        if (text === undefined) continue;
        const last = keys[keys.length - 1];
        const base = pluralBase(last);
        let english = textAt(en, keys);
        if (english === undefined && base !== undefined) english = textAt(en, [...keys.slice(0, -1), `${base}_other`]);
        if (english === undefined) continue; // a key missing in one language is reported by the parity check
        const want = placeholders(english);
        const have = placeholders(text);
        const missing = [...want].filter((name) => !have.has(name));
        const extra = [...have].filter((name) => !want.has(name));
        if (missing.length === 0 && extra.length === 0) continue;
        const parts = [
          ...(missing.length > 0 ? [`lacks ${missing.map((n) => `{{${n}}}`).join(', ')}`] : []),
          ...(extra.length > 0 ? [`has ${extra.map((n) => `{{${n}}}`).join(', ')} (not in the English text)`] : []),
        ];
        problems.push(problem(localeFile(language, namespace), pointer('', ...keys), `${parts.join(' and ')}: ${localeFile(reference, namespace)} has ${[...want].map((n) => `{{${n}}}`).join(', ') || 'no placeholder'}`));
      }
    }
  }
  return problems;
}

export function checkDeclaredValues(project: Project): Problem[] {
  return [...checkEnumLabels(project), ...checkSmsVariables(project), ...checkRemoteSelectLabels(project), ...checkPlaceholders(project)];
}
