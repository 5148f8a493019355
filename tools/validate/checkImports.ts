// The spreadsheet imports' descriptors (schemas/imports/<kind>.json, read by src/server/imports/table.ts): each names
// an existing form schema, its columns fill properties of that form, read by a known kind, with titles both
// languages have, and every property the form requires has a column (else no file could pass).
import type { ColumnKind } from '../../src/shared/imports.ts';
import { languagesMissing } from './locales.ts';
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { isImportFile, type Project } from './project.ts';

const KINDS: readonly ColumnKind[] = ['text', 'phone', 'amount', 'date', 'endDate', 'currency'];

export function checkImports(project: Project): Problem[] {
  const found: Problem[] = [];
  for (const [file, doc] of project.schemaFiles) {
    if (!isImportFile(file)) continue;
    if (!isObject(doc) || typeof doc.form !== 'string' || !Array.isArray(doc.columns)) {
      found.push(problem(file, '', 'must be an object with "form" (a schema file) and "columns" (a list)'));
      continue;
    }
    const form = project.schemaFiles.get(doc.form);
    if (!isObject(form) || !isObject(form.properties)) {
      found.push(problem(file, '/form', `${doc.form} is not a form schema of this project`));
      continue;
    }
    const properties = form.properties;
    const seen = new Set<string>();
    doc.columns.forEach((column: unknown, i: number) => {
      const at = pointer('/columns', i);
      if (!isObject(column) || typeof column.field !== 'string') {
        found.push(problem(file, at, 'a column is an object naming its "field"'));
        return;
      }
      const field = column.field;
      if (!Object.hasOwn(properties, field)) found.push(problem(file, pointer(at, 'field'), `"${field}" is not a property of ${doc.form}`));
      if (seen.has(field)) found.push(problem(file, pointer(at, 'field'), `"${field}" has a column already`));
      seen.add(field);
      if (column.kind !== undefined && !KINDS.includes(column.kind as ColumnKind)) found.push(problem(file, pointer(at, 'kind'), `must be one of ${KINDS.join(', ')}`));
      if (column.unique !== undefined && typeof column.unique !== 'boolean') found.push(problem(file, pointer(at, 'unique'), 'must be true or false'));
      if (column.example !== undefined && typeof column.example !== 'string' && typeof column.example !== 'number') found.push(problem(file, pointer(at, 'example'), 'must be a text or a number'));
      const property = properties[field];
      const title = typeof column.title === 'string' ? column.title : isObject(property) && typeof property.title === 'string' ? property.title : undefined;
      if (column.title !== undefined && typeof column.title !== 'string') found.push(problem(file, pointer(at, 'title'), 'must be a text key'));
      else if (!title) found.push(problem(file, at, `the column has no title: give it "title" or give ${doc.form} a title for "${field}"`));
      else for (const missing of languagesMissing(project, title)) found.push(problem(file, pointer(at, column.title ? 'title' : 'field'), `text "${title}" is missing in ${missing}`));
    });
    if (doc.templateNotes !== undefined) {
      if (!Array.isArray(doc.templateNotes)) found.push(problem(file, '/templateNotes', 'must be a list of text keys'));
      else
        doc.templateNotes.forEach((key: unknown, i: number) => {
          if (typeof key !== 'string') found.push(problem(file, pointer('/templateNotes', i), 'must be a text key'));
          else for (const missing of languagesMissing(project, key)) found.push(problem(file, pointer('/templateNotes', i), `text "${key}" is missing in ${missing}`));
        });
    }
    const required = Array.isArray(form.required) ? form.required.filter((name): name is string => typeof name === 'string') : [];
    for (const name of required) if (!seen.has(name) && name !== 'id' && Object.hasOwn(properties, name)) found.push(problem(file, '/columns', `${doc.form} requires "${name}": add a column for it`));
  }
  return found;
}
