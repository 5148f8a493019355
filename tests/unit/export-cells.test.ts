// No live formulas in a written file: text that begins with =, +, -, @, tab or carriage return is a CSV field behind a
// single quote and a string cell of a workbook (never a formula), in the streamed reports and the "Export to xlsx" of
// tables alike; numbers the product writes, negative amounts included, stay numbers.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { workbookOf } from '../../src/client/renderer/table/exportXlsx.ts';
import { csvStream, xlsxStream, type Cell } from '../../src/server/export/xlsxStream.ts';
import { csvNumber, csvText, startsLikeFormula } from '../../src/shared/exportCells.ts';

const HYPERLINK = '=HYPERLINK("http://evil.example","b")';
const FORMULA_LIKE = [HYPERLINK, '+48 601 234 567', '-2+3', '@SUM(A1)', '\tTab title', '\rReturn title'];

async function* once(rows: Cell[][]) {
  yield rows;
}
async function joined<T extends Buffer | string>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** Every cell of the first sheet: none may carry a formula. */
function cellsOf(book: XLSX.WorkBook): XLSX.CellObject[] {
  const sheet = book.Sheets[book.SheetNames[0]];
  return Object.entries(sheet)
    .filter(([key]) => !key.startsWith('!'))
    .map(([, cell]) => cell as XLSX.CellObject);
}

describe('the rule', () => {
  it('knows the six starts of a formula, and nothing else', () => {
    for (const text of FORMULA_LIKE) expect(startsLikeFormula(text)).toBe(true);
    for (const text of ['Anna Nowak', 'a=b', ' =1', "'quoted", '', '2026-11-26 10:00:00']) expect(startsLikeFormula(text)).toBe(false);
  });

  it('puts a single quote before such text in CSV, then quotes the field as RFC 4180 asks', () => {
    expect(csvText(HYPERLINK)).toBe('"\'=HYPERLINK(""http://evil.example"",""b"")"');
    expect(csvText('+48 601 234 567')).toBe("'+48 601 234 567");
    expect(csvText('-Bonus')).toBe("'-Bonus");
    expect(csvText('@once')).toBe("'@once");
    expect(csvText('\tTab title')).toBe("'\tTab title");
    expect(csvText('\rReturn title')).toBe('"\'\rReturn title"');
    expect(csvText('Anna, Nowak')).toBe('"Anna, Nowak"');
    expect(csvText('Bonus for March')).toBe('Bonus for March');
    expect(csvText(null)).toBe('');
  });

  it('writes numbers the product makes as they are: a negative amount stays a number', () => {
    expect(csvNumber(-12.5)).toBe('-12.5');
    expect(csvNumber('-0.01')).toBe('-0.01');
  });
});

describe('the streamed report', () => {
  const header = ['Reference', 'Recipient', 'Amount'];
  const rows: Cell[][] = FORMULA_LIKE.map((text, i) => [`PO-${i}`, text, i === 2 ? -12.5 : 10]);

  it('as a workbook: such text is a string cell in the Text format, never a formula; amounts are numbers', async () => {
    const bytes = Buffer.concat(await joined(xlsxStream('Payouts', header, once(rows))));
    const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellStyles: true, cellNF: true });
    expect(cellsOf(book).filter((cell) => cell.f !== undefined)).toEqual([]);
    const sheet = book.Sheets.Payouts;
    expect(FORMULA_LIKE.map((_, i) => sheet[`B${i + 2}`])).toEqual(
      [HYPERLINK, '+48 601 234 567', '-2+3', '@SUM(A1)', '\tTab title', '\rReturn title'].map((v) => expect.objectContaining({ t: 's', v, z: '@' })),
    );
    expect(sheet.C4).toMatchObject({ t: 'n', v: -12.5 });
    expect(sheet.A2).toMatchObject({ t: 's', v: 'PO-0' });
    expect(sheet.A2.z).not.toBe('@');
    // The sheet itself holds no formula element at all.
    const xml = XLSX.read(bytes, { type: 'buffer', bookFiles: true }) as unknown as { files: Record<string, { content: Uint8Array }> };
    const sheetXml = Buffer.from(xml.files['xl/worksheets/sheet1.xml'].content).toString('utf8');
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).toContain('HYPERLINK');
  });

  it('as CSV: such text behind a single quote, read back by a spreadsheet as text; amounts as numbers', async () => {
    const text = (await joined(csvStream(header, once(rows)))).join('');
    expect(text).toBe(
      '\uFEFFReference,Recipient,Amount\r\n' +
        'PO-0,"\'=HYPERLINK(""http://evil.example"",""b"")",10\r\n' +
        "PO-1,'+48 601 234 567,10\r\n" +
        "PO-2,'-2+3,-12.5\r\n" +
        "PO-3,'@SUM(A1),10\r\n" +
        "PO-4,'\tTab title,10\r\n" +
        'PO-5,"\'\rReturn title",10\r\n',
    );
    // A spreadsheet program opening it finds no formula (the xlsx package reads a CSV's `=` cells as formulas).
    const book = XLSX.read(text.replace(/^\uFEFF/, ''), { type: 'string', cellFormula: true });
    expect(cellsOf(book).filter((cell) => cell.f !== undefined)).toEqual([]);
    expect(book.Sheets.Sheet1.B2).toMatchObject({ t: 's', v: `'${HYPERLINK}` });
    expect(book.Sheets.Sheet1.C4).toMatchObject({ t: 'n', v: -12.5 });
  });
});

describe('"Export to xlsx" of a table (a statement)', () => {
  it('writes such text as string cells in the Text format, and amounts and dates as they were', () => {
    const data = {
      header: ['Date', 'Reference', 'Change of available funds (PLN)'],
      rows: [
        [new Date('2026-11-20T10:15:00.000Z'), HYPERLINK, -1.5],
        [new Date('2026-11-21T10:15:00.000Z'), '+Bonus', 2.5],
        [new Date('2026-11-22T10:15:00.000Z'), 'Demo top-up', 1234.56],
      ],
      formats: ['yyyy-mm-dd hh:mm:ss', undefined, '0.00'],
    };
    const bytes = XLSX.write(workbookOf(XLSX, data, 'Statement'), { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true });
    expect(cellsOf(book).filter((cell) => cell.f !== undefined)).toEqual([]);
    const sheet = book.Sheets.Statement;
    expect(sheet.B2).toMatchObject({ t: 's', v: HYPERLINK, z: '@' });
    expect(sheet.B3).toMatchObject({ t: 's', v: '+Bonus', z: '@' });
    expect(sheet.B4).toMatchObject({ t: 's', v: 'Demo top-up' });
    expect(sheet.B4.z).not.toBe('@');
    expect(sheet.C2).toMatchObject({ t: 'n', v: -1.5 });
    // A date cell shows the Date's UTC fields (exportRows.ts puts the customer's wall clock there), not the
    // machine's local time.
    expect(sheet.A2.w).toBe('2026-11-20 10:15:00');
  });
});
