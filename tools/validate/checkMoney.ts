// Money has at most two decimals (spec): every money property of a form carries the wholeCents keyword
// (src/shared/validation/keywords.ts), so browser and server refuse a fraction of a cent. A property is money when
// its schema reports the catalogue's amount code (errorCode INVALID_MILIBILLION_VALUE), when its ui hints show the
// money input, or when an import reads an amount cell into it.
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { isImportFile, isUiSchemaFile, jsonSchemaDocs, stringAt, type Project } from './project.ts';
import { walkSchema } from './schemaWalk.ts';

const FORMS_DIR = 'schemas/forms/';
const MISSING = 'is money: it needs "wholeCents": true (amounts are whole cents, a multiple of 10 thousandths)';

const carriesRule = (node: unknown): boolean => isObject(node) && node.wholeCents === true;

/** The schema node a ui hint path names: each key is a property, "items" the array's items. */
function schemaAt(schema: unknown, keys: string[]): { node: unknown; path: string } | undefined {
  let node = schema;
  let path = '';
  for (const key of keys) {
    if (!isObject(node)) return undefined;
    const next: unknown = key === 'items' ? node.items : isObject(node.properties) ? node.properties[key] : undefined;
    path = key === 'items' ? pointer(path, 'items') : pointer(path, 'properties', key);
    node = next;
  }
  return node === undefined ? undefined : { node, path };
}

function moneyHints(ui: unknown, keys: string[], found: string[][]): void {
  if (!isObject(ui)) return;
  if (ui['ui:widget'] === 'money') found.push(keys);
  for (const [key, value] of Object.entries(ui)) if (!key.startsWith('ui:')) moneyHints(value, [...keys, key], found);
}

export function checkMoney(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const { file, value } of jsonSchemaDocs(project)) {
    if (!file.startsWith(FORMS_DIR)) continue;
    walkSchema(value, '', (node: JsonObject, path) => {
      if (node.errorCode === 'INVALID_MILIBILLION_VALUE' && !carriesRule(node)) problems.push(problem(file, path, MISSING));
    });
  }
  for (const [file, ui] of project.schemaFiles) {
    if (!file.startsWith(FORMS_DIR) || !isUiSchemaFile(file)) continue;
    const schemaFile = file.replace(/\.ui\.json$/, '.json');
    const found: string[][] = [];
    moneyHints(ui, [], found);
    for (const keys of found) {
      const target = schemaAt(project.schemaFiles.get(schemaFile), keys);
      if (target && !carriesRule(target.node)) problems.push(problem(schemaFile, target.path, `${MISSING} (${file} shows the money input)`));
    }
  }
  for (const [file, descriptor] of project.schemaFiles) {
    if (!isImportFile(file) || !isObject(descriptor) || !Array.isArray(descriptor.columns)) continue;
    const form = stringAt(descriptor, 'form');
    const schema = form === undefined ? undefined : project.schemaFiles.get(form);
    for (const column of descriptor.columns) {
      if (!isObject(column) || column.kind !== 'amount' || typeof column.field !== 'string') continue;
      const target = schemaAt(schema, [column.field]);
      if (target && !carriesRule(target.node)) problems.push(problem(form!, target.path, `${MISSING} (${file} reads an amount cell into it)`));
    }
  }
  return problems;
}
