// The payouts report through the real app: the rows of the list's filters, with the list's columns under their
// titles in the asked language, as a workbook the xlsx package reads and as CSV; tenancy; bad filters refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Payout } from '../../src/shared/payouts.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
const options = (o: unknown) => encodeURIComponent(JSON.stringify(o));

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

async function download(query: string, token = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api/payout/report?${query}`, headers: { authorization: `Bearer ${token}` } });
  return res;
}

describe('the payouts report', () => {
  it("holds the list's rows for the filters, newest first, with the list's columns", async () => {
    const filter = { status: ['TO_COLLECT', 'SUSPENDED'] };
    const listed = (await t.request({ method: 'GET', url: `/api/payout?limit=100&options=${options(filter)}`, token: admin })).body as { items: Payout[]; numberOfRecords: number };
    expect(listed.numberOfRecords).toBeGreaterThan(0);
    const res = await download(`options=${options(filter)}&format=xlsx&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payouts-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['Reference', 'Recipient', 'Program', 'Amount', 'Currency', 'Status', 'Created', 'Available until', 'Source']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.items.map((p) => p.reference));
    const first = listed.items[0];
    expect(rows[1].slice(1, 6)).toEqual([first.recipientName, first.programName, first.amount / 1000, first.currency, first.status === 'TO_COLLECT' ? 'To collect' : 'Suspended']);
  });

  it('speaks Polish when asked, and is CSV on request', async () => {
    const res = await download(`options=${options({ status: ['CANCELLED'] })}&format=csv&lang=pl`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Numer referencyjny,Odbiorca,Program,Kwota,Waluta,Status,Utworzono,Dostępna do,Źródło');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',Anulowana,'))).toBe(true);
    // The Accept-Language header decides without `lang`.
    const pl = await t.app.inject({ method: 'GET', url: '/api/payout/report?format=csv', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'pl-PL,pl;q=0.9' } });
    expect(pl.body.replace(/^\uFEFF/, '').startsWith('Numer referencyjny')).toBe(true);
  });

  it('refuses bad filters, and holds every payout the list counts', async () => {
    expect((await download(`options=${options({ status: 'SOME' })}`)).statusCode).toBe(400);
    expect((await download('format=pdf')).statusCode).toBe(400);
    expect((await download('format=csv', 'nope')).statusCode).toBe(401);
    // Every payout the list counts, no more (the report is scoped as the list is).
    const ours = (await t.request({ method: 'GET', url: '/api/payout?limit=1', token: admin })).body.numberOfRecords;
    const lines = (await download('format=csv')).body.trim().split('\r\n');
    expect(lines.length - 1).toBe(ours);
  });
});
