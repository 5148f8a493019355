// GET /api/payout/report?options&format=xlsx|csv&lang=en|pl: the payouts matching the list's filters as a download,
// with the list's columns (those of the payouts screen in screens.json, so a column added there is reported too)
// and their titles in the asked language (`lang`, else the Accept-Language header, else English). Read in
// batches along the list's index (newest first, keyset paging) and written as it is read, so a million rows
// need the memory of one batch.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { toDecimalText } from '../../../shared/money.ts';
import { toWallTime } from '../../../shared/zonedTime.ts';
import { csvStream, xlsxStream, type Cell } from '../../export/xlsxStream.ts';
import { compileList, fieldSelections, fileResponse, scoped, type AnyRow, type JsonSchema } from '../../toolkit/index.ts';
import { languageOf, textIn, type Lang } from '../../platform/texts.ts';
import { payouts, payoutsView } from './resource.ts';
import { customerTimeZone, DEFAULT_TIME_ZONE } from '../../platform/settings.ts';
import { readContext } from '../../toolkit/readContext.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BATCH = 5_000;

interface Column {
  field: string;
  title: string;
  format?: string;
  labels?: string;
  currencyField?: string;
}

const columns: Column[] = (() => {
  const screens = JSON.parse(readFileSync(path.join(ROOT, 'screens.json'), 'utf8')) as { screens: { id: string; columns?: Column[] }[] };
  const list = screens.screens.find((s) => s.id === 'payouts')?.columns ?? [];
  // The reference first as in the list; the currency beside the amount, a spreadsheet's column of its own.
  return list.flatMap((c) => (c.format === 'money' ? [c, { field: c.currencyField ?? 'currency', title: 'entities:payout.currency' }] : [c]));
})();

function cell(column: Column, row: AnyRow, lang: Lang, timeZone: string): Cell {
  const value = row[column.field];
  if (value === null || value === undefined) return null;
  switch (column.format) {
    case 'money':
      // Currency units as a number: a spreadsheet sums it.
      return Number(toDecimalText(Number(value)));
    case 'dateTime':
    case 'date':
      // A date cell (a serial in a date format) of the customer's wall-clock time, as the statement's export writes
      // dates: a spreadsheet sorts and filters it as a date. CSV writes the same wall-clock time as text.
      return { dateTime: toWallTime(value instanceof Date ? value : new Date(String(value)), timeZone) };
    case 'enum':
      return column.labels ? textIn(lang, `${column.labels}.${String(value)}`) : String(value);
    default:
      // Names and references are text: the writers never let one be a formula (src/shared/exportCells.ts).
      return typeof value === 'number' ? value : String(value);
  }
}

const querystring: JsonSchema = {
  type: 'object',
  properties: {
    options: { type: 'string', maxLength: 4000 },
    format: { type: 'string', enum: ['xlsx', 'csv'], default: 'xlsx' },
    lang: { type: 'string', enum: ['en', 'pl'] },
    customerId: { type: 'integer', minimum: 1 },
  },
  additionalProperties: false,
};

export const reportRoutes: FastifyPluginAsync = async (app) => {
  const list = compileList({ fields: payoutsView.fields, filterSchema: payouts.filters, search: payouts.search, defaultOrder: payouts.defaultOrder });
  // Only what the file shows (and the keyset's two fields) is read: a million rows are parsed field by field.
  const needed = new Set([...columns.map((c) => c.field), 'createdAt', 'id']);
  const reportFields = Object.fromEntries(Object.entries(payoutsView.fields).filter(([name]) => needed.has(name)));

  app.get<{ Querystring: { options?: string; format?: 'xlsx' | 'csv'; lang?: Lang; customerId?: number } }>(
    '/report',
    { config: { permissions: payouts.permissions.read }, schema: { querystring, response: { 200: fileResponse('The matching payouts as an xlsx workbook or a CSV file (format), newest first.') } } },
    async (request, reply) => {
      const ctx = readContext(request, request.query.customerId);
      const filters = await list.resolve(list.params({ options: request.query.options }).options ?? {}, ctx);
      const lang = languageOf(request, request.query.lang);
      const timeZone = ctx.customerId ? await customerTimeZone(ctx.db, ctx.customerId) : DEFAULT_TIME_ZONE;
      const base = list.filtered(scoped(await payoutsView.baseQuery(ctx), ctx, payoutsView), filters, ctx);
      // Validated before the first byte leaves: a bad filter is a 400, not a broken file.
      await base.clearSelect().select(sql`1`.as('one')).limit(1).execute();

      async function* batches(): AsyncGenerator<Cell[][]> {
        let after: { createdAt: Date; id: number } | null = null;
        for (;;) {
          let page = base.clearSelect().select(fieldSelections(reportFields, ctx));
          if (after) page = page.where(sql<boolean>`(payouts.created_at, payouts.id) < (${after.createdAt}, ${after.id})`);
          const rows: AnyRow[] = await page.orderBy('payouts.created_at', 'desc').orderBy('payouts.id', 'desc').limit(BATCH).execute();
          if (rows.length === 0) return;
          yield rows.map((row) => columns.map((column) => cell(column, row, lang, timeZone)));
          if (rows.length < BATCH) return;
          const last = rows[rows.length - 1];
          after = { createdAt: last.createdAt as Date, id: Number(last.id) };
        }
      }

      const format = request.query.format ?? 'xlsx';
      const header = columns.map((c) => textIn(lang, c.title));
      const day = toWallTime(new Date(), timeZone).slice(0, 10);
      const name = `${lang === 'pl' ? 'wyplaty' : 'payouts'}-${day}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('cache-control', 'no-store');
      if (format === 'csv') {
        reply.type('text/csv; charset=utf-8');
        return reply.send(Readable.from(csvStream(header, batches())));
      }
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(Readable.from(xlsxStream(textIn(lang, 'entities:payout.report'), header, batches())));
    },
  );
};
