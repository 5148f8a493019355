// The formats whose rule the browser has only once a certain input has loaded (src/shared/validation/
// browser-rule-inputs.ts): a field shown by another input is never checked in the browser, which lets any value
// through to the server's refusal. So form screens and filter forms show each such field (nested objects and array
// items included) with its input, and an import's columns fill only fields whose rule the import check brings.
import { IMPORT_CHECK_RULES, RULE_INPUTS } from '../../src/shared/validation/browser-rule-inputs.ts';
import type { DeferredRule } from '../../src/shared/validation/browser-rules.ts';
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { isImportFile, schemaIndexOf, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';
import { findProperty, shapes, type SchemaNode } from './schemaProps.ts';
import type { SchemaIndex } from './schemaIndex.ts';

function isDeferred(format: unknown): format is DeferredRule {
  return typeof format === 'string' && Object.hasOwn(RULE_INPUTS, format);
}

/** The deferred formats a schema has in any of its shapes ($ref, allOf/anyOf/oneOf, if/then/else). */
function deferredFormats(index: SchemaIndex, target: SchemaNode): Set<DeferredRule> {
  const found = new Set<DeferredRule>();
  for (const { node } of shapes(index, target)) if (isObject(node) && isDeferred(node.format)) found.add(node.format);
  return found;
}

interface DeferredField {
  /** The field's keys in ui hints: property names, "items", "additionalProperties". */
  keys: string[];
  format: DeferredRule;
}

/** Every field of a form with a deferred format, at any depth. */
function deferredFields(index: SchemaIndex, form: SchemaNode): DeferredField[] {
  const found: DeferredField[] = [];
  const onPath = new Set<unknown>();
  const visit = (target: SchemaNode, keys: string[]): void => {
    // a schema that holds itself (through $ref) has no end
    if (onPath.has(target.node)) return;
    onPath.add(target.node);
    for (const format of deferredFormats(index, target)) found.push({ keys, format });
    for (const { doc, node } of shapes(index, target)) {
      if (!isObject(node)) continue;
      if (isObject(node.properties)) for (const [name, child] of Object.entries(node.properties)) visit({ doc, node: child }, [...keys, name]);
      for (const key of ['items', 'additionalProperties']) if (isObject(node[key])) visit({ doc, node: node[key] }, [...keys, key]);
    }
    onPath.delete(target.node);
  };
  visit(form, []);
  return found;
}

function widgetAt(uiHints: unknown, keys: string[]): unknown {
  let node = uiHints;
  for (const key of keys) node = isObject(node) ? node[key] : undefined;
  return isObject(node) ? node['ui:widget'] : undefined;
}

const BRINGS = 'which brings the format\'s rule to the browser: with another input the form lets any value through, and only the server refuses it';

/** A form's schema and ui hints as a screen names them; `hintsKey` is the key that would name the hints. */
function checkForm(project: Project, index: SchemaIndex, screenPath: string, schemaKey: string, schemaFile: string, hintsKey: string, hintsFile: string | undefined): Problem[] {
  const value = project.schemaFiles.get(schemaFile);
  if (!isObject(value)) return [];
  // hints that are missing or do not parse are reported by the checks that read them
  if (hintsFile !== undefined && !project.schemaFiles.has(hintsFile)) return [];
  const hints = hintsFile === undefined ? undefined : project.schemaFiles.get(hintsFile);
  const problems: Problem[] = [];
  for (const { keys, format } of deferredFields(index, { doc: { file: schemaFile, value }, node: value })) {
    const input = RULE_INPUTS[format];
    const widget = widgetAt(hints, keys);
    if (widget === input) continue;
    const at = pointer('', ...keys);
    if (hintsFile === undefined) {
      problems.push(problem(SCREENS_FILE, pointer(screenPath, schemaKey), `the "${format}" field ${at || '/'} of ${schemaFile} must use the "${input}" input, ${BRINGS}; name a ${hintsKey} giving it "ui:widget": "${input}"`));
    } else {
      const other = typeof widget === 'string' ? `, not "${widget}"` : '';
      problems.push(problem(hintsFile, at, `a "${format}" field must use the "${input}" input ("ui:widget": "${input}"${other}), ${BRINGS}`));
    }
  }
  return problems;
}

function checkImport(project: Project, index: SchemaIndex, file: string, doc: unknown): Problem[] {
  if (!isObject(doc) || typeof doc.form !== 'string' || !Array.isArray(doc.columns)) return [];
  const form = project.schemaFiles.get(doc.form);
  if (!isObject(form)) return [];
  const formNode: SchemaNode = { doc: { file: doc.form, value: form }, node: form };
  const problems: Problem[] = [];
  doc.columns.forEach((column: unknown, i: number) => {
    const field = isObject(column) ? stringAt(column, 'field') : undefined;
    const property = field === undefined ? undefined : findProperty(index, formNode, field);
    if (!property) return;
    for (const format of deferredFormats(index, property)) {
      if (IMPORT_CHECK_RULES.includes(format)) continue;
      const brought = IMPORT_CHECK_RULES.map((rule) => `"${rule}"`).join(', ') || 'none';
      problems.push(problem(file, pointer('/columns', i, 'field'), `"${field}" has the format "${format}", whose rule the import page's check of a file does not bring (it brings ${brought}): the browser would pass any value, and only the server refuse it`));
    }
  });
  return problems;
}

export function checkRuleInputs(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const { value: screen, path } of screensOf(project)) {
    const schema = stringAt(screen, 'schema');
    const filterSchema = stringAt(screen, 'filterSchema');
    if (screen.kind === 'form' && schema !== undefined) problems.push(...checkForm(project, index, path, 'schema', schema, 'uiSchema', stringAt(screen, 'uiSchema')));
    if (screen.kind === 'table' && filterSchema !== undefined) {
      problems.push(...checkForm(project, index, path, 'filterSchema', filterSchema, 'filterUiSchema', stringAt(screen, 'filterUiSchema')));
    }
  }
  for (const [file, doc] of project.schemaFiles) if (isImportFile(file)) problems.push(...checkImport(project, index, file, doc));
  return problems;
}
