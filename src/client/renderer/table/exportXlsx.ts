// "Export to xlsx": every row of the table's current view (all pages of its filters and order), written as a sheet
// and saved by the browser. Loaded only when the button is pressed, and it loads the xlsx library only then, so
// neither reaches a screen's start-up. No cell is a formula: text that looks like one is a string cell in the Text
// format (src/shared/exportCells.ts).
import type * as XLSXModule from 'xlsx';
import { startsLikeFormula, TEXT_FORMAT } from '../../../shared/exportCells.ts';
import { listAll } from '../listAll.ts';
import type { Column } from '../descriptors.ts';
import type { FormatContext, Row } from './format.ts';
import type { listRequestOf } from './listRequest.ts';
import { exportFileName, sheetData, type SheetData } from './exportRows.ts';

export interface ExportInput {
  request: ReturnType<typeof listRequestOf>;
  columns: readonly Column[];
  format: FormatContext;
  /** The file's name: a template with `:name` and the values to fill it with (exportFileName). */
  fileName: { template: string; values: Record<string, string | undefined> };
  sheetName: string;
}

/** Sheet names are at most 31 characters, without : \ / ? * [ ]. */
function safeSheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet1';
}

/** The workbook of the rows, the xlsx library given (it is loaded only for an export). */
export function workbookOf(XLSX: typeof XLSXModule, data: SheetData, sheetName: string): XLSXModule.WorkBook {
  // Every value is data: the library writes strings as string cells, never as formulas.
  // UTC: a date cell holds the Date's UTC fields, the customer's wall clock (exportRows.ts), not the browser's.
  const sheet = XLSX.utils.aoa_to_sheet([data.header, ...data.rows], { cellDates: true, UTC: true });
  data.formats.forEach((numberFormat, c) => {
    for (let r = 1; r <= data.rows.length; r += 1) {
      const target = sheet[XLSX.utils.encode_cell({ r, c })];
      if (!target) continue;
      if (numberFormat) target.z = numberFormat;
      // Text a user typed that looks like a formula stays text when the cell is edited in a spreadsheet.
      else if (target.t === 's' && startsLikeFormula(String(target.v))) target.z = TEXT_FORMAT;
    }
  });
  // Wide enough for the title and the longest text of the first rows; dates and amounts by their format.
  sheet['!cols'] = data.header.map((title, c) => {
    const longest = data.formats[c] ? 19 : Math.max(0, ...data.rows.slice(0, 200).map((row) => String(row[c] ?? '').length));
    return { wch: Math.min(Math.max(title.length, longest, 10) + 2, 60) };
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, safeSheetName(sheetName));
  return book;
}

export async function exportTable({ request, columns, format, fileName, sheetName }: ExportInput): Promise<void> {
  const { path, params, scoped } = request;
  const { orderBy, order, options } = params;
  const [rows, XLSX] = await Promise.all([listAll<Row>(path, { orderBy, order, options }, scoped), import('xlsx')]);
  const book = workbookOf(XLSX, sheetData(columns, rows, format), sheetName);
  XLSX.writeFile(book, exportFileName(fileName.template, fileName.values), { compression: true });
}
