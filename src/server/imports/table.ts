// An import's descriptor and form schema from the repository, and its sheet read into form bodies by the shared
// reading (src/shared/importTable.ts) with the server's texts, the event loop turning as it goes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FileError, ImportDescriptor } from '../../shared/imports.ts';
import { knownHeaders as knownHeadersOf, readRow, tableLayout, type ImportRow, type ImportSpec, type ImportTexts, type SheetRow } from '../../shared/importTable.ts';
import { Pacer } from '../platform/eventLoop.ts';
import { textIn, validationMessage, type Lang } from '../platform/texts.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export type { ImportRow } from '../../shared/importTable.ts';
export type LoadedImport = ImportSpec;

/** The server's words for an import's reading. */
const serverTexts: ImportTexts = { title: textIn, message: validationMessage };

/** schemas/imports/<name>.json with its form schema. */
export function loadImport(name: string): LoadedImport {
  const descriptor = JSON.parse(readFileSync(path.join(ROOT, 'schemas/imports', `${name}.json`), 'utf8')) as ImportDescriptor;
  const form = JSON.parse(readFileSync(path.join(ROOT, descriptor.form), 'utf8')) as LoadedImport['form'];
  return { descriptor, form };
}

/** Every header a column is known by, as compared. */
export function knownHeaders(spec: LoadedImport) {
  return knownHeadersOf(spec, serverTexts);
}

export interface ReadTable {
  rows: ImportRow[];
  errors: FileError[];
}

/** The rows of a sheet as form bodies, or the problems of its header. */
export async function readTable(spec: LoadedImport, sheet: SheetRow[], lang: Lang): Promise<ReadTable> {
  const found = tableLayout(spec, sheet, lang, serverTexts);
  if ('errors' in found) return { rows: [], errors: found.errors };
  const rows: ImportRow[] = [];
  const pace = new Pacer();
  for (const line of found.layout.data) {
    rows.push(readRow(found.layout, line));
    if (pace.due()) await pace.turn();
  }
  return { rows, errors: [] };
}
