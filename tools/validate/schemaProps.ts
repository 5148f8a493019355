// Finds the properties an object schema allows, looking through $ref, allOf/anyOf/oneOf, if/then/else and
// schema dependencies, as a form renderer does when it shows conditional fields.
import { isObject } from './problem.ts';
import type { SchemaDoc, SchemaIndex } from './schemaIndex.ts';

export interface SchemaNode {
  doc: SchemaDoc;
  node: unknown;
}

const BRANCH_LISTS = ['allOf', 'anyOf', 'oneOf'];
const BRANCHES = ['then', 'else'];

/** The node and every schema it is combined with, each once. */
export function shapes(index: SchemaIndex, start: SchemaNode): SchemaNode[] {
  const seen = new Set<unknown>();
  const found: SchemaNode[] = [];
  const visit = ({ doc, node }: SchemaNode): void => {
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    found.push({ doc, node });
    if (typeof node.$ref === 'string') {
      const target = index.resolve(doc, node.$ref);
      if (target.ok) visit({ doc: target.doc, node: target.node });
    }
    for (const key of BRANCH_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) for (const sub of list) visit({ doc, node: sub });
    }
    for (const key of BRANCHES) visit({ doc, node: node[key] });
    for (const key of ['dependencies', 'dependentSchemas']) {
      const map = node[key];
      if (isObject(map)) for (const sub of Object.values(map)) visit({ doc, node: sub });
    }
  };
  visit(start);
  return found;
}

export function findProperty(index: SchemaIndex, start: SchemaNode, name: string): SchemaNode | undefined {
  for (const { doc, node } of shapes(index, start)) {
    if (isObject(node) && isObject(node.properties) && Object.hasOwn(node.properties, name)) {
      return { doc, node: node.properties[name] };
    }
  }
  return undefined;
}

/** The names of every property the schema declares (in any of its shapes). */
export function propertyNames(index: SchemaIndex, start: SchemaNode): string[] {
  const names = new Set<string>();
  for (const { node } of shapes(index, start)) if (isObject(node) && isObject(node.properties)) for (const name of Object.keys(node.properties)) names.add(name);
  return [...names];
}

/** The schema of the items of an array schema (the first one declared). */
export function findItems(index: SchemaIndex, start: SchemaNode): SchemaNode | undefined {
  for (const { doc, node } of shapes(index, start)) {
    if (isObject(node) && isObject(node.items)) return { doc, node: node.items };
  }
  return undefined;
}

export function findAdditionalProperties(index: SchemaIndex, start: SchemaNode): SchemaNode | undefined {
  for (const { doc, node } of shapes(index, start)) {
    if (isObject(node) && isObject(node.additionalProperties)) return { doc, node: node.additionalProperties };
  }
  return undefined;
}
