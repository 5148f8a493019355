// `npm run bench -- scale [N]`: a large customer's lists at N payouts (default 10,000,000), generated in SQL:
//   - 50 customers (the demo one and 49 more), each with an account and a program, and 100,000 recipients: the demo
//     customer, the one measured, holds half of them and so half of the payouts, the others share the rest;
//   - N payouts over the last two years in every status, chunk by chunk, with the payouts' own indexes dropped
//     during the load and made again after it (as a restore does), then VACUUM ANALYZE;
//   - one account of the demo customer with 5,000,000 balance updates over the last year (its statement).
// Then, through the real routes in-process and as the raw SQL of the same statements, taken in turn (median of 15
// after 5 warm-ups): the payouts list's first page with the default order, with a status filter and with searches,
// and the account's statement; beside the payouts' raw SQL, in turn with it, the statements the list ran before
// ("before": the count through the joins for the first page and the status; for a search, its total counted to
// 10,001 rather than to LIST_TEXT_COUNT_LIMIT's 1,001); the EXPLAIN (ANALYZE, BUFFERS) of
// each raw statement (docs/query-plans.md); and the report of 1,000,000 payouts streamed over HTTP on 127.0.0.1, with
// the process's peak memory above its start.
import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../src/server/db/index.ts';
import { EXACT_COUNT_LIMIT, TEXT_COUNT_LIMIT } from '../src/shared/list-query.ts';

type Timed = (a: () => Promise<unknown>, b: () => Promise<unknown>, runs?: number, warmUps?: number) => Promise<[number, number]>;
type Db = DatabaseHandle['db'];

const RECIPIENTS = 100_000;
const CUSTOMERS = 50;
const REPORT_ROWS = 1_000_000;
const CHUNK = 250_000;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * One statement of the bulk load, without the row-by-row foreign-key checks and triggers (session_replication_role:
 * the rows are consistent by construction). The dashboard's rollups (payout_rollups) are therefore not filled: this
 * part measures lists.
 */
async function bulk(db: Db, statement: RawBuilder<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

/**
 * Runs `load` with the table's secondary indexes dropped, then makes them again from their own definitions: a
 * bulk load writes the rows once and each index is built in one sorted pass, far quicker than row by row.
 */
async function withoutIndexes(db: Db, table: string, load: () => Promise<void>): Promise<void> {
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ${table}
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  await load();
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
    for (const index of indexes.rows) await sql.raw(index.definition).execute(trx);
  });
}

async function generate(count: number, statementRows: number, db: Db, demo: number): Promise<{ statementAccount: number }> {
  // The customers, each with an account and a program; k = 0 is the demo customer.
  await sql`INSERT INTO customers (name, url) SELECT 'Scale customer ' || k, 'scale-' || k FROM generate_series(1, ${CUSTOMERS - 1}::int) AS k`.execute(db);
  await sql`CREATE TABLE scale_customers AS
    SELECT 0 AS k, ${sql.lit(demo)}::int AS customer_id UNION ALL SELECT substr(url, 7)::int, id FROM customers WHERE url LIKE 'scale-%'`.execute(db);
  await sql`ALTER TABLE scale_customers ADD COLUMN account_id int, ADD COLUMN program_id int`.execute(db);
  await sql`WITH a AS (INSERT INTO accounts (customer_id, name, currency) SELECT customer_id, 'Scale payouts', 'PLN' FROM scale_customers RETURNING id, customer_id)
    UPDATE scale_customers s SET account_id = a.id FROM a WHERE a.customer_id = s.customer_id`.execute(db);
  await sql`WITH p AS (INSERT INTO programs (customer_id, name, currency, budget, budget_interval)
      SELECT customer_id, 'Scale program', 'PLN', 1000000000000000, 'ONE_TIME' FROM scale_customers RETURNING id, customer_id)
    UPDATE scale_customers s SET program_id = p.id FROM p WHERE p.customer_id = s.customer_id`.execute(db);

  // Recipient g belongs to the demo customer when g is even, else to one of the other 49. Last names "Kowal<g>".
  await sql`INSERT INTO recipients (customer_id, external_id, first_name, last_name, email, phone_number)
    SELECT s.customer_id, 'SC-' || g, (ARRAY['Anna','Piotr','Ewa','Jan','Maria'])[1 + g % 5], 'Kowal' || g, NULL, '+4879' || lpad(g::text, 7, '0')
    FROM generate_series(1, ${RECIPIENTS}::int) AS g
    JOIN scale_customers s ON s.k = CASE WHEN g % 2 = 0 THEN 0 ELSE 1 + (g / 2) % ${CUSTOMERS - 1}::int END`.execute(db);
  await sql`CREATE TABLE scale_recipients AS
    SELECT substr(r.external_id, 4)::int AS n, r.id, s.customer_id, s.account_id, s.program_id
    FROM recipients r JOIN scale_customers s ON s.customer_id = r.customer_id WHERE r.external_id LIKE 'SC-%'`.execute(db);
  await sql`ALTER TABLE scale_recipients ADD PRIMARY KEY (n)`.execute(db);

  // Payout g goes to recipient 1 + g % 100,000; created over the last two years in id order; collected ones an hour
  // after their creation; a quarter from files.
  const spacing = (2 * 365 * 86400) / count;
  await withoutIndexes(db, 'payouts', async () => {
    for (let done = 0; done < count; done += CHUNK) {
      const n = Math.min(CHUNK, count - done);
      await bulk(db, sql`INSERT INTO payouts (customer_id, reference, status, source, account_id, program_id, recipient_id, amount, currency, title, start_date, end_date, created_at, collected_at)
        SELECT r.customer_id, 'SC-' || g, st.status, CASE WHEN g % 4 = 0 THEN 'FROM_FILE' WHEN g % 50 = 1 THEN 'API' ELSE 'MANUAL' END,
               r.account_id, r.program_id, r.id, 1000 + g % 500000, 'PLN', 'Scale payout ' || g,
               t.at, t.at + interval '30 days', t.at,
               CASE WHEN st.status IN ('COMPLETED_SUCCESSFULLY', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED') THEN t.at + interval '1 hour' END
        FROM generate_series(${done + 1}::int, ${done + n}::int) AS g
        JOIN scale_recipients r ON r.n = 1 + g % ${RECIPIENTS}::int
        CROSS JOIN LATERAL (SELECT (ARRAY['TO_COLLECT','COMPLETED_SUCCESSFULLY','CANCELLED','EXPIRED','COLLECTED_ON_PAGE','TO_COLLECT','TRANSFER_FILE_GENERATED','SUSPENDED'])[1 + (g / 3) % 8] AS status) st
        CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (${count}::int - g) * ${spacing}::float8) AS at) t`);
    }
  });
  // The accounts' blocked funds: what their open payouts hold.
  await sql`UPDATE accounts a SET locked_balance = o.total FROM (
      SELECT account_id, sum(amount) AS total FROM payouts WHERE status IN ('TO_APPROVE','TO_COLLECT','SUSPENDED','COLLECTED_ON_PAGE','TRANSFER_FILE_GENERATED') GROUP BY account_id
    ) o WHERE o.account_id = a.id`.execute(db);

  // The statement: top-ups of 2.00 and transfers out of 1.00 in turn, each row with the balances after it, one
  // journal entry each (as bench.ts's statement part), spread evenly over the last year in id order.
  const statementAccount = (await db.insertInto('accounts').values({ customer_id: demo, name: 'Scale statement', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  const step = (365 * 86400) / statementRows;
  await withoutIndexes(db, 'balance_updates', async () => {
    for (let done = 0; done < statementRows; done += CHUNK) {
      const n = Math.min(CHUNK, statementRows - done);
      await bulk(db, sql`WITH e AS MATERIALIZED (
          SELECT g, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS entry_id FROM generate_series(${done + 1}::int, ${done + n}::int) AS g
        ), j AS (INSERT INTO journal_entries (id) SELECT entry_id FROM e)
        INSERT INTO balance_updates (account_id, type, balance_change, locked_balance_change, balance_after, locked_balance_after, reference, created_at, entry_id)
        SELECT ${statementAccount}::int, CASE WHEN g % 2 = 1 THEN 'TOP_UP' ELSE 'INTERNAL' END,
               CASE WHEN g % 2 = 1 THEN 2000 ELSE -1000 END, 0, ((g::bigint + 1) / 2) * 2000 - (g::bigint / 2) * 1000, 0,
               'Scale ' || g, now() - make_interval(secs => (${statementRows}::int - g) * ${step}::float8), entry_id
        FROM e`);
    }
  });
  const balance = Math.ceil(statementRows / 2) * 2000 - Math.floor(statementRows / 2) * 1000;
  await db.updateTable('accounts').set({ balance }).where('id', '=', statementAccount).execute();
  await sql`DROP TABLE scale_recipients`.execute(db);
  await sql`DROP TABLE scale_customers`.execute(db);
  // As autovacuum would have it on a live server: statistics, and the visibility map that lets a count use an index alone.
  for (const table of ['payouts', 'recipients', 'balance_updates', 'journal_entries', 'accounts', 'programs', 'customers']) await sql`VACUUM ANALYZE ${sql.id(table)}`.execute(db);
  return { statementAccount };
}

/** The plan of a statement as PostgreSQL (or PGlite) ran it, as text. */
async function explain(db: Db, query: RawBuilder<unknown>): Promise<string> {
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${query}`.execute(db);
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
}

export async function scaleBench(count: number, database: DatabaseHandle, app: FastifyInstance, token: string, timedInTurn: Timed): Promise<void> {
  const db = database.db;
  const demo = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const started = performance.now();
  // 5,000,000 at ten million payouts; half the payouts in a smaller trial.
  const statementRows = Math.min(5_000_000, Math.ceil(count / 2));
  const { statementAccount } = await generate(count, statementRows, db, demo);
  const setup = seconds(started);
  const demoPayouts = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM payouts WHERE customer_id = ${demo}`.execute(db)).rows[0].n);

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { items: { id: number }[]; numberOfRecords: number; numberOfRecordsCapped?: true };
  };
  const options = (value: unknown) => `options=${encodeURIComponent(JSON.stringify(value))}`;

  // The raw statements of the payouts list (toolkit/list.ts: the page with the joins that add the names, and the
  // count up to one past the limit without them; the search's recipient part the customer's recipients looked up
  // first, named by their ids up to 10,000, else by the look-up as a subquery, toolkit/search.ts).
  const payoutsJoined = sql`payouts p LEFT JOIN accounts a ON a.id = p.account_id LEFT JOIN programs g ON g.id = p.program_id LEFT JOIN recipients r ON r.id = p.recipient_id`;
  const recipientsOf = (pattern: string) => sql`SELECT id FROM recipients WHERE ((first_name || ' ' || last_name) ILIKE ${pattern} OR phone_number ILIKE ${pattern}) AND customer_id = ${demo}`;
  const search = async (text: string) => {
    const words = await Promise.all(
      text.split(' ').map(async (word) => {
        const pattern = `%${word}%`;
        const ids = (await sql<{ id: number }>`${recipientsOf(pattern)} LIMIT 10001`.execute(db)).rows.map((r) => r.id);
        const recipient = ids.length <= 10_000 ? (ids.length ? sql`p.recipient_id = ANY(${ids})` : sql`false`) : sql`p.recipient_id IN (${recipientsOf(pattern)})`;
        return sql`AND (p.title ILIKE ${pattern} OR p.reference ILIKE ${pattern} OR ${recipient})`;
      }),
    );
    return sql.join(words, sql` `);
  };
  const selected = sql`p.id, p.reference, p.status, p.source, p.amount, p.currency, p.title, p.start_date, p.end_date, p.created_at, p.collected_at,
               p.account_id, a.name AS account_name, p.program_id, g.name AS program_name, p.recipient_id, r.first_name, r.last_name, r.phone_number`;
  const payoutPage = (where: RawBuilder<unknown>) =>
    sql`SELECT ${selected} FROM ${payoutsJoined} WHERE p.customer_id = ${demo} ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT 10`;
  const payoutCount = (where: RawBuilder<unknown>, upTo = EXACT_COUNT_LIMIT) =>
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM payouts p WHERE p.customer_id = ${demo} ${where} LIMIT ${upTo + 1}) m`;
  // Before: the inner joins in the count too.
  const payoutsInner = sql`payouts p JOIN accounts a ON a.id = p.account_id JOIN programs g ON g.id = p.program_id JOIN recipients r ON r.id = p.recipient_id`;
  const statementsBefore = (where: RawBuilder<unknown>) => async () => [
    sql`SELECT ${selected} FROM ${payoutsInner} WHERE p.customer_id = ${demo} ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT 10`,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${payoutsInner} WHERE p.customer_id = ${demo} ${where} LIMIT 10001) m`,
  ];
  // The statement's default period: the last month.
  const monthAgo = new Date();
  monthAgo.setUTCMonth(monthAgo.getUTCMonth() - 1);
  const statementWhere = sql`account_id = ${statementAccount} AND created_at >= ${monthAgo.toISOString()}`;
  const statementPage = sql`SELECT id, account_id, created_at, type, balance_change, locked_balance_change, balance_after, locked_balance_after, counterparty_account_id, payout_id, reference
    FROM balance_updates WHERE ${statementWhere} ORDER BY created_at DESC, id DESC LIMIT 10`;
  const statementCount = sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM balance_updates WHERE ${statementWhere} LIMIT 10001) m`;

  // A recipient's last name (its payouts and those of the 10 recipients whose numbers go on from it: 6 of the
  // customer's, 0.01 % of its payouts), a first name a fifth of the recipients have, a first and last name, a title.
  const searches = ['Kowal4242', 'Anna', 'Jan Kowal4245', 'payout 99'];
  const status = sql`AND p.status IN ('SUSPENDED')`;
  // Before, a search that matches few payouts read every payout of the customer: fewer runs of the searches, so that
  // the part stays bounded.
  // The page and the count, made as the route makes them (a search looks its recipients up first).
  type Statements = () => Promise<{ page: RawBuilder<unknown>; count: RawBuilder<unknown> }>;
  // `before` answers the same page, and the same total unless it counts further (`beforeCountsFurther`).
  type Case = { label: string; url: string; statements: Statements; before?: () => Promise<RawBuilder<unknown>[]>; beforeCountsFurther?: true; budget: number; runs?: number };
  const fixed = (where: RawBuilder<unknown>): Statements => async () => ({ page: payoutPage(where), count: payoutCount(where) });
  const cases: Case[] = [
    { label: 'payouts, first page, newest first (the default order)', url: '/api/payout', statements: fixed(sql``), before: statementsBefore(sql``), budget: 200 },
    { label: 'payouts, status Suspended', url: `/api/payout?${options({ status: ['SUSPENDED'] })}`, statements: fixed(status), before: statementsBefore(status), budget: 200 },
    ...searches.map((text) => ({
      label: `payouts, search "${text}"`,
      url: `/api/payout?${options({ search: text })}`,
      statements: async () => {
        const where = await search(text);
        return { page: payoutPage(where), count: payoutCount(where, TEXT_COUNT_LIMIT) };
      },
      before: async () => {
        const where = await search(text);
        return [payoutPage(where), payoutCount(where)];
      },
      beforeCountsFurther: true as const,
      budget: 200,
      runs: 5,
    })),
    { label: 'statement, the last month (the default period)', url: `/api/account/${statementAccount}/balanceUpdates`, statements: async () => ({ page: statementPage, count: statementCount }), budget: 100 },
  ];
  const raw = async (c: Case) => {
    const { page, count } = await c.statements();
    return Promise.all([page.execute(db), count.execute(db)]);
  };

  console.log(`\nTen million payouts: ${count.toLocaleString('en')} payouts over ${RECIPIENTS.toLocaleString('en')} recipients and ${CUSTOMERS} customers (the demo customer ${demoPayouts.toLocaleString('en')}), a statement of ${statementRows.toLocaleString('en')} balance updates, ${database.engine} (set-up ${setup}; median of 15 taken in turn with the raw SQL after 5 warm-ups, of 5 after 1 for the searches; "before" in turn with the raw SQL, as many times):\n`);
  console.log('| request (page of 10 and the total) | total answered | route | raw SQL | route / raw | before | before / raw | budget |');
  console.log('|---|---|---|---|---|---|---|---|');
  const plans: string[] = [];
  for (const c of cases) {
    let answer = await get(c.url);
    // The raw statements are the route's: the same first page.
    const [rawPage, rawCount] = await raw(c);
    const rawIds = rawPage.rows.map((r) => Number((r as { id: number }).id));
    if (JSON.stringify(rawIds) !== JSON.stringify(answer.items.map((i) => i.id))) throw new Error(`${c.label}: the raw SQL answers other rows than the route`);
    const [routeMs, rawMs] = await timedInTurn(
      async () => (answer = await get(c.url)),
      () => raw(c),
      c.runs ?? 15,
      c.runs ? 1 : 5,
    );
    let beforeCells = '— | —';
    const before = c.before;
    const beforeStatements = before ? await before() : null;
    if (before && beforeStatements) {
      // The statements of before answer the same first page and total (or one counted further).
      const [page, counted] = await Promise.all(beforeStatements.map((statement) => statement.execute(db)));
      if (JSON.stringify(page.rows.map((r) => Number((r as { id: number }).id))) !== JSON.stringify(rawIds)) throw new Error(`${c.label}: the statements of before answer other rows`);
      const rawTotal = (rawCount.rows[0] as { n: number }).n;
      const beforeTotal = (counted.rows[0] as { n: number }).n;
      if (c.beforeCountsFurther ? beforeTotal < rawTotal : beforeTotal !== rawTotal) throw new Error(`${c.label}: the count of before answers another total`);
      const [rawAgainMs, beforeMs] = await timedInTurn(
        () => raw(c),
        async () => Promise.all((await before()).map((statement) => statement.execute(db))),
        c.runs ?? 15,
        c.runs ? 1 : 5,
      );
      beforeCells = `${beforeMs.toFixed(1)} ms | ${(beforeMs / rawAgainMs).toFixed(1)}x (raw ${rawAgainMs.toFixed(1)} ms)`;
    }
    const total = `${answer.numberOfRecordsCapped ? 'more than ' : ''}${answer.numberOfRecords.toLocaleString('en')}`;
    console.log(`| ${c.label} | ${total} | ${routeMs.toFixed(1)} ms | ${rawMs.toFixed(1)} ms | ${(routeMs / rawMs).toFixed(2)}x | ${beforeCells} | ${c.budget} ms: ${routeMs <= c.budget ? 'met' : 'not met'} |`);
    const beforePlans = beforeStatements ? `\n\nBefore, the total ${c.beforeCountsFurther ? 'counted to 10,001' : 'through the joins'}:\n\n\`\`\`\n${await explain(db, beforeStatements[1])}\n\`\`\`` : '';
    const { page, count: counted } = await c.statements();
    plans.push(`### ${c.label}\n\nThe page:\n\n\`\`\`\n${await explain(db, page)}\n\`\`\`\n\nThe total:\n\n\`\`\`\n${await explain(db, counted)}\n\`\`\`${beforePlans}`);
  }

  console.log(`\nPlans (EXPLAIN (ANALYZE, BUFFERS) of the raw statements), ${database.engine}:\n\n${plans.join('\n\n')}`);

  // The report of the newest 1,000,000 payouts (a creation-date range; all of them in a smaller trial), over HTTP,
  // read and dropped as it arrives.
  const from =
    (
      await sql<{ at: string }>`SELECT to_char(created_at AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM-DD HH24:MI:SS') AS at FROM payouts
        WHERE customer_id = ${demo} ORDER BY created_at DESC, id DESC OFFSET ${Math.min(REPORT_ROWS, demoPayouts) - 1} LIMIT 1`.execute(db)
    ).rows[0]?.at ?? null;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const reportStarted = performance.now();
  const response = await fetch(`${address}/api/payout/report?format=csv&${options({ createdAt: { between: [from, null] } })}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`report: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    const part = chunk as Uint8Array;
    bytes += part.length;
    for (const byte of part) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
  console.log(
    `\nReport of ${(lines - 1).toLocaleString('en')} payouts as CSV over HTTP, ${database.engine}: ${seconds(reportStarted)}, ${mib(bytes)}; the process's memory ${mib(before)} before, ${mib(peak)} at its peak: ${mib(peak - before)} above its start (budget 300 MB: ${peak - before <= 300 * 1e6 ? 'met' : 'not met'}).`,
  );
}
