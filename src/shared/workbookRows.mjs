// The rows of an uploaded workbook as plain values, for the server's worker thread (src/server/imports/parseWorker.mjs)
// and the browser's Web Worker (src/client/renderer/import/importWorker.ts) alike: the `xlsx` package reads the file
// (given by the caller, so this module loads nothing), the first sheet that holds one of the import's headers is
// chosen, and only text, numbers, booleans and nulls come out, so no key of the file reaches an object.
// Plain JavaScript (with workbookRows.d.mts for its types): the server's worker runs as Node loads it.

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Whether the bytes begin as an xlsx file does: a zip archive (a CSV, HTML or an old .xls is no file of ours). */
export function looksLikeXlsx(bytes) {
  return bytes.length >= ZIP.length && ZIP.every((b, i) => bytes[i] === b);
}

/** A header as compared: case, spacing and punctuation around words ignored. */
export function headerKey(text) {
  return text.normalize('NFC').toLowerCase().replace(/[\s_*:.-]+/g, ' ').trim();
}

/** A cell's value as plain data: text, number, boolean or null (dates stay serial numbers; errors are null). */
function plain(cell) {
  if (!cell || cell.v === undefined || cell.t === 'e' || cell.t === 'z') return null;
  if (cell.t === 'n' || cell.t === 'd') return typeof cell.v === 'number' ? cell.v : null;
  if (cell.t === 'b') return Boolean(cell.v);
  return String(cell.v);
}

/** Cells a file's merged ranges may fill at most: beyond it the merges are a file made to exhaust the reader. */
const MAX_MERGED_CELLS = 1_000_000;

/**
 * A merged range's value, read where a person sees it: in every cell of the range (a header merged over two rows
 * stands on both; a program merged down several rows names each). Clipped to the rows read; `!merges` of a file
 * asking more than MAX_MERGED_CELLS is refused.
 */
function mergedValues(sheet, data, range) {
  const filled = new Map();
  let count = 0;
  for (const merge of sheet['!merges'] ?? []) {
    const value = plain((data[merge.s.r] ?? [])[merge.s.c]);
    if (value === null) continue;
    for (let r = Math.max(merge.s.r, range.s.r); r <= Math.min(merge.e.r, range.e.r); r++) {
      for (let c = Math.max(merge.s.c, 0); c <= Math.min(merge.e.c, range.e.c); c++) {
        if (++count > MAX_MERGED_CELLS) throw new Error('too many merged cells');
        filled.set(r * (range.e.c + 1) + c, value);
      }
    }
  }
  return filled;
}

/** The sheet's non-empty rows with their spreadsheet row numbers (1 = the first row). */
function readSheet(XLSX, sheet) {
  if (!sheet || !sheet['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  // Dense sheets keep their rows as the sheet's own array items in this version of the package (`!data` in later ones).
  const data = sheet['!data'] ?? sheet;
  const merged = mergedValues(sheet, data, range);
  const out = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const source = data[r] ?? [];
    const cells = [];
    for (let c = 0; c <= range.e.c; c++) cells.push(merged.get(r * (range.e.c + 1) + c) ?? plain(source[c]));
    if (cells.some((value) => value !== null && value !== '')) out.push({ row: r + 1, cells });
  }
  return out;
}

/**
 * The rows of the first sheet whose first rows hold one of `headers` (compared by headerKey), else of the first
 * sheet. Throws when the file is no workbook, or holds more than `maxText` characters of text.
 */
export function workbookRows(XLSX, bytes, { maxRows, maxText, headers }) {
  const book = XLSX.read(bytes, {
    type: 'array',
    dense: true,
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellStyles: false,
    bookVBA: false,
    // One more than the limit tells that the file has too many rows; the header may sit below a title row.
    sheetRows: maxRows + 20,
  });
  const wanted = new Set(headers);
  let chosen = null;
  for (const name of book.SheetNames) {
    const rows = readSheet(XLSX, book.Sheets[name]);
    if (!chosen) chosen = rows;
    if (rows.slice(0, 20).some((row) => row.cells.some((value) => typeof value === 'string' && wanted.has(headerKey(value))))) {
      chosen = rows;
      break;
    }
  }
  // Far more text than a real import holds would cost the receiving thread to take over: refused here.
  let text = 0;
  for (const row of chosen ?? []) for (const value of row.cells) if (typeof value === 'string') text += value.length;
  if (text > maxText) throw new Error('too much text');
  return chosen ?? [];
}
