// Every SMS and e-mail is first a row in the outbox, written in the caller's transaction; a
// dispatcher then claims pending rows (safe across instances) and hands them to the transport
// (src/server/platform/transports: SMTP, an HTTP SMS gateway, or the outbox file, per channel; webhooks: an HTTP
// POST to the customer's endpoint, src/server/platform/webhooks).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.ts';

type OutboxChannel = 'sms' | 'email' | 'webhook';

/**
 * The lane an SMS or e-mail waits in: 'code' for verification codes (login, device, step-up, restore, collection
 * sign-in), served by every instance before and beside the 'bulk' messages (payout SMS, reminders), so a code never
 * waits behind an import's backlog. Webhook deliveries have a lane of their own, by channel.
 */
type MessageLane = 'code' | 'bulk';

export interface OutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  body: string;
  /** The customer the message is sent for (its SMS sender name); none for staff codes. */
  customerId?: number | null;
  /** 'code' for a message carrying a verification code; bulk by default. */
  lane?: MessageLane;
}

/** A queued message as a transport receives it. */
export type OutgoingMessage = OutboxMessage & {
  id: number;
  createdAt: Date;
  customerId: number | null;
  /** A webhook delivery's endpoint and event (null for SMS and e-mail). */
  webhookEndpointId?: number | null;
  eventId?: string | null;
};

/** How a claimed message ended this time: delivered, to be tried again, or failed for good (its attempts spent). */
type DeliveryOutcome = 'sent' | 'retry' | 'failed';

/** Told after each delivery attempt, in its own statement after the row's update (webhooks mark their endpoint). */
export type OnSettled = (message: OutgoingMessage, outcome: DeliveryOutcome) => Promise<void>;

export interface Transport {
  /** Resolves once the message is delivered; throws (with a message worth keeping as the row's last error) otherwise. */
  send(message: OutgoingMessage): Promise<void>;
}

/** Attempts a message gets (the row's max_attempts default); after the last failure it stays failed, with its last error. */
const MAX_ATTEMPTS = 5;
/** The wait after a first failure; each further failure doubles it. */
const RETRY_BASE_SECONDS = 30;
/** Messages claimed at once. */
const BATCH_SIZE = 20;
/** A claim older than this is taken as abandoned by a crashed instance, and its messages are claimed again. */
const CLAIM_TIMEOUT_SECONDS = 60;
/**
 * How long one batch may keep sending: half the claim timeout, so that slow deliveries (a gateway timing out on each
 * message) can never outlive the claim and have another instance send the rest a second time.
 */
const BATCH_BUDGET_MS = (CLAIM_TIMEOUT_SECONDS / 2) * 1000;
/** The part of an error kept in the row. */
const MAX_ERROR_LENGTH = 1000;

/** Seconds to wait after the `attempts`-th failure (30, 60, 120, 240, …); null once the attempts are spent. */
export function retryDelaySeconds(attempts: number, maxAttempts = MAX_ATTEMPTS): number | null {
  if (attempts >= maxAttempts) return null;
  return RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1);
}

/** A message's state as the outbox lists show it: sent, failed once its attempts are spent, else pending. */
export const outboxStateSql = sql<string>`CASE WHEN outbox.sent_at IS NOT NULL THEN 'sent' WHEN outbox.attempts >= outbox.max_attempts THEN 'failed' ELSE 'pending' END`;

export async function enqueue(db: Db, message: OutboxMessage): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      customer_id: message.customerId ?? null,
      lane: message.lane ?? 'bulk',
    })
    .execute();
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);

type ClaimedRow = {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
  customer_id: number | null;
  attempts: number;
  max_attempts: number;
  webhook_endpoint_id: number | null;
  event_id: string | null;
  lane: MessageLane;
};

/**
 * Which rows each lane claims. Literal conditions, so that the planner matches the lanes' partial indexes (migration
 * 020: outbox_code_pending_idx, outbox_webhook_pending_idx; the bulk lane reads outbox_pending_idx).
 */
const LANE_ROWS = {
  code: sql`channel IN ('sms', 'email') AND lane = 'code'`,
  bulk: sql`channel IN ('sms', 'email') AND lane = 'bulk'`,
  webhook: sql`channel = 'webhook'`,
};
/**
 * How often an instance looks for codes when nothing kicks it: a probe of an index that is nearly always empty, so
 * a code queued by an instance that stops before delivering it still goes out within the second.
 */
const CODE_POLL_MS = 500;

/**
 * The dispatcher: three lanes, each its own loop claiming only its own rows. Verification codes are never queued
 * behind bulk messages, nor wait for a bulk batch in flight (a slow gateway can hold one for its 30 s budget): the
 * code lane delivers beside it. A customer's slow or silent webhook endpoint (10 s a delivery) holds back neither.
 */
export class OutboxDispatcher {
  private readonly lanes: OutboxLane[];
  private readonly codes: OutboxLane;

  constructor(db: Db, transport: Transport, onError: (err: unknown) => void, onSettled: OnSettled = async () => {}) {
    this.codes = new OutboxLane(db, transport, onError, onSettled, LANE_ROWS.code);
    this.lanes = [this.codes, new OutboxLane(db, transport, onError, onSettled, LANE_ROWS.bulk), new OutboxLane(db, transport, onError, onSettled, LANE_ROWS.webhook)];
  }

  /** Delivers what is due now in every lane. */
  async kick(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.kick()));
  }

  start(intervalMs = 2000): void {
    for (const lane of this.lanes) lane.start(lane === this.codes ? Math.min(intervalMs, CODE_POLL_MS) : intervalMs);
  }

  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }
}

/** One lane of the outbox: its pending rows, claimed in batches and delivered one by one. */
class OutboxLane {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport,
    private readonly onError: (err: unknown) => void,
    private readonly onSettled: OnSettled,
    /** The condition naming the lane's rows (LANE_ROWS). */
    private readonly rows: RawBuilder<unknown>,
  ) {}

  /** Delivers what is due now; concurrent calls coalesce into one more pass. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          // Between batches the event loop takes its turn: on the embedded database every query resolves without
          // I/O, so a long queue (an import's thousands of SMS) would otherwise hold off every request until sent.
          while ((await this.dispatchBatch()) > 0) await new Promise((resolve) => setImmediate(resolve));
        } while (this.again);
      } catch (err) {
        this.onError(err);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Also how a message waiting for its retry is picked up: a pass every interval. */
  start(intervalMs = 2000): void {
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async dispatchBatch(): Promise<number> {
    const claimed = await sql<ClaimedRow>`
      UPDATE outbox SET claimed_at = now(), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
        WHERE sent_at IS NULL AND attempts < max_attempts AND ${this.rows}
          AND (claimed_at IS NULL OR claimed_at < now() - ${CLAIM_TIMEOUT_SECONDS}::integer * interval '1 second')
          AND (next_attempt_at IS NULL OR next_attempt_at <= now())
        ORDER BY id LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED)
      RETURNING id, channel, recipient, subject, body, created_at, customer_id, attempts, max_attempts, webhook_endpoint_id, event_id, lane`.execute(this.db);
    const rows = [...claimed.rows].sort((a, b) => a.id - b.id);
    const started = Date.now();
    for (const [index, row] of rows.entries()) {
      if (Date.now() - started > BATCH_BUDGET_MS) {
        // Handed back untried, with the attempt not counted: the next pass claims them afresh.
        const rest = rows.slice(index).map((r) => r.id);
        await this.db.updateTable('outbox').set({ claimed_at: null, attempts: sql<number>`attempts - 1` }).where('id', 'in', rest).execute();
        break;
      }
      await this.deliver(row);
    }
    return rows.length;
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const message: OutgoingMessage = {
      id: Number(row.id),
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at,
      customerId: row.customer_id,
      webhookEndpointId: row.webhook_endpoint_id,
      eventId: row.event_id,
      lane: row.lane,
    };
    let outcome: DeliveryOutcome;
    try {
      await this.transport.send(message);
      await this.db.updateTable('outbox').set({ sent_at: sql<Date>`now()`, last_error: null, next_attempt_at: null }).where('id', '=', row.id).execute();
      outcome = 'sent';
    } catch (err) {
      const delay = retryDelaySeconds(row.attempts, row.max_attempts);
      await this.db
        .updateTable('outbox')
        .set({
          claimed_at: null,
          last_error: errorText(err),
          next_attempt_at: delay === null ? null : sql<Date>`now() + ${delay}::integer * interval '1 second'`,
        })
        .where('id', '=', row.id)
        .execute();
      outcome = delay === null ? 'failed' : 'retry';
      this.onError(err);
    }
    try {
      await this.onSettled(message, outcome);
    } catch (err) {
      this.onError(err);
    }
  }
}
