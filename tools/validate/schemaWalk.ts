// Visits every subschema of a JSON Schema (drafts 07 to 2020-12), so checks look at schema nodes only and never
// mistake data (enum, const, default, examples) or property names for keywords.
import { isObject, pointer, type JsonObject } from './problem.ts';

const SINGLE = ['additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else',
  'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies'];

export function walkSchema(node: unknown, path: string, visit: (node: JsonObject, path: string) => void): void {
  if (!isObject(node)) return;
  visit(node, path);
  for (const key of SINGLE) walkSchema(node[key], pointer(path, key), visit);
  const items = node.items;
  if (Array.isArray(items)) items.forEach((item, i) => walkSchema(item, pointer(path, 'items', i), visit));
  else walkSchema(items, pointer(path, 'items'), visit);
  for (const key of LISTS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((item, i) => walkSchema(item, pointer(path, key, i), visit));
  }
  for (const key of MAPS) {
    const map = node[key];
    // dependencies may also hold arrays of property names; walkSchema skips anything that is not an object
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) walkSchema(sub, pointer(path, key, name), visit);
  }
}
