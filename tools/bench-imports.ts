// `npm run bench -- imports [N]`: a spreadsheet of N payout rows (default 50,000; the spec's five columns, each row
// one of N recipients made in SQL beforehand, a title per row), written deflated like a spreadsheet application's, then
//   - the package alone parsing it (read and rows as arrays, on the bench's thread), the median of three;
//   - the import through the real route (multipart upload, the worker's read, every row's checks, the creation of
//     the recipients, payouts, statement rows and SMS in one transaction), once, with the longest stall of the
//     server's event loop meanwhile (perf_hooks' event-loop delay histogram, 10 ms resolution).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as XLSX from 'xlsx';
import { toWallTime } from '../src/shared/zonedTime.ts';
import { xlsxStream } from '../src/server/export/xlsxStream.ts';
import { checkLedger, topUp } from '../src/server/ledger/index.ts';
import type { DatabaseHandle } from '../src/server/db/index.ts';

const HEADER = ['Phone number', 'Program name', 'Amount', 'Currency', 'End date', 'Title'];

function multipart(file: Buffer, fields: Record<string, string>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bench${Date.now()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payouts.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function importsBench(count: number, database: DatabaseHandle, app: FastifyInstance, token: string): Promise<void> {
  const db = database.db;
  const customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const account = await db
    .insertInto('accounts')
    .values({ customer_id: customer, name: 'Bench imports', currency: 'PLN', channel_type: null, transfer_type: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => topUp(trx, { accountId: account.id, amount: 1_000_000_000_000, reference: 'bench', actor: { userId: null } }));
  await db.insertInto('programs').values({ customer_id: customer, name: 'Bench import', currency: 'PLN', budget: 1_000_000_000_000, budget_interval: 'ONE_TIME', url: null, reminder_days: null, reminder_hour: null, reminder_message: null }).execute();
  await sql`INSERT INTO recipients (customer_id, external_id, first_name, last_name, email, phone_number)
    SELECT ${customer}::int, 'BI-' || g, 'Anna', 'Payee' || g, NULL, '+4879' || lpad(g::text, 7, '0') FROM generate_series(1, ${count}::int) AS g`.execute(db);
  const endDate = toWallTime(new Date(Date.now() + 30 * 86_400_000), 'Europe/Warsaw');
  const rows: (string | number)[][] = [];
  for (let i = 1; i <= count; i++) rows.push([48_790_000_000 + i, 'Bench import', 10 + (i % 500), 'PLN', endDate, `Bonus ${i % 12}`]);
  // Deflated as spreadsheet applications write them (the package's own writer compresses about 2.6 times less).
  const parts: Buffer[] = [];
  for await (const part of xlsxStream('Payouts', HEADER, (async function* () {
    yield rows;
  })()))
    parts.push(part);
  const file = Buffer.concat(parts);

  const parses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const read = XLSX.read(file, { type: 'buffer', dense: true });
    XLSX.utils.sheet_to_json(read.Sheets[read.SheetNames[0]], { header: 1, raw: true });
    parses.push(performance.now() - started);
  }
  const parse = [...parses].sort((a, b) => a - b)[1];

  const { payload, headers } = multipart(file, { accountId: String(account.id), lang: 'en' });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  // Below the step-up threshold per payout, but the file's total needs the code: asked for and given, as the panel would.
  let res = await app.inject({ method: 'POST', url: '/api/payout/fromFile', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  let body = JSON.parse(res.body) as { created?: number; authorizationRequired?: boolean };
  let codeWait = 0;
  if (body.authorizationRequired) {
    const waited = performance.now();
    const sms = await db.selectFrom('outbox').select('body').where('recipient', '=', '+48500100200').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sms.body)![1];
    codeWait = performance.now() - waited;
    const again = multipart(file, { accountId: String(account.id), lang: 'en', verificationCode: code });
    res = await app.inject({ method: 'POST', url: '/api/payout/fromFile', payload: again.payload, headers: { ...again.headers, authorization: `Bearer ${token}` } });
    body = JSON.parse(res.body) as { created?: number };
  }
  const route = performance.now() - started - codeWait;
  delay.disable();
  if (body.created !== count) throw new Error(`the import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const problems = await checkLedger(db);
  if (problems.length) throw new Error(`the ledger disagrees after the import: ${JSON.stringify(problems.slice(0, 3))}`);

  console.log(`\nPayouts import of ${count.toLocaleString('en')} rows (${(file.length / 1024 / 1024).toFixed(2)} MiB xlsx, each row a known recipient), ${database.engine}:\n`);
  console.log('| step | time |');
  console.log('|---|---|');
  console.log(`| the \`xlsx\` package alone: read and rows (median of 3) | ${(parse / 1000).toFixed(2)} s |`);
  console.log(`| the import through the route (upload, two requests for the SMS code, read in the worker, checks, creation) | ${(route / 1000).toFixed(2)} s (${(route / parse).toFixed(2)}x) |`);
  console.log(`| the server's event loop, longest stall during the import | ${(delay.max / 1e6).toFixed(0)} ms |`);
}
