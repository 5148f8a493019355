// `npm run bench -- payouts [N]`: N payouts (default 1,000,000) over 10,000 recipients, generated in SQL, then
//   - the payouts list's first page with a status filter and its count, through the real route (in-process requests)
//     against the raw SQL of the same two statements, timed in turn;
//   - a bulk status change of 100,000 payouts (cancelled, their money unlocked with one statement row each) through
//     the real route, against the raw SQL of the same writes for as many other payouts (rawBulkCancel);
//   - the report of every payout, streamed over HTTP on 127.0.0.1 into nothing: its time and the process's peak memory.
// The generated payouts are consistent with their accounts: each account's blocked funds are the sum of its open
// payouts (the bulk change unlocks them), though without the LOCK rows a real creation writes.
import { sql } from 'kysely';
import type { DatabaseHandle, Trx } from '../src/server/db/index.ts';
import type { FastifyInstance } from 'fastify';
import { EXACT_COUNT_LIMIT } from '../src/shared/list-query.ts';

type Timed = (a: () => Promise<unknown>, b: () => Promise<unknown>, runs?: number, warmUps?: number) => Promise<[number, number]>;

export async function payoutsBench(count: number, database: DatabaseHandle, app: FastifyInstance, token: string, timedInTurn: Timed): Promise<void> {
  const db = database.db;
  const customer = (await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  const started = Date.now();
  const account = (await db.insertInto('accounts').values({ customer_id: customer, name: 'Bench payouts', currency: 'PLN', channel_type: null, transfer_type: null }).returning('id').executeTakeFirstOrThrow()).id;
  const programs: number[] = [];
  for (let i = 0; i < 2; i++) {
    programs.push(
      (
        await db
          .insertInto('programs')
          .values({ customer_id: customer, name: `Bench ${i}`, currency: 'PLN', budget: 1_000_000_000_000, budget_interval: 'ONE_TIME', url: null, reminder_days: null, reminder_hour: null, reminder_message: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  await sql`INSERT INTO recipients (customer_id, external_id, first_name, last_name, email, phone_number)
    SELECT ${customer}::int, 'PB-' || g, (ARRAY['Anna','Piotr','Ewa','Jan','Maria'])[1 + g % 5], 'Payee' || g, NULL, '+4878' || lpad(g::text, 7, '0')
    FROM generate_series(1, 10000) AS g`.execute(db);
  const firstRecipient = Number((await sql<{ id: number }>`SELECT min(id) AS id FROM recipients WHERE external_id LIKE 'PB-%'`.execute(db)).rows[0].id);
  // Statuses: a quarter to collect (two programs' worth kept for the bulk change), the rest spread over the others.
  for (let done = 0; done < count; done += 100_000) {
    const n = Math.min(100_000, count - done);
    await sql`INSERT INTO payouts (customer_id, reference, status, source, account_id, program_id, recipient_id, amount, currency, title, start_date, end_date, created_at)
      SELECT ${customer}::int, 'PB-' || g, (ARRAY['TO_COLLECT','COMPLETED_SUCCESSFULLY','CANCELLED','EXPIRED','COLLECTED_ON_PAGE','TO_COLLECT','TRANSFER_FILE_GENERATED','SUSPENDED'])[1 + g % 8],
             CASE WHEN g % 4 = 0 THEN 'FROM_FILE' ELSE 'MANUAL' END, ${account}::int,
             (ARRAY[${programs[0]}::int, ${programs[1]}::int])[1 + (g / 7) % 2],
             ${firstRecipient}::int + g % 10000, 1000 + g % 500000, 'PLN', 'Bench payout ' || g,
             now() - make_interval(secs => (${count}::int - g)), now() + interval '30 days', now() - make_interval(secs => (${count}::int - g))
      FROM generate_series(${done + 1}::int, ${done + n}::int) AS g`.execute(db);
  }
  // The account's blocked funds: what its open payouts hold.
  await sql`UPDATE accounts SET locked_balance = (SELECT COALESCE(sum(amount), 0) FROM payouts WHERE account_id = ${account} AND status IN ('TO_APPROVE','TO_COLLECT','SUSPENDED','COLLECTED_ON_PAGE','TRANSFER_FILE_GENERATED')) WHERE id = ${account}`.execute(db);
  await sql`VACUUM ANALYZE payouts`.execute(db);
  await sql`ANALYZE recipients`.execute(db);
  const setup = Date.now() - started;

  console.log(`\nPayouts list on ${count.toLocaleString('en')} payouts over 10,000 recipients, ${database.engine} (set-up ${(setup / 1000).toFixed(1)} s; median of 15 taken in turn with the raw SQL, after 20 warm-ups):\n`);
  console.log('| request (page of 10 and the count) | rows matching | route | raw SQL | route / raw |');
  console.log('|---|---|---|---|---|');
  const cases: { label: string; statuses: string[]; program?: number }[] = [
    { label: 'status To collect', statuses: ['TO_COLLECT'] },
    { label: 'status Suspended', statuses: ['SUSPENDED'] },
    { label: 'status To collect, one program', statuses: ['TO_COLLECT'], program: programs[1] },
  ];
  for (const c of cases) {
    const options = { status: c.statuses, ...(c.program ? { programId: c.program } : {}) };
    const url = `/api/payout?options=${encodeURIComponent(JSON.stringify(options))}`;
    let rows = 0;
    const route = async () => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      rows = (JSON.parse(res.body) as { numberOfRecords: number }).numberOfRecords;
    };
    const where = sql`p.customer_id = ${customer} AND p.status IN (${sql.join(c.statuses)}) ${c.program ? sql`AND p.program_id = ${c.program}` : sql``}`;
    const raw = () =>
      Promise.all([
        // Counted as the route counts: up to one row past the exact limit, without the joins that only add columns
        // (toolkit/joins.ts).
        sql`SELECT count(*)::int FROM (SELECT 1 FROM payouts p WHERE ${where} LIMIT ${EXACT_COUNT_LIMIT + 1}) m`.execute(db),
        sql`SELECT p.id, p.reference, p.status, p.source, p.amount, p.currency, p.title, p.sms_message, p.start_date, p.end_date, p.created_at, p.collected_at,
                   p.account_id, a.name, p.program_id, g.name, p.recipient_id, r.first_name || ' ' || r.last_name, r.phone_number, r.email, r.last_login_at, p.customer_id
            FROM payouts p JOIN accounts a ON a.id = p.account_id JOIN programs g ON g.id = p.program_id JOIN recipients r ON r.id = p.recipient_id
            WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT 10`.execute(db),
      ]);
    const [routeMs, rawMs] = await timedInTurn(route, raw, 15, 20);
    console.log(`| ${c.label} | ${rows.toLocaleString('en')} | ${routeMs.toFixed(1)} ms | ${rawMs.toFixed(1)} ms | ${(routeMs / rawMs).toFixed(2)}x |`);
  }

  // Bulk change: the payouts to collect of program 0 through the route (with their ledger rows), those of program 1
  // by a raw UPDATE of the status alone; the list measurements above are done, so the sets may be cut to size.
  const sizes = await sql<{ program_id: number; n: number }>`SELECT program_id, count(*)::int AS n FROM payouts WHERE status = 'TO_COLLECT' AND program_id IN (${programs[0]}, ${programs[1]}) GROUP BY program_id`.execute(db);
  // 100,000 each (the issue's figure), or as many as there are.
  const size = Math.min(100_000, ...sizes.rows.map((r) => r.n));
  // Both sets cut to the same size: the newest `size` of each.
  for (const program of [programs[0], programs[1]]) {
    await sql`UPDATE payouts SET status = 'SUSPENDED' WHERE program_id = ${program} AND status = 'TO_COLLECT' AND id NOT IN (SELECT id FROM payouts WHERE program_id = ${program} AND status = 'TO_COLLECT' ORDER BY id DESC LIMIT ${size})`.execute(db);
  }
  const userId = (await db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
  // Both sets read once before either is timed (the first statement of a cold table pays for its reading).
  await sql`SELECT count(*) FROM payouts WHERE program_id IN (${programs[0]}, ${programs[1]}) AND status = 'TO_COLLECT'`.execute(db);
  const t0 = performance.now();
  const res = await app.inject({
    method: 'PUT',
    url: '/api/payout/status',
    headers: { authorization: `Bearer ${token}` },
    payload: { status: 'CANCELLED', options: JSON.stringify({ status: ['TO_COLLECT'], programId: programs[0] }), confirm: true },
  });
  const routeMs = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`bulk change: ${res.statusCode} ${res.body}`);
  const updated = (JSON.parse(res.body) as { updated: number }).updated;
  const t1 = performance.now();
  await db.transaction().execute((trx) => rawBulkCancel(trx, account, programs[1], userId));
  const rawMs = performance.now() - t1;
  console.log(`\nBulk status change, ${database.engine}: ${updated.toLocaleString('en')} payouts cancelled through the route (the count, the selection, their history, one UNLOCK row and journal entry each, the account's totals, the audit) in ${(routeMs / 1000).toFixed(2)} s; the raw SQL of the same writes for ${size.toLocaleString('en')} others (status, history, UNLOCK rows with the balances after each and their journal entries, the account's totals; one statement) in ${(rawMs / 1000).toFixed(2)} s: ${(routeMs / rawMs).toFixed(2)}x.`);

  // The report of every payout over HTTP, read and dropped as it arrives.
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let peak = process.memoryUsage().rss;
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  let bytes = 0;
  for (const format of ['csv', 'xlsx'] as const) {
    const started2 = performance.now();
    bytes = 0;
    const response = await fetch(`${address}/api/payout/report?format=${format}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`report: ${response.status}`);
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
    console.log(`Report of all ${count.toLocaleString('en')} payouts as ${format}, ${database.engine}: ${((performance.now() - started2) / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(0)} MiB.`);
  }
  clearInterval(sampler);
  console.log(`Peak memory of the process during both reports: ${(peak / 1024 / 1024).toFixed(0)} MiB (${(before / 1024 / 1024).toFixed(0)} MiB before them).`);
}

/**
 * The floor of a bulk cancel: the same rows written by hand in one statement, on the same schema with its keys. The
 * payouts to collect of the program cancelled, their status history, one UNLOCK statement row each (its own journal
 * entry, which its foreign key needs) with the account's balances after it, and the account's totals.
 */
async function rawBulkCancel(trx: Trx, account: number, program: number, userId: number): Promise<void> {
  await sql`
    WITH moved AS (
      UPDATE payouts SET status = 'CANCELLED', updated_at = now()
      WHERE account_id = ${account} AND program_id = ${program} AND status = 'TO_COLLECT'
      RETURNING id, account_id, amount, reference
    ),
    history AS (
      INSERT INTO payout_status_changes (payout_id, from_status, to_status, created_by) SELECT id, 'TO_COLLECT', 'CANCELLED', ${userId}::int FROM moved
    ),
    entries AS MATERIALIZED (SELECT *, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS entry_id FROM moved),
    journal AS (INSERT INTO journal_entries (id) SELECT entry_id FROM entries),
    movements AS (
      INSERT INTO balance_updates (account_id, type, balance_change, locked_balance_change, balance_after, locked_balance_after, payout_id, reference, created_by, entry_id)
      SELECT m.account_id, 'UNLOCK', m.amount, -m.amount, a.balance + sum(m.amount) OVER w, a.locked_balance - sum(m.amount) OVER w, m.id, m.reference, ${userId}::int, m.entry_id
      FROM entries m JOIN accounts a ON a.id = m.account_id
      WINDOW w AS (ORDER BY m.id ROWS UNBOUNDED PRECEDING)
    )
    UPDATE accounts a SET balance = a.balance + t.total, locked_balance = a.locked_balance - t.total, updated_at = now()
    FROM (SELECT account_id, sum(amount) AS total FROM moved GROUP BY account_id) t WHERE a.id = t.account_id`.execute(trx);
}
