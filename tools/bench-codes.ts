// `npm run bench -- codes [N]`: N payout SMS queued (default 100,000; made in SQL, as an import leaves them), the
// outbox delivering them, then 20 logins of the demo admin from new devices (after one untimed), each one's device code timed to the
// moment the transport is handed it: from the code's row (its created_at, the start of the transaction that queues
// it) and from the login request (what the user waits, the password's hashing included). Twice: with a gateway that
// takes 50 ms a message (the bulk lane mostly waits on it) and with one that answers at once (the bulk lane keeps the
// database busy).
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import type { Config } from '../src/server/config.ts';
import type { DatabaseHandle } from '../src/server/db/index.ts';
import type { OutgoingMessage, Transport } from '../src/server/platform/outbox.ts';

const LOGINS = 20;
/** The demo admin (src/server/seed/demo.ts), whose device codes go by SMS. */
const ADMIN_PHONE = '+48500100200';

/** A gateway taking `delayMs` a message; it tells `onCode` when it is handed a message for the admin. */
class BenchTransport implements Transport {
  bulk = 0;
  onCode: ((message: OutgoingMessage) => void) | null = null;
  constructor(public delayMs: number) {}

  async send(message: OutgoingMessage): Promise<void> {
    if (message.recipient === ADMIN_PHONE) this.onCode?.(message);
    else this.bulk++;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
  }
}

const pendingCount = async (database: DatabaseHandle) =>
  Number((await database.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow()).n);

async function queueBacklog(database: DatabaseHandle, count: number): Promise<void> {
  const customer = (await database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
  for (let done = 0; done < count; done += 50_000) {
    const n = Math.min(50_000, count - done);
    await sql`INSERT INTO outbox (channel, recipient, subject, body, customer_id)
      SELECT 'sms', '+4879' || lpad(g::text, 7, '0'), 'DemoPay', 'You have a payout of ' || (10 + g % 500) || '.00 PLN: https://pay.example.com/demo', ${customer}::int
      FROM generate_series(${done + 1}::int, ${done + n}::int) AS g`.execute(database.db);
  }
  await sql`ANALYZE outbox`.execute(database.db);
}

export async function codesBench(count: number, open: () => Promise<{ database: DatabaseHandle; config: Config; dispose: () => Promise<void> }>): Promise<void> {
  console.log(`\nA login's device code with ${count.toLocaleString('en')} payout SMS queued (${LOGINS} logins from new devices; the time until the transport is handed the code):\n`);
  console.log('| database | bulk transport | from the code queued: median | worst | from the login request: median | worst | bulk handed meanwhile | still queued after |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const delayMs of [50, 0]) {
    const { database, config, dispose } = await open();
    try {
      await queueBacklog(database, count);
      const transport = new BenchTransport(delayMs);
      const { app, outbox } = await buildApp({ config, database, transport, printMessages: false, logger: false });
      // The backlog is being delivered throughout.
      const backlog = outbox.kick();
      const fromQueued: number[] = [];
      const fromRequest: number[] = [];
      // One login untimed first: the first request of a process compiles the route's code.
      for (let i = -1; i < LOGINS; i++) {
        // Wall-clock times (ms), as the row's created_at is one.
        const handed = new Promise<{ at: number; queued: number }>((resolve) => (transport.onCode = (m) => resolve({ at: Date.now(), queued: m.createdAt.getTime() })));
        const started = Date.now();
        const res = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Demo123!', device: `bench-device-${String(i + 1).padStart(20, '0')}` } });
        if (res.statusCode !== 200 || !JSON.parse(res.body).authorize) throw new Error(`login ${i}: ${res.statusCode} ${res.body}`);
        let timer: NodeJS.Timeout | undefined;
        const code = await Promise.race([handed, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 10_000)))]);
        clearTimeout(timer);
        if (!code) throw new Error(`login ${i}: no code reached the transport within 10 s`);
        if (i >= 0) {
          fromQueued.push(code.at - code.queued);
          fromRequest.push(code.at - started);
        }
        await new Promise((resolve) => setTimeout(resolve, 100 + (i % 5) * 50));
      }
      const left = await pendingCount(database);
      const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
      const worst = (list: number[]) => Math.max(...list);
      const gateway = delayMs ? `${delayMs} ms a message` : 'answers at once';
      console.log(
        `| ${database.engine} | ${gateway} | ${median(fromQueued)} ms | ${worst(fromQueued)} ms | ${median(fromRequest)} ms | ${worst(fromRequest)} ms | ${transport.bulk.toLocaleString('en')} | ${left.toLocaleString('en')} |`,
      );
      // The rest of the backlog is dropped, so closing waits only for the batch in flight.
      await database.db.deleteFrom('outbox').where('sent_at', 'is', null).where('claimed_at', 'is', null).execute();
      await backlog;
      await app.close();
    } finally {
      await dispose();
    }
  }
}
