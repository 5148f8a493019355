// `required` may only name properties the schema defines: the project's validator is strict about it (strictRequired)
// and refuses to compile the schema, so the route that loads it cannot be registered. A name counts as defined when
// this schema, or one it is combined with at the same level of the data (allOf, if/then, $ref, ...), lists it in
// `properties`; the compile check still catches what this looser reading lets through.
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { jsonSchemaDocs, schemaIndexOf, type Project } from './project.ts';
import { findProperty } from './schemaProps.ts';

/** Subschemas that describe the same value as their parent. */
const SAME_LEVEL_SINGLE = ['not', 'if', 'then', 'else'];
const SAME_LEVEL_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SAME_LEVEL_MAPS = ['dependentSchemas', 'dependencies'];
/** Subschemas that describe a part of the value (or, for definitions, no particular value). */
const INNER_SINGLE = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'unevaluatedItems',
  'unevaluatedProperties', 'contentSchema'];
const INNER_LISTS = ['prefixItems'];
const INNER_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'];

export function checkRequired(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const doc of jsonSchemaDocs(project)) {
    const defines = (scope: JsonObject[], name: string): boolean =>
      scope.some((node) => findProperty(index, { doc, node }, name) !== undefined);
    const visit = (node: unknown, path: string, outer: JsonObject[]): void => {
      if (!isObject(node)) return;
      const scope = [node, ...outer];
      if (Array.isArray(node.required)) {
        node.required.forEach((name, i) => {
          if (typeof name === 'string' && !defines(scope, name)) {
            problems.push(problem(doc.file, pointer(path, 'required', i), `required property "${name}" is not defined in "properties"`));
          }
        });
      }
      eachChild(node, path, SAME_LEVEL_SINGLE, SAME_LEVEL_LISTS, SAME_LEVEL_MAPS, (child, childPath) => visit(child, childPath, scope));
      eachChild(node, path, INNER_SINGLE, INNER_LISTS, INNER_MAPS, (child, childPath) => visit(child, childPath, []));
      const items = node.items;
      if (Array.isArray(items)) items.forEach((item, i) => visit(item, pointer(path, 'items', i), []));
      else visit(items, pointer(path, 'items'), []);
    };
    visit(doc.value, '', []);
  }
  return problems;
}

function eachChild(node: JsonObject, path: string, single: string[], lists: string[], maps: string[],
  visit: (child: unknown, path: string) => void): void {
  for (const key of single) visit(node[key], pointer(path, key));
  for (const key of lists) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => visit(child, pointer(path, key, i)));
  }
  for (const key of maps) {
    const map = node[key];
    if (isObject(map)) for (const [name, child] of Object.entries(map)) visit(child, pointer(path, key, name));
  }
}
