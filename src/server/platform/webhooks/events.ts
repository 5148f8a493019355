// Webhook events, queued in the transaction of what they tell (so an event is sent exactly when its change is
// committed): one outbox row per event and endpoint of the customer that takes the event, sharing the event's id.
// Only enabled endpoints of customers with the integration API on hear events.
// Payout events are made in one statement for any number of payouts (a bulk change, an import, the expiry job).
import { sql } from 'kysely';
import { FEATURE_SETTINGS } from '../../../shared/customerFeatures.ts';
import type { PayoutStatus } from '../../../shared/payouts.ts';
import type { ImportEventData, WebhookEventType } from '../../../shared/webhooks.ts';
import type { Db, Trx } from '../../db/index.ts';
import { WEBHOOK_MAX_ATTEMPTS } from './transport.ts';

/** A status change of a payout: from null when it was created. */
export interface PayoutChange {
  id: number;
  from: PayoutStatus | null;
}

const iso = (column: string) => sql`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The events of payouts that moved to `to` (or were created in it): payout.created, payout.status_changed, and payout.collected. */
function payoutEventTypes(from: PayoutStatus | null, to: PayoutStatus): WebhookEventType[] {
  if (from === null) return ['payout.created'];
  return to === 'COLLECTED_ON_PAGE' ? ['payout.status_changed', 'payout.collected'] : ['payout.status_changed'];
}

/** An endpoint `e` that hears events: enabled, of a customer whose integration API is on (hasFeature 'api', as SQL). */
const listening = sql`e.enabled AND EXISTS (SELECT 1 FROM settings s WHERE s.customer_id = e.customer_id AND s.key = ${FEATURE_SETTINGS.api} AND s.value = 'true')`;

/** Whether any endpoint hears one of these events (the check that keeps events free where no one listens). */
async function anyListener(trx: Db | Trx, types: readonly string[], customerId?: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    SELECT e.id FROM webhook_endpoints e
    WHERE ${listening} AND e.events && ${[...types]}::text[] ${customerId === undefined ? sql`` : sql`AND e.customer_id = ${customerId}`}
    LIMIT 1`.execute(trx);
  return rows.length > 0;
}

/** Queues the events of payouts that moved to `to` (PayoutEventData: the payout as it now is, and its previous status). */
export async function queuePayoutEvents(trx: Db | Trx, changes: readonly PayoutChange[], to: PayoutStatus, customerId?: number): Promise<void> {
  if (changes.length === 0) return;
  const types = [...new Set(changes.flatMap((c) => payoutEventTypes(c.from, to)))];
  if (!(await anyListener(trx, types, customerId))) return;
  // One row per payout and event, in the order they are to be delivered.
  const rows = changes.flatMap((c) => payoutEventTypes(c.from, to).map((type) => ({ ...c, type })));
  await sql`
    WITH changed AS (
      SELECT * FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.from)}::text[], ${rows.map((r) => r.type)}::text[])
        WITH ORDINALITY AS c(id, from_status, type, n)
    ),
    events AS MATERIALIZED (
      SELECT c.n, p.customer_id, c.type, 'msg_' || replace(gen_random_uuid()::text, '-', '') AS event_id,
             json_build_object(
               'type', c.type,
               'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', json_build_object(
                 'id', p.id, 'reference', p.reference, 'status', p.status, 'previousStatus', c.from_status, 'source', p.source,
                 'amount', p.amount, 'currency', p.currency, 'title', p.title, 'accountId', p.account_id,
                 'programId', p.program_id, 'recipientId', p.recipient_id, 'importId', p.import_id,
                 'startDate', ${iso('p.start_date')}, 'endDate', ${iso('p.end_date')}, 'createdAt', ${iso('p.created_at')}
               )
             )::text AS body
      FROM changed c
      JOIN payouts p ON p.id = c.id
      WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.customer_id = p.customer_id AND ${listening} AND c.type = ANY(e.events))
    )
    INSERT INTO outbox (channel, recipient, subject, body, customer_id, webhook_endpoint_id, event_id, max_attempts)
    SELECT 'webhook', e.url, ev.type, ev.body, ev.customer_id, e.id, ev.event_id, ${WEBHOOK_MAX_ATTEMPTS}::int
    FROM events ev
    JOIN webhook_endpoints e ON e.customer_id = ev.customer_id AND ${listening} AND ev.type = ANY(e.events)
    ORDER BY ev.n, e.id`.execute(trx);
}

/** Queues import.finished for the customer's endpoints that take it. */
export async function queueImportFinished(trx: Db | Trx, customerId: number, data: ImportEventData): Promise<void> {
  if (!(await anyListener(trx, ['import.finished'], customerId))) return;
  const body = JSON.stringify({ type: 'import.finished', timestamp: new Date().toISOString(), data });
  await sql`
    WITH event AS MATERIALIZED (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id)
    INSERT INTO outbox (channel, recipient, subject, body, customer_id, webhook_endpoint_id, event_id, max_attempts)
    SELECT 'webhook', e.url, 'import.finished', ${body}, e.customer_id, e.id, event.id, ${WEBHOOK_MAX_ATTEMPTS}::int
    FROM webhook_endpoints e CROSS JOIN event
    WHERE e.customer_id = ${customerId} AND ${listening} AND 'import.finished' = ANY(e.events)
    ORDER BY e.id`.execute(trx);
}
