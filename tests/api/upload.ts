// Spreadsheet uploads for the API tests: an xlsx file made with the `xlsx` package, sent as a browser sends it.
import * as XLSX from 'xlsx';

export type Sheet = (string | number | null)[][];

/** An xlsx file with the given sheets, in order (rows as arrays of cells). */
export function workbook(sheets: Record<string, Sheet>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** A multipart/form-data body as a browser sends it: the fields, then the file. */
export function multipart(file: Buffer | null, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----import${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recipients.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`));
    parts.push(file, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
