// Worker thread of a spreadsheet import (see parse.ts): reads the workbook with the `xlsx` package (SheetJS 0.20.3)
// away from the server's thread, since crafted spreadsheets are a known attack surface of parsers, and under the limits the parent sets (memory through
// the worker's resource limits, time by terminating it), and hands back the chosen sheet's cells as plain values
// (src/shared/workbookRows.mjs, which the browser's check uses too).
// Plain JavaScript: a worker runs as Node loads it, without the TypeScript loader of the server or the tests.
import { parentPort } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import { workbookRows } from '../../shared/workbookRows.mjs';

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
    // In parts, each when the server's thread asks: it copies a message in one go and takes every waiting message
    // in one turn, so 50,000 rows at once, or all parts sent ahead, would hold it.
    rows = workbookRows(XLSX, new Uint8Array(bytes), { maxRows, maxText, headers });
    sent = 0;
    sendPart();
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message ? error.message : error).slice(0, 200) });
  }
});
