// `npm run bench -- imports [N]`: a spreadsheet of N payout rows (default 50,000; the spec's five columns, each row
// one of N recipients made in SQL beforehand, a title per row), written deflated like a spreadsheet application's, then
// in three rounds (each its own file), medians:
//   - the package alone parsing it (read and rows as arrays, on the bench's thread);
//   - the raw SQL of the same writes (rawImportWrites: one statement) on an account of its own; the floor is the
//     parse and these writes;
//   - the import through the real route (multipart upload, the worker's read, every row's checks, the creation of
//     the recipients, payouts, statement rows and SMS in one transaction), with the longest stall of the server's
//     event loop meanwhile (perf_hooks' event-loop delay histogram, 10 ms resolution).
// The route and the raw writes take turns in going first.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as XLSX from 'xlsx';
import { toWallTime } from '../src/shared/zonedTime.ts';
import { xlsxStream } from '../src/server/export/xlsxStream.ts';
import { checkLedger, topUp } from '../src/server/ledger/index.ts';
import type { DatabaseHandle, Trx } from '../src/server/db/index.ts';

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
  // Each round its own file (the server keeps a file it has just read, recentFiles.ts), whose titles name the round.
  const fileOf = async (round: number) => {
    const rows: (string | number)[][] = [];
    for (let i = 1; i <= count; i++) rows.push([48_790_000_000 + i, 'Bench import', 10 + (i % 500), 'PLN', endDate, `Bonus ${i % 12} ${round}`]);
    // Deflated as spreadsheet applications write them (the package's own writer compresses about 2.6 times less).
    const parts: Buffer[] = [];
    for await (const part of xlsxStream('Payouts', HEADER, (async function* () {
      yield rows;
    })()))
      parts.push(part);
    return Buffer.concat(parts);
  };
  const userId = (await db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;

  /** The package alone: read and rows as arrays, on the bench's thread. */
  const parse = (file: Buffer) => {
    const read = XLSX.read(file, { type: 'buffer', dense: true });
    return XLSX.utils.sheet_to_json<unknown[]>(read.Sheets[read.SheetNames[0]], { header: 1, raw: true });
  };
  /** The floor's writes of the parsed rows, on an account of their own funded as the route's. */
  const rawWrites = async (rows: unknown[][], round: number) => {
    const made = await db.insertInto('accounts').values({ customer_id: customer, name: `Bench imports, floor ${round}`, currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => topUp(trx, { accountId: made.id, amount: 1_000_000_000_000, reference: 'bench', actor: { userId: null } }));
    const started = performance.now();
    await db.transaction().execute((trx) => rawImportWrites(trx, rows.slice(1), { customer, accountId: made.id, userId, prefix: `RAW${round}-` }));
    return performance.now() - started;
  };
  let stall = 0;
  /** The import through the route, the panel's two requests (the second with the SMS code); the wait for the code left out. */
  const viaRoute = async (file: Buffer) => {
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
    stall = Math.max(stall, delay.max / 1e6);
    if (body.created !== count) throw new Error(`the import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return route;
  };

  // Rounds of the three, the order of the route and the raw writes turned each round (the machine is shared).
  const rounds = { parse: [] as number[], write: [] as number[], floor: [] as number[], route: [] as number[] };
  let size = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const file = await fileOf(round);
    size = file.length;
    const started = performance.now();
    const rows = parse(file);
    const parsed = performance.now() - started;
    let route: number;
    let write: number;
    if (round % 2) {
      write = await rawWrites(rows, round);
      route = await viaRoute(file);
    } else {
      route = await viaRoute(file);
      write = await rawWrites(rows, round);
    }
    rounds.parse.push(parsed);
    rounds.write.push(write);
    rounds.floor.push(parsed + write);
    rounds.route.push(route);
  }
  const problems = await checkLedger(db);
  if (problems.length) throw new Error(`the ledger disagrees after the import: ${JSON.stringify(problems.slice(0, 3))}`);

  const seconds = (list: number[]) => `${(median(list) / 1000).toFixed(2)} s (${(Math.min(...list) / 1000).toFixed(2)}-${(Math.max(...list) / 1000).toFixed(2)})`;
  console.log(`\nPayouts import of ${count.toLocaleString('en')} rows (${(size / 1024 / 1024).toFixed(2)} MiB xlsx, each row a known recipient), ${database.engine}; medians of ${ROUNDS} rounds (their range):\n`);
  console.log('| step | time |');
  console.log('|---|---|');
  console.log(`| the \`xlsx\` package alone: read and rows | ${seconds(rounds.parse)} |`);
  console.log(`| the raw SQL of the same writes, one statement | ${seconds(rounds.write)} |`);
  console.log(`| the floor: the parse and the raw writes | ${seconds(rounds.floor)} |`);
  console.log(`| the import through the route (upload, two requests for the SMS code, read in the worker, checks, creation) | ${seconds(rounds.route)}: ${(median(rounds.route) / median(rounds.floor)).toFixed(2)}x the floor (rounds ${rounds.route.map((r, i) => (r / rounds.floor[i]).toFixed(2)).join(', ')}) |`);
  console.log(`| the server's event loop, longest stall during the imports | ${stall.toFixed(0)} ms |`);
}

const ROUNDS = 3;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * The floor of the import's writes: the parsed rows written by hand in one statement, on the same schema with its
 * indexes and keys. The payouts (recipient by phone number, program by name), their first status, one LOCK
 * statement row each (its own journal entry, which its foreign key needs) with the account's balances after it, and
 * the account's totals.
 */
async function rawImportWrites(trx: Trx, rows: unknown[][], to: { customer: number; accountId: number; userId: number; prefix: string }): Promise<void> {
  const column = (i: number) => rows.map((row) => String(row[i]));
  await sql`
    WITH input AS (
      SELECT * FROM unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::numeric[], ${column(4)}::timestamp[], ${column(5)}::text[])
        WITH ORDINALITY AS i(phone, program, amount, end_date, title, n)
    ),
    created AS (
      INSERT INTO payouts (customer_id, reference, status, source, account_id, program_id, recipient_id, amount, currency, title, end_date, created_by)
      SELECT ${to.customer}::int, ${to.prefix} || i.n, 'TO_COLLECT', 'FROM_FILE', ${to.accountId}::int, g.id, r.id, (i.amount * 1000)::bigint, 'PLN', i.title,
             i.end_date AT TIME ZONE 'Europe/Warsaw', ${to.userId}::int
      FROM input i
      JOIN recipients r ON r.customer_id = ${to.customer} AND r.phone_number = '+' || i.phone
      JOIN programs g ON g.customer_id = ${to.customer} AND lower(g.name) = lower(i.program)
      RETURNING id, reference, amount
    ),
    history AS (
      INSERT INTO payout_status_changes (payout_id, from_status, to_status, created_by) SELECT id, NULL, 'TO_COLLECT', ${to.userId}::int FROM created
    ),
    entries AS MATERIALIZED (SELECT *, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS entry_id FROM created),
    journal AS (INSERT INTO journal_entries (id) SELECT entry_id FROM entries),
    movements AS (
      INSERT INTO balance_updates (account_id, type, balance_change, locked_balance_change, balance_after, locked_balance_after, payout_id, reference, created_by, entry_id)
      SELECT a.id, 'LOCK', -c.amount, c.amount, a.balance - sum(c.amount) OVER w, a.locked_balance + sum(c.amount) OVER w, c.id, c.reference, ${to.userId}::int, c.entry_id
      FROM entries c CROSS JOIN accounts a WHERE a.id = ${to.accountId}::int
      WINDOW w AS (ORDER BY c.id ROWS UNBOUNDED PRECEDING)
    )
    UPDATE accounts a SET balance = a.balance - t.total, locked_balance = a.locked_balance + t.total, updated_at = now()
    FROM (SELECT sum(amount) AS total FROM created) t WHERE a.id = ${to.accountId}::int`.execute(trx);
}
