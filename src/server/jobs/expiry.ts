// Expiry: payouts to collect (or suspended) whose end date has passed become EXPIRED, and their money goes back
// to the available funds (ledger/payoutsBulk.ts, as the system: no user). Safe with several server instances on
// one PostgreSQL: each run claims a batch with FOR UPDATE SKIP LOCKED, and the move itself is conditional on
// the status, so no payout is expired, nor its money unlocked, twice. PGlite runs one transaction at a time.
import { sql } from 'kysely';
import type { PayoutStatus } from '../../shared/payouts.ts';
import { sourcesOf } from '../../shared/payouts.ts';
import { writeAudit } from '../audit/log.ts';
import type { Db } from '../db/index.ts';
import { movePayouts } from '../ledger/index.ts';
import { sendTransitionMessages } from '../areas/payouts/messages.ts';

const EXPIRING: PayoutStatus[] = sourcesOf('EXPIRED');
const BATCH = 5_000;

/** Expires what is due at `now`, batch by batch; answers how many payouts expired. */
export async function expirePayouts(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await db.transaction().execute(async (trx) => {
      const due = await sql<{ id: number }>`
        SELECT id FROM payouts
        WHERE status IN (${sql.join(EXPIRING)}) AND end_date <= ${now}
        ORDER BY id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`.execute(trx);
      if (due.rows.length === 0) return 0;
      const ids = due.rows.map((r) => Number(r.id));
      const done = await movePayouts(trx, { ids, from: EXPIRING, to: 'EXPIRED', actor: { userId: null } });
      if (done.length > 0) {
        // Who hears of it is the transition table's (each customer's admins, how many of its payouts expired).
        await sendTransitionMessages(trx, 'EXPIRED', done);
        await writeAudit(trx, { actor: { userId: null }, customerId: null, action: 'payout.expire', entity: 'payout', entityId: null, before: null, after: { updated: done.length, ids: done.slice(0, 1000).map((d) => d.id) } });
      }
      return done.length;
    });
    total += moved;
    if (moved < BATCH) return total;
  }
}
