// Loads everything the checks look at, once. Files that cannot be read or parsed are reported here and left
// out of the project, so each check sees only parsed values and a broken file is reported once.
import { API_EXAMPLES_FILE } from '../../src/server/plugins/apiExamples.ts';
import { listDirectories, listFiles, readJson, exists } from './files.ts';
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { SchemaIndex, type SchemaDoc } from './schemaIndex.ts';

export const SCREENS_FILE = 'screens.json';
export const SCREENS_SCHEMA_FILE = 'schemas/screens.schema.json';
export const PERMISSIONS_FILE = 'schemas/permissions.json';
export const WIDGET_NAMES_FILE = 'src/client/renderer/widgets/names.json';
export const FIELD_NAMES_FILE = 'src/client/renderer/form/fieldNames.json';
export const PAGE_NAMES_FILE = 'src/client/pages/names.json';
export const LOCALES_DIR = 'locales';
/** Every language must have every string; en is the reference the others are compared with. */
export const REQUIRED_LANGUAGES = ['en', 'pl'] as const;
export const DEFAULT_NAMESPACE = 'common';

export interface Screen {
  value: JsonObject;
  /** Pointer of the screen in screens.json, e.g. /screens/3. */
  path: string;
}

export interface Project {
  root: string;
  /** screens.json, when it parsed. */
  screensDoc?: unknown;
  /** Every *.json under schemas/ that parsed, by path. */
  schemaFiles: Map<string, unknown>;
  /** Every *.json under schemas/, parsed or not: a $ref to an unparsable file is not a second problem. */
  schemaPaths: Set<string>;
  permissionsDoc?: unknown;
  /** language -> namespace -> parsed file. */
  locales: Map<string, Map<string, unknown>>;
  /** Every locale file, parsed or not. */
  localeFiles: Set<string>;
  /** undefined when the registry file does not exist. */
  widgetNames?: string[];
  fieldNames?: string[];
  pageNames?: string[];
}

export function isUiSchemaFile(file: string): boolean {
  return file.endsWith('.ui.json');
}

/** The spreadsheet imports' descriptors (schemas/imports/<kind>.json): columns over a form schema, no JSON Schema. */
const IMPORTS_DIR = 'schemas/imports/';

export function isImportFile(file: string): boolean {
  return file.startsWith(IMPORTS_DIR);
}

/** The JSON Schemas under schemas/: everything but the role matrix, the ui hints, the imports' descriptors and the API's examples. */
export function isJsonSchemaFile(file: string): boolean {
  return file !== PERMISSIONS_FILE && file !== API_EXAMPLES_FILE && !isUiSchemaFile(file) && !isImportFile(file);
}

/** The parsed JSON Schemas, each with its file. */
export function jsonSchemaDocs(project: Project): SchemaDoc[] {
  return [...project.schemaFiles].filter(([file]) => isJsonSchemaFile(file)).map(([file, value]) => ({ file, value }));
}

export function loadProject(root: string): { project: Project; problems: Problem[] } {
  const problems: Problem[] = [];
  const read = (rel: string): unknown => {
    const result = readJson(root, rel);
    if (result.ok) return result.value;
    problems.push(result.problem);
    return undefined;
  };

  const screensDoc = read(SCREENS_FILE);

  const schemaFiles = new Map<string, unknown>();
  const schemaPaths = new Set(listFiles(root, 'schemas', '.json'));
  for (const file of schemaPaths) {
    const value = read(file);
    if (value !== undefined) schemaFiles.set(file, value);
  }
  if (!schemaPaths.has(PERMISSIONS_FILE)) problems.push(problem(PERMISSIONS_FILE, '', 'file does not exist'));

  const locales = new Map<string, Map<string, unknown>>();
  const localeFiles = new Set<string>();
  for (const language of listDirectories(root, LOCALES_DIR)) {
    const namespaces = new Map<string, unknown>();
    for (const file of listFiles(root, `${LOCALES_DIR}/${language}`, '.json')) {
      const namespace = file.slice(`${LOCALES_DIR}/${language}/`.length, -'.json'.length);
      if (namespace.includes('/')) continue;
      localeFiles.add(file);
      const value = read(file);
      if (value !== undefined) namespaces.set(namespace, value);
    }
    locales.set(language, namespaces);
  }
  for (const language of REQUIRED_LANGUAGES) {
    if (!locales.has(language)) problems.push(problem(`${LOCALES_DIR}/${language}`, '', 'directory does not exist'));
  }

  const readNames = (rel: string): string[] | undefined => {
    if (!exists(root, rel)) return undefined;
    const value = read(rel);
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      problems.push(problem(rel, '', 'must be an array of names'));
      return [];
    }
    const names: string[] = [];
    value.forEach((name, i) => {
      if (typeof name === 'string') names.push(name);
      else problems.push(problem(rel, pointer('', i), 'must be a name (a string)'));
    });
    return names;
  };

  const project: Project = {
    root,
    screensDoc,
    schemaFiles,
    schemaPaths,
    permissionsDoc: schemaFiles.get(PERMISSIONS_FILE),
    locales,
    localeFiles,
    widgetNames: readNames(WIDGET_NAMES_FILE),
    fieldNames: readNames(FIELD_NAMES_FILE),
    pageNames: readNames(PAGE_NAMES_FILE),
  };
  return { project, problems };
}

/** The screens that are objects; screens.json's own shape is reported by the schema check. */
export function screensOf(project: Project): Screen[] {
  const doc = project.screensDoc;
  if (!isObject(doc) || !Array.isArray(doc.screens)) return [];
  const screens: Screen[] = [];
  doc.screens.forEach((value, i) => {
    if (isObject(value)) screens.push({ value, path: pointer('', 'screens', i) });
  });
  return screens;
}

export function stringAt(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}

export function objectsAt(object: JsonObject, key: string): { value: JsonObject; index: number }[] {
  const list = object[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((value, index) => (isObject(value) ? [{ value, index }] : []));
}

export function stringsAt(object: JsonObject, key: string): { value: string; index: number }[] {
  const list = object[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((value, index) => (typeof value === 'string' ? [{ value, index }] : []));
}

export const ACTION_LISTS = ['rowActions', 'pageActions'] as const;

/** Resolves $ref between the parsed files of schemas/. */
export function schemaIndexOf(project: Project): SchemaIndex {
  const docs = [...project.schemaFiles].map(([file, value]) => ({ file, value }));
  const unparsed = new Set([...project.schemaPaths].filter((file) => !project.schemaFiles.has(file)));
  return new SchemaIndex(docs, unparsed);
}

/** A list of columns in a screen and the entity file whose fields they name (`itemsOf`: the items of that array field). */
export interface ColumnList {
  /** Pointer of the object holding `columns` (or `fields`). */
  ownerPath: string;
  owner: JsonObject;
  key: 'columns' | 'fields';
  entityFile: string | undefined;
  /** For a details screen's list: the array field of the entity whose items the columns describe. */
  itemsOf?: string;
}

/**
 * Every list of columns a screen has: a table's columns, its details row (and the lists of the item it loads) and its record; a details screen's fields and
 * the columns of its lists.
 */
export function columnListsOf(screen: Screen): ColumnList[] {
  const { value, path } = screen;
  const entityFile = stringAt(value, 'entitySchema');
  const lists: ColumnList[] = [];
  if (value.kind === 'table') {
    lists.push({ ownerPath: path, owner: value, key: 'columns', entityFile });
    if (isObject(value.rowDetails)) {
      lists.push({ ownerPath: pointer(path, 'rowDetails'), owner: value.rowDetails, key: 'columns', entityFile });
      for (const { value: list, index } of objectsAt(value.rowDetails, 'lists')) {
        lists.push({ ownerPath: pointer(path, 'rowDetails', 'lists', index), owner: list, key: 'columns', entityFile, itemsOf: stringAt(list, 'field') });
      }
    }
    if (isObject(value.record)) {
      lists.push({ ownerPath: pointer(path, 'record'), owner: value.record, key: 'columns', entityFile: stringAt(value.record, 'entitySchema') });
    }
  } else if (value.kind === 'details') {
    lists.push({ ownerPath: path, owner: value, key: 'fields', entityFile });
    for (const { value: list, index } of objectsAt(value, 'lists')) {
      lists.push({ ownerPath: pointer(path, 'lists', index), owner: list, key: 'columns', entityFile, itemsOf: stringAt(list, 'field') });
    }
  }
  return lists;
}
