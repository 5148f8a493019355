// The browser checks a form or a filter with validators precompiled at build time (tools/validators), which know
// only the catalogue's formats (src/shared/validation/formats.ts); the server's ajv also knows ajv-formats' standard
// ones (uri, uuid, ipv4, ...). A form schema naming one of those would pass the server's checks here and then fail
// the build, so every format a browser-validated schema reaches (through $ref into other files too) must be the
// catalogue's.
import { formats } from '../../src/shared/validation/formats.ts';
import { isValidatedSchema } from '../validators/generate.ts';
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { schemaIndexOf, type Project } from './project.ts';
import type { SchemaDoc, SchemaIndex } from './schemaIndex.ts';

/** Keywords whose values are data, not schemas. */
const VALUES = new Set(['enum', 'const', 'default', 'examples', '$ref']);

function formatsReached(index: SchemaIndex, root: SchemaDoc): { at: string; format: string }[] {
  const found: { at: string; format: string }[] = [];
  const seen = new Set<unknown>();
  // `at` is the place in the form's own file; past a $ref it stays on the $ref that leads there.
  const visit = (doc: SchemaDoc, node: unknown, at: string, throughRef: boolean): void => {
    if (!isObject(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    const deeper = (key: string) => (throughRef ? at : pointer(at, key));
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(doc, item, deeper(String(i)), throughRef));
      return;
    }
    if (typeof node.format === 'string') found.push({ at: deeper('format'), format: node.format });
    if (typeof node.$ref === 'string') {
      const target = index.resolve(doc, node.$ref);
      // the reference itself is reported by checkRefs when it does not resolve
      if (target.ok) visit(target.doc, target.node, deeper('$ref'), true);
    }
    for (const [key, value] of Object.entries(node)) if (!VALUES.has(key)) visit(doc, value, deeper(key), throughRef);
  };
  visit(root, root.value, '', false);
  return found;
}

export function checkBrowserFormats(project: Project, serverFormats: Readonly<Record<string, unknown>>): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const [file, value] of project.schemaFiles) {
    if (!isValidatedSchema(file) || !isObject(value)) continue;
    for (const { at, format } of formatsReached(index, { file, value })) {
      // a format nobody knows is reported as unknown by checkFormatsAndKeywords
      if (Object.hasOwn(formats, format) || !Object.hasOwn(serverFormats, format)) continue;
      problems.push(problem(file, at, `the format "${format}" is known to the server only: the browser's precompiled validators know the catalogue's formats (src/shared/validation/formats.ts), so the build would refuse this form`));
    }
  }
  return problems;
}
