// Worker thread of a spreadsheet import (see parse.ts): reads the workbook with the `xlsx` package, which carries
// advisories for crafted files, away from the server's thread and under the limits the parent sets (memory through
// the worker's resource limits, time by terminating it), and hands back the first sheet's cells as plain values.
// Plain JavaScript: a worker runs as Node loads it, without the TypeScript loader of the server or the tests.
import { parentPort } from 'node:worker_threads';
import * as XLSX from 'xlsx';

/** A cell's value as plain data: text, number, boolean or null (dates stay serial numbers; errors are null). */
function plain(cell) {
  if (!cell || cell.v === undefined || cell.t === 'e' || cell.t === 'z') return null;
  if (cell.t === 'n' || cell.t === 'd') return typeof cell.v === 'number' ? cell.v : null;
  if (cell.t === 'b') return Boolean(cell.v);
  return String(cell.v);
}

/** Rows per message to the server's thread. */
const PART = 2_000;

/** The rows read, handed over a part at a time: the next when the server's thread asks for it. */
let rows = [];
let sent = 0;

function sendPart() {
  const part = rows.slice(sent, sent + PART);
  sent += part.length;
  parentPort.postMessage({ ok: true, rows: part, last: sent >= rows.length });
}

parentPort.on('message', (message) => {
  if (message === 'next') return sendPart();
  const { bytes, maxRows, maxText, headers } = message;
  try {
    const book = XLSX.read(new Uint8Array(bytes), {
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
    // The first sheet whose first rows hold one of the expected headers; else the first sheet.
    const wanted = new Set(headers);
    let chosen = null;
    for (const name of book.SheetNames) {
      const rows = readSheet(book.Sheets[name]);
      if (!chosen) chosen = rows;
      if (rows.slice(0, 20).some((row) => row.cells.some((value) => typeof value === 'string' && wanted.has(key(value))))) {
        chosen = rows;
        break;
      }
    }
    // Far more text than a real import holds would cost the server's thread to take over: refused here.
    let text = 0;
    for (const row of chosen ?? []) for (const value of row.cells) if (typeof value === 'string') text += value.length;
    if (text > maxText) throw new Error('too much text');
    // In parts, each when the server's thread asks: it copies a message in one go and takes every waiting message
    // in one turn, so 50,000 rows at once, or all parts sent ahead, would hold it.
    rows = chosen ?? [];
    sent = 0;
    sendPart();
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message ? error.message : error).slice(0, 200) });
  }
});

function key(text) {
  return text.normalize('NFC').toLowerCase().replace(/[\s_*:.-]+/g, ' ').trim();
}

/** The sheet's non-empty rows with their spreadsheet row numbers (1 = the first row). */
function readSheet(sheet) {
  if (!sheet || !sheet['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  // Dense sheets keep their rows as the sheet's own array items in this version of the package (`!data` in later ones).
  const data = sheet['!data'] ?? sheet;
  const out = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const source = data[r] ?? [];
    const cells = [];
    for (let c = 0; c <= range.e.c; c++) cells.push(plain(source[c]));
    if (cells.some((value) => value !== null && value !== '')) out.push({ row: r + 1, cells });
  }
  return out;
}
