// Every JSON Schema under schemas/: meta-schema, $refs, formats and keywords, then a compile with the project's ajv.
import type AjvCore from 'ajv/dist/core.js';
import { checkAgainstMetaSchema, knowsDraftOf, normalizeMetaUri } from './metaSchemas.ts';
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { jsonSchemaDocs, schemaIndexOf, type Project } from './project.ts';
import { fileUri } from './schemaIndex.ts';
import { walkSchema } from './schemaWalk.ts';

export function checkMetaSchemas(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const { file, value } of jsonSchemaDocs(project)) {
    const result = checkAgainstMetaSchema(value);
    if (!result.known) {
      problems.push(problem(file, '/$schema', `unknown meta-schema (use draft-07: http://json-schema.org/draft-07/schema#)`));
      continue;
    }
    for (const { path, message } of result.errors) problems.push(problem(file, path, message));
  }
  return problems;
}

export function checkRefs(project: Project): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const doc of jsonSchemaDocs(project)) {
    walkSchema(doc.value, '', (node, path) => {
      if (typeof node.$ref !== 'string') return;
      const resolved = index.resolve(doc, node.$ref);
      if (!resolved.ok) problems.push(problem(doc.file, pointer(path, '$ref'), `$ref "${node.$ref}" does not resolve: ${resolved.reason}`));
    });
  }
  return problems;
}

/** Formats and keywords the project's ajv does not know would be rejected (or silently ignored) at run time. */
export function checkFormatsAndKeywords(project: Project, ajv: AjvCore): Problem[] {
  const problems: Problem[] = [];
  const formatsChecked = ajv.opts.validateFormats !== false;
  for (const { file, value } of jsonSchemaDocs(project)) {
    if (!knowsDraftOf(value)) continue;
    if (!knowsMetaSchema(ajv, value)) {
      problems.push(problem(file, '/$schema', 'the project validator (src/shared/validation/ajv.ts) does not compile this draft; use draft-07'));
      continue;
    }
    walkSchema(value, '', (node, path) => {
      for (const keyword of Object.keys(node)) {
        if (!Object.hasOwn(ajv.RULES.keywords, keyword)) problems.push(problem(file, pointer(path, keyword), `unknown keyword "${keyword}"`));
      }
      if (formatsChecked && typeof node.format === 'string' && !Object.hasOwn(ajv.formats, node.format)) {
        problems.push(problem(file, pointer(path, 'format'), `unknown format "${node.format}"`));
      }
    });
  }
  return problems;
}

function knowsMetaSchema(ajv: AjvCore, schema: unknown): boolean {
  if (!isObject(schema) || typeof schema.$schema !== 'string') return true;
  try {
    return ajv.getSchema(normalizeMetaUri(schema.$schema)) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Compiles each schema that passed the checks above, all of them registered first under their file URIs so that
 * references between files resolve as in the checks. This catches what only a compile shows (strict-mode rules,
 * bad patterns, misplaced custom keywords).
 */
// Compiling every schema is most of a run's time, and its outcome depends only on the schema files and on which
// of them are skipped: a process that validates many copies of one configuration (the validate tool's tests, the
// dev server's checks) compiles each set of schema files once.
const compiled = new Map<string, Problem[]>();
const COMPILED_KEPT = 8;

export function checkCompile(project: Project, ajv: AjvCore, alreadyReported: ReadonlySet<string>): Problem[] {
  const key = JSON.stringify([[...alreadyReported].sort(), [...jsonSchemaDocs(project)].map(({ file, value }) => [file, value])]);
  const known = compiled.get(key);
  if (known) return known.map((p) => ({ ...p }));
  const problems = compileAll(project, ajv, alreadyReported);
  if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, problems);
  return problems.map((p) => ({ ...p }));
}

function compileAll(project: Project, ajv: AjvCore, alreadyReported: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const registered = new Set<string>();
  for (const { file, value } of jsonSchemaDocs(project)) {
    if (!isObject(value) && typeof value !== 'boolean') continue;
    try {
      ajv.addSchema(value, fileUri(file), undefined, false);
      registered.add(file);
    } catch (error) {
      problems.push(problem(file, isObject(value) && '$id' in value ? '/$id' : '', `cannot be registered: ${messageOf(error)}`));
    }
  }
  for (const file of registered) {
    if (alreadyReported.has(file)) continue;
    try {
      ajv.getSchema(fileUri(file));
    } catch (error) {
      problems.push(locateCompileError(file, messageOf(error)));
    }
  }
  return problems;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** ajv names the place as `at "<uri>#<pointer>"` or `at path "#<pointer>"`; move it into the path column. */
function locateCompileError(file: string, message: string): Problem {
  const match = /\s*at (?:path )?"([^"#]*)#([^"]*)"/.exec(message);
  const text = message.replace(/^strict mode: /, '');
  if (!match) return problem(file, '', `does not compile: ${text}`);
  const where = match[1].startsWith('file:///') ? decodeURIComponent(match[1].slice('file:///'.length)) : file;
  return problem(where, match[2], `does not compile: ${text.replace(match[0], '')}`);
}
