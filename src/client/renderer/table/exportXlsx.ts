// "Export to xlsx": every row of the table's current view (all pages of its filters and order), written as a sheet
// and saved by the browser. Loaded only when the button is pressed, and it loads the xlsx library only then, so
// neither reaches a screen's start-up.
import { listAll } from '../listAll.ts';
import type { Column } from '../descriptors.ts';
import type { FormatContext, Row } from './format.ts';
import type { listRequestOf } from './listRequest.ts';
import { exportFileName, sheetData } from './exportRows.ts';

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

export async function exportTable({ request, columns, format, fileName, sheetName }: ExportInput): Promise<void> {
  const { path, params, scoped } = request;
  const { orderBy, order, options } = params;
  const [rows, XLSX] = await Promise.all([listAll<Row>(path, { orderBy, order, options }, scoped), import('xlsx')]);
  const data = sheetData(columns, rows, format);
  const sheet = XLSX.utils.aoa_to_sheet([data.header, ...data.rows], { cellDates: true });
  data.formats.forEach((numberFormat, c) => {
    if (!numberFormat) return;
    for (let r = 1; r <= data.rows.length; r += 1) {
      const target = sheet[XLSX.utils.encode_cell({ r, c })];
      if (target) target.z = numberFormat;
    }
  });
  // Wide enough for the title and the longest text of the first rows; dates and amounts by their format.
  sheet['!cols'] = data.header.map((title, c) => {
    const longest = data.formats[c] ? 19 : Math.max(0, ...data.rows.slice(0, 200).map((row) => String(row[c] ?? '').length));
    return { wch: Math.min(Math.max(title.length, longest, 10) + 2, 60) };
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, safeSheetName(sheetName));
  XLSX.writeFile(book, exportFileName(fileName.template, fileName.values), { compression: true });
}
