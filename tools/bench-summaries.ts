// `npm run bench -- summaries [N]`: the dashboard's four summaries at N payouts (default 1,000,000) of one customer,
// generated in SQL: spread evenly over the last 365 days, 50,000 recipients, 20 programs (PLN and EUR, budgets per
// month, quarter, year and for the program's life), a fifth in euro, statuses of every kind, collected ones after 0
// to 100 hours. Each summary is asked through the real route (in-process requests: the session, the query string's
// checks, the time zone, the statement, the serialiser) and its statement is run as raw SQL (as the route runs it:
// with JIT compilation off), timed in turn, for a month, a quarter and the whole year of data.
import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { periodOf, periodRange, type DashboardPeriod } from '../src/shared/dashboard.ts';
import type { DatabaseHandle, Db } from '../src/server/db/index.ts';

type Timed = (a: () => Promise<unknown>, b: () => Promise<unknown>, runs?: number, warmUps?: number) => Promise<[number, number]>;

const RECIPIENTS = 50_000;
const PROGRAMS = 20;
const INTERVALS = ['MONTHLY', 'QUARTERLY', 'YEARLY', 'ONE_TIME'] as const;
const ZONE = 'Europe/Warsaw';
const UNITS = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', QUARTERLY: 'quarter', YEARLY: 'year' } as const;

/** The period before the current one of its kind (the last whole month or quarter), as the picker would send it. */
function previous(kind: 'MONTHLY' | 'QUARTERLY'): DashboardPeriod {
  const current = periodRange(periodOf(kind, new Date(), ZONE), ZONE);
  return periodOf(kind, new Date(current.from.getTime() - 1000), ZONE);
}

/** The bench's payouts, recipients and programs, for the demo customer; its id. */
async function generateSummaryData(db: Db, count: number): Promise<number> {
  const customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const accounts: Record<string, number> = {};
  for (const currency of ['PLN', 'EUR']) {
    accounts[currency] = (await db.insertInto('accounts').values({ customer_id: customer, name: `Bench summaries ${currency}`, currency, channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  }
  // Programs 0-15 in złoty, 16-19 in euro: a fifth of the payouts in euro.
  const programs: number[] = [];
  for (let i = 0; i < PROGRAMS; i++) {
    const currency = i < 16 ? 'PLN' : 'EUR';
    const row = await db
      .insertInto('programs')
      .values({ customer_id: customer, name: `Bench summary ${i}`, currency, budget: 1_000_000_000_000, budget_interval: INTERVALS[i % 4], url: null, reminder_days: null, reminder_hour: null, reminder_message: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    programs.push(row.id);
  }
  await sql`INSERT INTO recipients (customer_id, external_id, first_name, last_name, email, phone_number)
    SELECT ${customer}::int, 'SB-' || g, (ARRAY['Anna','Piotr','Ewa','Jan','Maria'])[1 + g % 5], 'Payee' || g, NULL, '+4877' || lpad(g::text, 7, '0')
    FROM generate_series(1, ${RECIPIENTS}::int) AS g`.execute(db);
  const firstRecipient = Number((await sql<{ id: number }>`SELECT min(id) AS id FROM recipients WHERE external_id LIKE 'SB-%'`.execute(db)).rows[0].id);
  const spacing = (365 * 86_400) / count;
  const programArray = sql`ARRAY[${sql.join(programs.map((id) => sql`${id}::int`))}]`;
  for (let done = 0; done < count; done += 100_000) {
    const n = Math.min(100_000, count - done);
    // Status by g % 10; collected statuses get a collection time of (g * 7) % 100 hours; the program by g % 20.
    await sql`INSERT INTO payouts (customer_id, reference, status, source, account_id, program_id, recipient_id, amount, currency, title,
                                   start_date, end_date, collected_at, created_at)
      SELECT ${customer}::int, 'SB-' || g, s.status, 'MANUAL',
             CASE WHEN g % ${PROGRAMS}::int >= 16 THEN ${accounts.EUR}::int ELSE ${accounts.PLN}::int END,
             (${programArray})[1 + g % ${PROGRAMS}::int], ${firstRecipient}::int + ((g::bigint * 7919) % ${RECIPIENTS}::int)::int,
             1000 + (g::bigint * 104729) % 500000, CASE WHEN g % ${PROGRAMS}::int >= 16 THEN 'EUR' ELSE 'PLN' END, 'Bench payout ' || g,
             c.at, c.at + interval '30 days',
             CASE WHEN s.status IN ('COLLECTED_ON_PAGE','TRANSFER_FILE_GENERATED','COMPLETED_SUCCESSFULLY','RETURNED')
                  THEN c.at + make_interval(hours => (g * 7) % 100) END,
             c.at
      FROM generate_series(${done + 1}::int, ${done + n}::int) AS g
      CROSS JOIN LATERAL (SELECT (ARRAY['TO_COLLECT','COLLECTED_ON_PAGE','COMPLETED_SUCCESSFULLY','EXPIRED','TRANSFER_FILE_GENERATED',
                                        'COMPLETED_SUCCESSFULLY','CANCELLED','SUSPENDED','RETURNED','TO_APPROVE'])[1 + g % 10] AS status) s
      CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (${count}::int - g) * ${spacing}::float8) AS at) c`.execute(db);
  }
  // As autovacuum would have it on a live server: statistics, and the visibility map that index-only scans read.
  await sql`VACUUM ANALYZE payouts`.execute(db);
  await sql`ANALYZE recipients`.execute(db);
  await sql`ANALYZE programs`.execute(db);
  return customer;
}

export async function summariesBench(count: number, database: DatabaseHandle, app: FastifyInstance, token: string, timedInTurn: Timed): Promise<void> {
  const db = database.db;
  const started = Date.now();
  const customer = await generateSummaryData(db, count);
  const setup = Date.now() - started;

  const month = previous('MONTHLY');
  const quarter = previous('QUARTERLY');
  const yearFrom = new Date(Date.now() - 366 * 86_400_000).toISOString();
  const yearTo = new Date(Date.now() + 86_400_000).toISOString();
  const periods: { label: string; query: string; from: Date; to: Date }[] = [
    { label: `month ${month.year}-${month.number}`, query: `period=MONTHLY&year=${month.year}&number=${month.number}`, ...periodRange(month, ZONE) },
    { label: `quarter ${quarter.year} Q${quarter.number}`, query: `period=QUARTERLY&year=${quarter.year}&number=${quarter.number}`, ...periodRange(quarter, ZONE) },
    { label: 'the whole year of data', query: `from=${encodeURIComponent(yearFrom)}&to=${encodeURIComponent(yearTo)}`, from: new Date(yearFrom), to: new Date(yearTo) },
  ];

  // The statements the routes run, written out (src/server/areas/payouts/summary.ts, programs/summary.ts,
  // recipients/summary.ts), for the customer and period.
  const ofPeriod = (from: Date, to: Date) => sql`payouts.customer_id = ${customer} AND payouts.created_at >= ${from} AND payouts.created_at < ${to}`;
  const raw: Record<string, (from: Date, to: Date) => RawBuilder<unknown>> = {
    status: (from, to) => sql`SELECT payouts.status, payouts.currency, count(*)::int AS count, sum(payouts.amount)::bigint AS amount
      FROM payouts WHERE ${ofPeriod(from, to)} GROUP BY payouts.currency, payouts.status ORDER BY payouts.currency, payouts.status`,
    collectionRates: (from, to) => {
      const within = (hours: number) => sql`payouts.collected_at < GREATEST(payouts.created_at, payouts.start_date) + ${sql.lit(`${hours} hours`)}::interval`;
      return sql`SELECT payouts.currency, ARRAY[count(*)::int, COALESCE(sum(payouts.amount), 0)::bigint,
          count(payouts.collected_at)::int, COALESCE(sum(payouts.amount) FILTER (WHERE payouts.collected_at IS NOT NULL), 0)::bigint,
          ${sql.join([24, 48, 72].map((h) => sql`count(*) FILTER (WHERE ${within(h)})::int, COALESCE(sum(payouts.amount) FILTER (WHERE ${within(h)}), 0)::bigint`))}]::bigint[]
        FROM payouts WHERE ${ofPeriod(from, to)} AND payouts.status NOT IN ('TO_APPROVE', 'CANCELLED') GROUP BY payouts.currency ORDER BY payouts.currency`;
    },
    programs: (from, to) => sql`WITH figures AS (
        SELECT payouts.program_id, count(*)::int AS payouts_count, sum(payouts.amount)::bigint AS payouts_amount,
               count(payouts.collected_at)::int AS collected_count,
               COALESCE(sum(payouts.amount) FILTER (WHERE payouts.collected_at IS NOT NULL), 0)::bigint AS collected_amount
        FROM payouts WHERE ${ofPeriod(from, to)} AND payouts.status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED') GROUP BY payouts.program_id)
      SELECT programs.id, programs.name, programs.currency, programs.budget, programs.budget_interval,
             (CASE programs.budget_interval ${sql.join(
               (['ONE_TIME', 'DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const).map((interval) => {
                 const since = interval === 'ONE_TIME' ? sql`` : sql`AND payouts.created_at >= (date_trunc(${UNITS[interval]}, now() AT TIME ZONE ${ZONE}) AT TIME ZONE ${ZONE})`;
                 return sql`WHEN ${interval} THEN (SELECT COALESCE(sum(payouts.amount), 0)::bigint FROM payouts
                   WHERE payouts.program_id = programs.id AND payouts.status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED') ${since})`;
               }),
               sql` `,
             )} END) AS used_budget,
             COALESCE(figures.payouts_count, 0), COALESCE(figures.payouts_amount, 0), COALESCE(figures.collected_count, 0), COALESCE(figures.collected_amount, 0)
      FROM programs LEFT JOIN figures ON figures.program_id = programs.id
      WHERE programs.customer_id = ${customer} ORDER BY lower(programs.name), programs.id`,
    recipients: (from, to) => sql`WITH sums AS (
        SELECT payouts.recipient_id, payouts.currency, count(*)::int AS count, sum(payouts.amount)::bigint AS amount
        FROM payouts WHERE ${ofPeriod(from, to)} AND payouts.status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED')
        GROUP BY payouts.recipient_id, payouts.currency
      ), ranked AS (
        SELECT sums.*, row_number() OVER (PARTITION BY sums.currency ORDER BY sums.amount DESC, sums.recipient_id)::int AS rank FROM sums)
      SELECT ranked.recipient_id, ranked.currency, ranked.rank, ranked.count, ranked.amount,
             (SELECT recipients.first_name FROM recipients WHERE recipients.id = ranked.recipient_id),
             (SELECT recipients.last_name FROM recipients WHERE recipients.id = ranked.recipient_id)
      FROM ranked WHERE ranked.rank <= 10 ORDER BY ranked.currency, ranked.rank`,
  };
  const summaries: { label: string; url: string; raw: keyof typeof raw }[] = [
    { label: 'Payouts Overview', url: '/api/payout/summary/status', raw: 'status' },
    { label: 'Payout Collection Rates', url: '/api/payout/summary/collectionRates', raw: 'collectionRates' },
    { label: `Selected Programs, all ${PROGRAMS} (and the averages)`, url: '/api/payout/program/summary', raw: 'programs' },
    { label: 'Top Payees, 10 per currency', url: '/api/payout/recipient/summary', raw: 'recipients' },
  ];

  console.log(
    `\nDashboard summaries on ${count.toLocaleString('en')} payouts of one customer over the last 365 days, ${RECIPIENTS.toLocaleString('en')} recipients, ${PROGRAMS} programs, ${database.engine} (set-up ${(setup / 1000).toFixed(1)} s; median of 15 taken in turn with the raw SQL, after 5 warm-ups):\n`,
  );
  console.log('| summary | period | payouts in it | route | raw SQL | route / raw |');
  console.log('|---|---|---|---|---|---|');
  for (const s of summaries) {
    for (const p of periods) {
      const url = `${s.url}?${p.query}`;
      const route = async () => {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      };
      const statement = raw[s.raw](p.from, p.to);
      // As the routes run it (withoutJit): in a transaction, with JIT compilation off.
      const rawStatement = () =>
        db.transaction().execute(async (trx) => {
          await sql`SET LOCAL jit = off`.execute(trx);
          return statement.execute(trx);
        });
      const [routeMs, rawMs] = await timedInTurn(route, rawStatement, 15, 5);
      const inPeriod = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM payouts WHERE ${ofPeriod(p.from, p.to)}`.execute(db)).rows[0].n;
      console.log(`| ${s.label} | ${p.label} | ${inPeriod.toLocaleString('en')} | ${routeMs.toFixed(1)} ms | ${rawMs.toFixed(1)} ms | ${(routeMs / rawMs).toFixed(2)}x |`);
    }
  }
}
