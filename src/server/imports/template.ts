// The template of an import: its columns' headers in the user's language (required ones marked with an asterisk,
// which the import ignores when it reads headers) and one example row with typed cells, as an xlsx file. Made from the import's
// descriptor and form schema, so a column added there is in the template too; the descriptor's `templateNotes`, if
// any, on a second sheet.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { xlsxStream, type Cell } from '../export/xlsxStream.ts';
import { textIn, type Lang } from '../platform/texts.ts';
import { columnTitle, isRequired } from '../../shared/importTable.ts';
import type { LoadedImport } from './table.ts';

export function importTemplate(reply: FastifyReply, spec: LoadedImport, lang: Lang, fileName: string): FastifyReply {
  const header = spec.descriptor.columns.map((column) => `${textIn(lang, columnTitle(spec, column))}${isRequired(spec, column) ? ' *' : ''}`);
  // Each example as the column wants it: a date as a date cell, a number as a number, the rest (phone numbers too) as text.
  const example: Cell[] = spec.descriptor.columns.map((column) => {
    if (column.example === undefined || column.example === '') return null;
    return (column.kind === 'date' || column.kind === 'endDate') && typeof column.example === 'string' ? { dateTime: column.example } : column.example;
  });
  async function* rows() {
    yield [example];
  }
  reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
  // The notes go on a second sheet: the first stays the data an import reads, its first row the header.
  const notes = spec.descriptor.templateNotes?.length ? { sheetName: textIn(lang, 'imports:notesSheet'), lines: spec.descriptor.templateNotes.map((key) => textIn(lang, key)) } : undefined;
  return reply.send(Readable.from(xlsxStream(textIn(lang, 'imports:sheet'), header, rows(), notes)));
}
