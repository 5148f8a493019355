// The streamed workbook and CSV of reports: what a spreadsheet program reads back is what was written, headers,
// text with XML's special characters, numbers as numbers, over more batches than one.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { csvStream, xlsxStream, type Cell } from '../../src/server/export/xlsxStream.ts';

async function* batches(rows: Cell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
async function collect<T extends Buffer | string>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe('a streamed report', () => {
  const header = ['Reference', 'Recipient', 'Amount'];
  const rows: Cell[][] = Array.from({ length: 2_500 }, (_, i) => [`PO-${i}`, i % 2 ? 'Łucja <Zażółć> & "Gęś"' : 'Anna, Smith', i + 0.25]);

  it('is a workbook the xlsx package reads back exactly', async () => {
    const chunks = await collect(xlsxStream('Payouts', header, batches(rows, 1_000)));
    expect(chunks.length).toBeGreaterThan(5);
    const book = XLSX.read(Buffer.concat(chunks), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Payouts']);
    const read = XLSX.utils.sheet_to_json<Cell[]>(book.Sheets.Payouts, { header: 1 });
    expect(read[0]).toEqual(header);
    expect(read.slice(1)).toEqual(rows);
  });

  it('drops what XML cannot carry and keeps the rest, emoji included', async () => {
    const chunks = await collect(xlsxStream('Payouts', header, batches([['PO-1', 'Bell\u0007 ring 😀 \'ok\'', 1]], 1)));
    const read = XLSX.utils.sheet_to_json<Cell[]>(XLSX.read(Buffer.concat(chunks), { type: 'buffer' }).Sheets.Payouts, { header: 1 });
    expect(read[1]).toEqual(['PO-1', "Bell ring 😀 'ok'", 1]);
  });

  it('is CSV with quoting where a value needs it', async () => {
    const text = (await collect(csvStream(header, batches(rows.slice(0, 2), 1)))).join('');
    expect(text).toBe('\uFEFFReference,Recipient,Amount\r\nPO-0,"Anna, Smith",0.25\r\nPO-1,"Łucja <Zażółć> & ""Gęś""",1.25\r\n');
  });
});
