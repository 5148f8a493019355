// `npm run bench -- summaries [N]`: the dashboard's four summaries at N payouts (default 1,000,000) of one customer,
// generated in SQL in statements of 100,000 (the rollups' triggers run once each): spread evenly over the last 365
// days, 100,000 recipients, 20 programs (PLN and EUR, budgets per month, quarter, year and for the program's life), a
// fifth in euro, statuses of every kind, collected ones after 0 to 100 hours. The rollups are checked against a
// recount of the payouts. Each summary is asked through the real route (in-process requests: the session, the
// query string's checks, the time zone, the statement, the serialiser) and its statement is run as raw SQL (as the
// route runs it: with JIT compilation off), timed in turn, for a month, a quarter and the whole year of data; beside
// them, the same figures counted from the payouts alone (no rollups). Last, what the triggers cost: an INSERT …
// SELECT of 50,000 payouts and an UPDATE of the status of 100,000, each with and without them (rolled back).
import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { periodOf, periodRange, type DashboardPeriod } from '../src/shared/dashboard.ts';
import type { DatabaseHandle, Db } from '../src/server/db/index.ts';
import type { RequestContext } from '../src/server/toolkit/index.ts';
import { FIGURES, periodFigures, topRecipients, usedBudgets } from '../src/server/areas/payouts/rollups.ts';

type Timed = (a: () => Promise<unknown>, b: () => Promise<unknown>, runs?: number, warmUps?: number) => Promise<[number, number]>;

const RECIPIENTS = 100_000;
const FILL_AFTER_LOAD_ABOVE = 2_000_000;
const PROGRAMS = 20;
const INTERVALS = ['MONTHLY', 'QUARTERLY', 'YEARLY', 'ONE_TIME'] as const;
const ZONE = 'Europe/Warsaw';
const UNITS = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', QUARTERLY: 'quarter', YEARLY: 'year' } as const;

/** The period before the current one of its kind (the last whole month or quarter), as the picker would send it. */
function previous(kind: 'MONTHLY' | 'QUARTERLY'): DashboardPeriod {
  const current = periodRange(periodOf(kind, new Date(), ZONE), ZONE);
  return periodOf(kind, new Date(current.from.getTime() - 1000), ZONE);
}

interface Generated {
  customer: number;
  accounts: Record<string, number>;
  programs: number[];
  firstRecipient: number;
  count: number;
  spacing: number;
}

/**
 * Payouts first … first + n - 1 of the bench's `count`, in one INSERT … SELECT. Status by g % 10; collected statuses
 * get a collection time of (g * 7) % 100 hours; the program by g % 20. `suffix` keeps the references of a second
 * batch apart.
 */
function insertChunk(db: Db, d: Generated, first: number, n: number, suffix = '') {
  const programArray = sql`ARRAY[${sql.join(d.programs.map((id) => sql`${id}::int`))}]`;
  return sql`INSERT INTO payouts (customer_id, reference, status, source, account_id, program_id, recipient_id, amount, currency, title,
                                 start_date, end_date, collected_at, created_at)
    SELECT ${d.customer}::int, 'SB-' || g || ${suffix}::text, s.status, 'MANUAL',
           CASE WHEN g % ${PROGRAMS}::int >= 16 THEN ${d.accounts.EUR}::int ELSE ${d.accounts.PLN}::int END,
           (${programArray})[1 + g % ${PROGRAMS}::int], ${d.firstRecipient}::int + ((g::bigint * 7919) % ${RECIPIENTS}::int)::int,
           1000 + (g::bigint * 104729) % 500000, CASE WHEN g % ${PROGRAMS}::int >= 16 THEN 'EUR' ELSE 'PLN' END, 'Bench payout ' || g,
           c.at, c.at + interval '30 days',
           CASE WHEN s.status IN ('COLLECTED_ON_PAGE','TRANSFER_FILE_GENERATED','COMPLETED_SUCCESSFULLY','RETURNED')
                THEN c.at + make_interval(hours => (g * 7) % 100) END,
           c.at
    FROM generate_series(${first}::int, ${first + n - 1}::int) AS g
    CROSS JOIN LATERAL (SELECT (ARRAY['TO_COLLECT','COLLECTED_ON_PAGE','COMPLETED_SUCCESSFULLY','EXPIRED','TRANSFER_FILE_GENERATED',
                                      'COMPLETED_SUCCESSFULLY','CANCELLED','SUSPENDED','RETURNED','TO_APPROVE'])[1 + g % 10] AS status) s
    CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (${d.count}::int - g) * ${d.spacing}::float8) AS at) c`.execute(db);
}

/** The bench's payouts, recipients and programs, for the demo customer. */
async function generateSummaryData(db: Db, count: number): Promise<Generated> {
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
  // Past two million payouts the rollups are filled once after the load, by the migration's own statements, rather
  // than by the triggers per statement: the same figures (checked against a recount below), sooner.
  const fillAfter = count > FILL_AFTER_LOAD_ABOVE;
  const triggers = ['insert', 'update', 'delete'].map((t) => sql.raw(`payout_rollups_${t}`));
  if (fillAfter) for (const t of triggers) await sql`ALTER TABLE payouts DISABLE TRIGGER ${t}`.execute(db);
  // The demo data's payouts are in the rollups already (their triggers ran): the fill after the load adds the bench's.
  const before = Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM payouts`.execute(db)).rows[0].id ?? 0);
  for (let done = 0; done < count; done += 100_000) {
    await insertChunk(db, { customer, accounts, programs, firstRecipient, count, spacing }, done + 1, Math.min(100_000, count - done));
    if ((done + 100_000) % 1_000_000 === 0) console.log(`  ${(done + 100_000).toLocaleString('en')} payouts written`);
  }
  if (fillAfter) {
    for (const t of triggers) await sql`ALTER TABLE payouts ENABLE TRIGGER ${t}`.execute(db);
    const source = `(SELECT 1 AS sign, customer_id, created_at, program_id, recipient_id, currency, status, amount, start_date, collected_at FROM payouts WHERE id > ${before})`;
    const { rows } = await sql<{ statement: string }>`SELECT unnest(payout_rollups_statements(${source})) AS statement`.execute(db);
    for (const { statement } of rows) await sql.raw(statement).execute(db);
  }
  // As autovacuum would have it on a live server: statistics, and the visibility map that index-only scans read.
  await sql`VACUUM ANALYZE payouts`.execute(db);
  await sql`ANALYZE recipients`.execute(db);
  await sql`ANALYZE programs`.execute(db);
  await sql`VACUUM ANALYZE payout_rollups`.execute(db);
  await sql`VACUUM ANALYZE payout_recipient_rollups`.execute(db);
  return { customer, accounts, programs, firstRecipient, count, spacing };
}

/**
 * How many rollup rows of a grain differ from a recount of the payouts (0: the triggers kept them exact), in the
 * status rollup and in the recipients' (which keeps quarters but no days; the status rollup no quarters).
 */
async function rollupDifferences(db: Db, grain: 'year' | 'quarter' | 'month'): Promise<[number, number]> {
  const hours = [24, 48, 72].map((h) => sql`${sql.lit(`${h} hours`)}::interval`);
  const within = (h: RawBuilder<unknown>) => sql`collected_at < GREATEST(created_at, start_date) + ${h}`;
  const recount = sql`SELECT customer_id, date_trunc(${grain}, created_at, 'UTC') AS bucket, program_id, currency, status, count(*), sum(amount),
      count(collected_at), COALESCE(sum(amount) FILTER (WHERE collected_at IS NOT NULL), 0),
      ${sql.join(hours.map((h) => sql`count(*) FILTER (WHERE ${within(h)}), COALESCE(sum(amount) FILTER (WHERE ${within(h)}), 0)`))}
    FROM payouts GROUP BY 1, 2, 3, 4, 5`;
  const kept = sql`SELECT customer_id, bucket, program_id, currency, status, ${sql.join(FIGURES.map((f) => sql.ref(f)))}
    FROM payout_rollups WHERE grain = ${grain} AND count <> 0`;
  const recipients = sql`SELECT customer_id, date_trunc(${grain}, created_at, 'UTC') AS bucket, recipient_id, currency, count(*), sum(amount)
    FROM payouts WHERE payout_counted(status) GROUP BY 1, 2, 3, 4`;
  const recipientsKept = sql`SELECT customer_id, bucket, recipient_id, currency, count, amount FROM payout_recipient_rollups WHERE grain = ${grain} AND count <> 0`;
  const differ = async (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ((${a} EXCEPT ALL ${b}) UNION ALL (${b} EXCEPT ALL ${a})) d`.execute(db)).rows[0].n;
  return [grain === 'quarter' ? 0 : await differ(recount, kept), await differ(recipients, recipientsKept)];
}

/** Median time of `work` in a transaction rolled back, run in turn with and without the payouts' rollup triggers. */
async function triggersCost(db: Db, work: (trx: Db) => Promise<unknown>, runs = 3): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, withTriggers] of [true, false].entries()) {
      await db
        .transaction()
        .execute(async (trx) => {
          if (!withTriggers) for (const t of ['insert', 'update', 'delete']) await sql`ALTER TABLE payouts DISABLE TRIGGER ${sql.raw(`payout_rollups_${t}`)}`.execute(trx);
          const t0 = performance.now();
          await work(trx);
          times[k].push(performance.now() - t0);
          throw new RolledBack();
        })
        .catch((err) => {
          if (!(err instanceof RolledBack)) throw err;
        });
    }
  }
  const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(runs / 2)];
  return [median(times[0]), median(times[1])];
}

class RolledBack extends Error {}

export async function summariesBench(count: number, database: DatabaseHandle, app: FastifyInstance, token: string, timedInTurn: Timed): Promise<void> {
  const db = database.db;
  const started = Date.now();
  const generated = await generateSummaryData(db, count);
  const { customer } = generated;
  const setup = Date.now() - started;
  const [yearDiff, yearRecipientDiff] = await rollupDifferences(db, 'year');
  const [monthDiff, monthRecipientDiff] = await rollupDifferences(db, 'month');
  const [, quarterRecipientDiff] = await rollupDifferences(db, 'quarter');
  console.log(
    `\nThe rollups against a recount of the payouts: ${yearDiff + monthDiff} rows of the status rollup (years and months) and ${yearRecipientDiff + quarterRecipientDiff + monthRecipientDiff} of the recipients' (years, quarters and months) differ.`,
  );

  const month = previous('MONTHLY');
  const quarter = previous('QUARTERLY');
  const year = periodOf('YEARLY', new Date(), ZONE);
  const periods: { label: string; query: string; from: Date; to: Date }[] = [
    { label: `month ${month.year}-${month.number}`, query: `period=MONTHLY&year=${month.year}&number=${month.number}`, ...periodRange(month, ZONE) },
    { label: `quarter ${quarter.year} Q${quarter.number}`, query: `period=QUARTERLY&year=${quarter.year}&number=${quarter.number}`, ...periodRange(quarter, ZONE) },
    { label: `year ${year.year}`, query: `period=YEARLY&year=${year.year}`, ...periodRange(year, ZONE) },
  ];
  // The request's context as the statements need it: the demo admin's tenancy.
  const ctx = { auth: { user: { type: 'ADMIN' } }, customerId: customer, db } as unknown as RequestContext;

  // The statements the routes run, written out (src/server/areas/payouts/summary.ts, programs/summary.ts,
  // recipients/summary.ts), for the customer and period: the figures kept in advance (rollups.ts).
  const sums = sql.join(FIGURES.map((name) => sql`sum(f.${sql.ref(name)})`));
  const raw: Record<string, (from: Date, to: Date) => RawBuilder<unknown>> = {
    status: (from, to) => sql`SELECT f.status, f.currency, sum(f.count)::int, sum(f.amount)::bigint FROM ${periodFigures(ctx, { from, to, timeZone: ZONE })} f
      GROUP BY f.currency, f.status HAVING sum(f.count) <> 0 ORDER BY f.currency, f.status`,
    collectionRates: (from, to) => sql`SELECT f.currency, ARRAY[${sums}]::bigint[] FROM ${periodFigures(ctx, { from, to, timeZone: ZONE })} f
      WHERE f.status NOT IN ('TO_APPROVE', 'CANCELLED') GROUP BY f.currency HAVING sum(f.count) <> 0 ORDER BY f.currency`,
    programs: (from, to) => sql`WITH figures AS (
        SELECT f.program_id, sum(f.count)::int AS payouts_count, sum(f.amount)::bigint AS payouts_amount, sum(f.collected_count)::int AS collected_count,
               sum(f.collected_amount)::bigint AS collected_amount
        FROM ${periodFigures(ctx, { from, to, timeZone: ZONE })} f WHERE f.status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED') GROUP BY f.program_id),
      used AS ${usedBudgets(ctx, ZONE)}
      SELECT programs.id, programs.name, programs.currency, programs.budget, programs.budget_interval, COALESCE(used.used, 0),
             COALESCE(figures.payouts_count, 0), COALESCE(figures.payouts_amount, 0), COALESCE(figures.collected_count, 0), COALESCE(figures.collected_amount, 0)
      FROM programs LEFT JOIN figures ON figures.program_id = programs.id LEFT JOIN used ON used.program_id = programs.id
      WHERE programs.customer_id = ${customer} ORDER BY lower(programs.name), programs.id`,
    recipients: (from, to) => sql`WITH ranked AS ${topRecipients(ctx, { from, to, timeZone: ZONE }, 10)}
      SELECT ranked.recipient_id, ranked.currency, ranked.rank, ranked.count, ranked.amount,
             (SELECT recipients.first_name FROM recipients WHERE recipients.id = ranked.recipient_id),
             (SELECT recipients.last_name FROM recipients WHERE recipients.id = ranked.recipient_id)
      FROM ranked ORDER BY ranked.currency, ranked.rank`,
  };

  // The same figures counted from the payouts alone, without the rollups (how the summaries were read before them).
  const ofPeriod = (from: Date, to: Date) => sql`payouts.customer_id = ${customer} AND payouts.created_at >= ${from} AND payouts.created_at < ${to}`;
  const scan: Record<string, (from: Date, to: Date) => RawBuilder<unknown>> = {
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
  const summaries: { label: string; url: string; raw: keyof typeof scan }[] = [
    { label: 'Payouts Overview', url: '/api/payout/summary/status', raw: 'status' },
    { label: 'Payout Collection Rates', url: '/api/payout/summary/collectionRates', raw: 'collectionRates' },
    { label: `Selected Programs, all ${PROGRAMS} (and the averages)`, url: '/api/payout/program/summary', raw: 'programs' },
    { label: 'Top Payees, 10 per currency', url: '/api/payout/recipient/summary', raw: 'recipients' },
  ];

  console.log(
    `\nDashboard summaries on ${count.toLocaleString('en')} payouts of one customer over the last 365 days, ${RECIPIENTS.toLocaleString('en')} recipients, ${PROGRAMS} programs, ${database.engine} (set-up ${(setup / 1000).toFixed(1)} s; median of 15 taken in turn with the raw SQL, after 5 warm-ups; the payouts alone: median of 3):\n`,
  );
  console.log('| summary | period | payouts in it | route | raw SQL | route / raw | from the payouts alone |');
  console.log('|---|---|---|---|---|---|---|');
  for (const s of summaries) {
    for (const p of periods) {
      const url = `${s.url}?${p.query}`;
      const route = async () => {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      };
      // As the routes run it (withoutJit): in a transaction, with JIT compilation off.
      const withoutJit = (statement: RawBuilder<unknown>) => () =>
        db.transaction().execute(async (trx) => {
          await sql`SET LOCAL jit = off`.execute(trx);
          return statement.execute(trx);
        });
      const [routeMs, rawMs] = await timedInTurn(route, withoutJit(raw[s.raw](p.from, p.to)), 15, 5);
      const [scanMs] = await timedInTurn(withoutJit(scan[s.raw](p.from, p.to)), async () => {}, 3, 1);
      const inPeriod = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM payouts WHERE ${ofPeriod(p.from, p.to)}`.execute(db)).rows[0].n;
      console.log(`| ${s.label} | ${p.label} | ${inPeriod.toLocaleString('en')} | ${routeMs.toFixed(1)} ms | ${rawMs.toFixed(1)} ms | ${(routeMs / rawMs).toFixed(2)}x | ${scanMs.toFixed(1)} ms |`);
    }
  }

  // The programs list's first page with each program's used budget (programs/resource.ts: read from the rollups), for
  // the customer's admin and for a SUPER_ADMIN naming no customer (every customer's programs, each in its own zone),
  // against the same page with the used budgets summed from the payouts (how the list across customers read them).
  const signIn = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'superadmin', password: 'Demo123!' } });
  const superToken = JSON.parse(signIn.body).token as string;
  const programsPage = (bearer: string) => async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payout/program?limit=50', headers: { authorization: `Bearer ${bearer}` } });
    if (res.statusCode !== 200) throw new Error(`the programs list: ${res.statusCode} ${res.body}`);
  };
  const zoneOf = sql`COALESCE((SELECT s.value FROM settings s WHERE s.customer_id = programs.customer_id AND s.key = 'TIME_ZONE'), ${ZONE})`;
  const summedPage = sql`SELECT programs.*, (CASE programs.budget_interval ${sql.join(
    (['ONE_TIME', 'DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const).map((interval) => {
      const since = interval === 'ONE_TIME' ? sql`` : sql`AND payouts.created_at >= (date_trunc(${UNITS[interval]}, now() AT TIME ZONE ${zoneOf}) AT TIME ZONE ${zoneOf})`;
      return sql`WHEN ${interval} THEN (SELECT COALESCE(sum(payouts.amount), 0)::bigint FROM payouts
        WHERE payouts.program_id = programs.id AND payouts.status NOT IN ('CANCELLED', 'EXPIRED', 'RETURNED') ${since})`;
    }),
    sql` `,
  )} END) AS used_budget FROM programs ORDER BY programs.created_at DESC, programs.id DESC LIMIT 50`;
  const [adminList, superList] = await timedInTurn(programsPage(token), programsPage(superToken), 15, 5);
  const [summedList] = await timedInTurn(() => summedPage.execute(db), async () => {}, 5, 1);
  const programCount = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM programs`.execute(db)).rows[0].n;
  console.log(`\nThe programs list's first page with the used budgets (median of 15 in turn; ${programCount} programs of every customer):\n`);
  console.log('| list | route | summed from the payouts (raw SQL, every customer) |');
  console.log('|---|---|---|');
  console.log(`| the customer's admin | ${adminList.toFixed(1)} ms | — |`);
  console.log(`| a SUPER_ADMIN, every customer | ${superList.toFixed(1)} ms | ${summedList.toFixed(1)} ms |`);

  // The plans of the statements for a month and the year, and of Top Payees for the quarter too (docs/query-plans.md).
  for (const s of summaries) {
    for (const p of s.raw === 'recipients' ? periods : [periods[0], periods[2]]) {
      const plan = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL jit = off`.execute(trx);
        return sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${raw[s.raw](p.from, p.to)}`.execute(trx);
      });
      console.log(`\n${s.label}, ${p.label}:\n\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }

  // What the triggers add to the writes: a 50,000-payout INSERT … SELECT (an import's payouts) and a status change of
  // 100,000 payouts in one UPDATE (the bulk change's), each with and without them, rolled back.
  const [insertWith, insertWithout] = await triggersCost(db, (trx) => insertChunk(trx, generated, 1, 50_000, '-again'));
  const [updateWith, updateWithout] = await triggersCost(db, (trx) =>
    sql`UPDATE payouts SET status = 'SUSPENDED', updated_at = now() WHERE id IN (SELECT id FROM payouts WHERE customer_id = ${customer} AND status = 'TO_COLLECT' ORDER BY id LIMIT 100000)`.execute(trx),
  );
  console.log('\nThe rollups\' triggers (median of 3, rolled back, in turn):\n');
  console.log('| statement | with the triggers | without | the triggers\' share |');
  console.log('|---|---|---|---|');
  console.log(`| INSERT … SELECT of 50,000 payouts | ${insertWith.toFixed(0)} ms | ${insertWithout.toFixed(0)} ms | ${(insertWith - insertWithout).toFixed(0)} ms (${(((insertWith - insertWithout) / insertWith) * 100).toFixed(0)} %) |`);
  console.log(`| UPDATE of the status of 100,000 payouts | ${updateWith.toFixed(0)} ms | ${updateWithout.toFixed(0)} ms | ${(updateWith - updateWithout).toFixed(0)} ms (${(((updateWith - updateWithout) / updateWith) * 100).toFixed(0)} %) |`);
}
