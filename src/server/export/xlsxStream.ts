// An xlsx workbook of one sheet (and, optionally, a second sheet of notes: a template's instructions) written as a stream: the rows come in batches and leave as deflated zip chunks, so
// a report of a million rows needs no more memory than one batch. Text cells are inline strings (no shared-strings
// table to hold), numbers are numbers, date and time cells date serials in a date format; a header row in bold.
// No cell is ever a formula: text that looks like one is a string cell in the Text format (src/shared/exportCells.ts).
import { csvNumber, csvText, startsLikeFormula } from '../../shared/exportCells.ts';
import { ZipWriter } from './zipStream.ts';

/** A date and time cell: the wall-clock time `YYYY-MM-DD hh:mm:ss`, written as a spreadsheet's date serial. */
interface DateTimeCell {
  dateTime: string;
}

export type Cell = string | number | null | DateTimeCell;

/** Days since 1899-12-30, the day's fraction as the time: how spreadsheets store a date. */
function dateSerial(wall: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return ms / 86_400_000 + 25_569;
}

// The cell formats of styles.xml: 0 plain, 1 the header's bold, 2 a date and time, 3 text (format 49, "@"): editing
// a formula-like text in a spreadsheet keeps it text.
const DATE_TIME_STYLE = 2;
const TEXT_STYLE = 3;

// Anything to escape or drop; most cells have nothing, and are written as they are.
const NEEDS_ESCAPING = /[<>&"'\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

const escapeXml = (text: string) =>
  // Characters XML 1.0 cannot carry are dropped; the five special ones escaped.
  !NEEDS_ESCAPING.test(text) ? text : text.replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`);

function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const columnNames: string[] = [];
function columnName(index: number): string {
  return (columnNames[index] ??= columnLetters(index));
}

function rowXml(cells: readonly Cell[], rowNumber: number, style?: number): string {
  const s = style ? ` s="${style}"` : '';
  const parts = cells.map((cell, i) => {
    const ref = `${columnName(i)}${rowNumber}`;
    if (cell === null || cell === '') return '';
    if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"${s}><v>${cell}</v></c>`;
    if (typeof cell === 'object') {
      const serial = dateSerial(cell.dateTime);
      return serial === null ? '' : `<c r="${ref}" s="${DATE_TIME_STYLE}"><v>${serial}</v></c>`;
    }
    const text = String(cell);
    const textStyle = !style && startsLikeFormula(text) ? ` s="${TEXT_STYLE}"` : s;
    return `<c r="${ref}"${textStyle} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${parts.join('')}</row>`;
}

const sheetType = (n: number) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
const contentTypes = (sheets: number) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetType(1)}${sheets > 1 ? sheetType(2) : ''}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const workbookRels = (sheets: number) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${sheets > 1 ? '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>' : ''}</Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

const sheetXml = (name: string, id: number, rel: string) => `<sheet name="${escapeXml(name.slice(0, 31))}" sheetId="${id}" r:id="${rel}"/>`;
const workbook = (sheetName: string, notes?: Notes) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetXml(sheetName, 1, 'rId1')}${notes ? sheetXml(notes.sheetName, 2, 'rId3') : ''}</sheets></workbook>`;

/** A sheet of text lines, one a row, after the data's sheet (which stays the first, the one an import reads). */
export interface Notes {
  sheetName: string;
  lines: readonly string[];
}

/** The workbook's bytes: a header row, then every batch of rows as it comes; then the notes, if any. */
export async function* xlsxStream(sheetName: string, header: readonly string[], batches: AsyncIterable<readonly Cell[][]>, notes?: Notes): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  const sheets = notes ? 2 : 1;
  yield* zip.entry('[Content_Types].xml', [contentTypes(sheets)]);
  yield* zip.entry('_rels/.rels', [ROOT_RELS]);
  yield* zip.entry('xl/workbook.xml', [workbook(sheetName, notes)]);
  yield* zip.entry('xl/_rels/workbook.xml.rels', [workbookRels(sheets)]);
  yield* zip.entry('xl/styles.xml', [STYLES]);
  async function* sheet(): AsyncGenerator<string> {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
    yield rowXml(header, 1, 1);
    let n = 1;
    for await (const rows of batches) yield rows.map((row) => rowXml(row, ++n)).join('');
    yield '</sheetData></worksheet>';
  }
  yield* zip.entry('xl/worksheets/sheet1.xml', sheet());
  if (notes) {
    const rows = notes.lines.map((line, i) => rowXml([line], i + 1)).join('');
    yield* zip.entry('xl/worksheets/sheet2.xml', [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`]);
  }
  yield zip.finish();
}

/** The same rows as CSV (RFC 4180, a BOM so spreadsheet programs read UTF-8); text that looks like a formula behind a single quote. */
export async function* csvStream(header: readonly string[], batches: AsyncIterable<readonly Cell[][]>): AsyncGenerator<string> {
  const field = (cell: Cell) => (typeof cell === 'number' ? csvNumber(cell) : typeof cell === 'object' && cell !== null ? cell.dateTime : csvText(cell));
  const line = (cells: readonly Cell[]) => cells.map(field).join(',') + '\r\n';
  yield '\uFEFF' + line(header);
  for await (const rows of batches) yield rows.map(line).join('');
}
