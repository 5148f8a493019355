// A JSON Schema reduced to what shapes a TypeScript type, for json-schema-to-typescript: keywords that only
// validate (formats, bounds, patterns, the project's own keywords) and titles (i18n keys here, which the generator
// would take for type names) go; $refs to other files are inlined, since the generator reads no files.
import { isObject, type JsonObject } from '../validate/problem.ts';
import type { SchemaDoc, SchemaIndex } from '../validate/schemaIndex.ts';

/** Keywords whose value is a subschema. */
const SINGLE = ['additionalProperties', 'additionalItems', 'not'];
/** Keywords whose value is a list of subschemas. */
const LISTS = ['allOf', 'anyOf', 'oneOf'];
/** Keywords whose value maps names to subschemas. */
const MAPS = ['properties', 'patternProperties', 'definitions'];
/** Keywords kept as they are: the shape and the documentation. */
const PLAIN = ['type', 'enum', 'const', 'required', 'deprecated', '$ref'];

/** A form's description is the i18n key of its help text, no comment for a type; prose is kept. */
const isProse = (text: unknown): text is string => typeof text === 'string' && /\s/.test(text.trim());

/** What a reduction read: the files it inlined from, for the staleness check. */
export interface Reading {
  index: SchemaIndex;
  sources: Set<string>;
}

export function typeSchema(doc: SchemaDoc, node: unknown, reading: Reading, inlining: readonly string[] = []): unknown {
  if (!isObject(node)) return node;
  // within a node inlined from another file, its internal $refs are inlined too: they would mean nothing here
  if (typeof node.$ref === 'string' && (inlining.length > 0 || !node.$ref.startsWith('#'))) return inlined(doc, node.$ref, reading, inlining);
  const sub = (v: unknown) => typeSchema(doc, v, reading, inlining);
  const union = discriminatedUnion(node);
  if (union) return { ...(isProse(node.description) ? { description: node.description } : {}), anyOf: union.map(sub) };
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (PLAIN.includes(key) || (key === 'description' && isProse(value))) out[key] = value;
    else if (SINGLE.includes(key)) out[key] = sub(value);
    else if (key === 'items') out[key] = Array.isArray(value) ? value.map(sub) : sub(value);
    else if (LISTS.includes(key) && Array.isArray(value)) out[key] = value.map((v) => closedBranch(sub(v)));
    else if (MAPS.includes(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sub(v)]));
  }
  return out;
}

/**
 * A branch of allOf/anyOf/oneOf that only says which properties are present (`{ required: ["a"] }`) adds nothing to
 * what its parent allows: without this the generator would give it an index signature open to any property.
 */
function closedBranch(branch: unknown): unknown {
  if (!isObject(branch) || !('properties' in branch || 'required' in branch)) return branch;
  if (['type', '$ref', 'additionalProperties', 'enum', 'const'].some((k) => k in branch)) return branch;
  return { ...branch, additionalProperties: false };
}

/** A $ref to another file: the node it names, reduced in the context of its own file. */
function inlined(doc: SchemaDoc, ref: string, reading: Reading, inlining: readonly string[]): unknown {
  const resolved = reading.index.resolve(doc, ref);
  if (!resolved.ok) throw new Error(`${doc.file}: $ref "${ref}" ${resolved.reason}`);
  const key = `${resolved.doc.file}#${ref.split('#')[1] ?? ''}`;
  if (inlining.includes(key)) throw new Error(`${doc.file}: $ref "${ref}" refers back to itself`);
  reading.sources.add(resolved.doc.file);
  return typeSchema(resolved.doc, resolved.node, reading, [...inlining, key]);
}

/**
 * `allOf: [{ if: { properties: { kind: { const: "a" } } }, then: A }, …]` over every value the discriminator's enum
 * allows, each `then` a whole shape: the value is one of the `then`s (screens.schema.json's screen). The generator
 * ignores if/then, so it is told so with an anyOf; validation keeps the if/then, whose errors name the kind's own
 * properties.
 */
function discriminatedUnion(node: JsonObject): unknown[] | undefined {
  const branches = node.allOf;
  if (!Array.isArray(branches) || branches.length === 0 || !isObject(node.properties)) return undefined;
  const thens: unknown[] = [];
  const values = new Set<unknown>();
  let discriminator: string | undefined;
  for (const branch of branches) {
    if (!isObject(branch) || !isObject(branch.if) || !isObject(branch.if.properties) || branch.else !== undefined) return undefined;
    const tested = Object.entries(branch.if.properties);
    if (tested.length !== 1 || !isObject(tested[0][1]) || !('const' in tested[0][1])) return undefined;
    if (discriminator !== undefined && discriminator !== tested[0][0]) return undefined;
    discriminator = tested[0][0];
    if (!isObject(branch.then) || typeof branch.then.$ref !== 'string' || !branch.then.$ref.startsWith('#')) return undefined;
    values.add(tested[0][1].const);
    thens.push(branch.then);
  }
  const own = discriminator === undefined ? undefined : node.properties[discriminator];
  const allowed = isObject(own) && Array.isArray(own.enum) ? own.enum : undefined;
  if (!allowed || allowed.length !== values.size || !allowed.every((v) => values.has(v))) return undefined;
  return thens;
}
