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

/** How one message of a batch went at the transport: delivered, failed (with its error), or never started. */
export type SendOutcome = 'sent' | 'untried' | { error: unknown };

export interface Transport {
  /** Resolves once the message is delivered; throws (with a message worth keeping as the row's last error) otherwise. */
  send(message: OutgoingMessage): Promise<void>;
  /**
   * A batch's messages, as many at once as the transport takes them (the SMS gateway: concurrent requests, or its
   * batch endpoint); a message is started only while `canStart()` holds. The outcomes come in the messages' order.
   * A transport without it is handed them one at a time (sendEach).
   */
  sendMany?(messages: OutgoingMessage[], canStart: () => boolean): Promise<SendOutcome[]>;
  /** Lets go of what the transport keeps open (the gateway's connections); the dispatcher's stop calls it. */
  close?(): Promise<void>;
}

/** Runs `task` over the items, at most `concurrency` at once, starting each only while `canStart()` holds. */
export async function eachBounded<T>(items: readonly T[], concurrency: number, canStart: () => boolean, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && canStart()) {
      const index = next++;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/** Sends the messages by `send`, at most `concurrency` at once, starting each only while `canStart()` holds. */
export async function sendEach(
  messages: readonly OutgoingMessage[],
  concurrency: number,
  canStart: () => boolean,
  send: (message: OutgoingMessage) => Promise<void>,
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = messages.map(() => 'untried');
  await eachBounded(messages, concurrency, canStart, async (message, index) => {
    try {
      await send(message);
      outcomes[index] = 'sent';
    } catch (error) {
      outcomes[index] = { error };
    }
  });
  return outcomes;
}

/** Attempts a message gets (the row's max_attempts default); after the last failure it stays failed, with its last error. */
const MAX_ATTEMPTS = 5;
/** The wait after a first failure; each further failure doubles it. */
const RETRY_BASE_SECONDS = 30;
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

/** Claimed rows, and when their batch's budget ends (BATCH_BUDGET_MS after the claim). */
interface ClaimedBatch {
  rows: ClaimedRow[];
  deadline: number;
}

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

interface LaneSpec {
  /**
   * Which rows the lane claims. Literal conditions, so that the planner matches the lanes' partial indexes (migration
   * 020: outbox_code_pending_idx, outbox_webhook_pending_idx; the bulk lane reads outbox_pending_idx).
   */
  rows: RawBuilder<unknown>;
  /** Messages claimed at once. */
  batch: number;
  /** Claims the next batch while one is delivered. */
  prefetch: boolean;
  /**
   * Messages handed to the transport together; each group is recorded (its rows updated, onSettled told) before the
   * next starts. A webhook delivery is settled before the next, so an endpoint's failing spell is marked in order.
   */
  group: number;
}

const LANES = {
  code: { rows: sql`channel IN ('sms', 'email') AND lane = 'code'`, batch: 20, group: 20, prefetch: false },
  // Big batches: the gateway takes them concurrently (SMS_GATEWAY_CONCURRENCY) and their rows are updated together.
  bulk: { rows: sql`channel IN ('sms', 'email') AND lane = 'bulk'`, batch: 200, group: 200, prefetch: true },
  webhook: { rows: sql`channel = 'webhook'`, batch: 20, group: 1, prefetch: false },
} satisfies Record<string, LaneSpec>;
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

  constructor(
    db: Db,
    private readonly transport: Transport,
    onError: (err: unknown) => void,
    onSettled: OnSettled = async () => {},
  ) {
    const lane = (spec: LaneSpec) => new OutboxLane(db, transport, onError, onSettled, spec);
    this.codes = lane(LANES.code);
    this.lanes = [this.codes, lane(LANES.bulk), lane(LANES.webhook)];
  }

  /** Delivers what is due now in every lane. */
  async kick(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.kick()));
  }

  start(intervalMs = 2000): void {
    for (const lane of this.lanes) lane.start(lane === this.codes ? Math.min(intervalMs, CODE_POLL_MS) : intervalMs);
  }

  /**
   * Stops for good: no new batch or delivery starts, the deliveries in flight are awaited and recorded, and the rows
   * claimed but not yet tried are handed back at once (another instance takes them without waiting out the claim).
   */
  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
    await this.transport.close?.();
  }
}

/** One lane of the outbox: its pending rows, claimed in batches and handed to the transport in groups. */
class OutboxLane {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport,
    private readonly onError: (err: unknown) => void,
    private readonly onSettled: OnSettled,
    private readonly spec: LaneSpec,
  ) {}

  /** Delivers what is due now; concurrent calls coalesce into one more pass. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          if (!this.stopped) await this.drain();
        } while (this.again && !this.stopped);
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
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Batches until none is due. The bulk lane claims its next batch while it delivers one, so the gateway is not
   * left waiting on the database between batches; a batch claimed as the lane stops is handed back untried.
   */
  private async drain(): Promise<void> {
    let next: Promise<ClaimedBatch> | null = this.claim();
    while (next) {
      const batch: ClaimedBatch = await next;
      if (batch.rows.length === 0) return;
      next = this.spec.prefetch && !this.stopped ? this.claim() : null;
      try {
        await this.deliver(batch);
      } catch (err) {
        // The batch claimed meanwhile goes back rather than wait out its claim.
        if (next) await next.then((claimed) => this.deliver({ ...claimed, deadline: 0 }), () => {});
        throw err;
      }
      if (!next && !this.stopped && !this.spec.prefetch) next = this.claim();
      // Between batches the event loop takes its turn: on the embedded database every query resolves without
      // I/O, so a long queue (an import's thousands of SMS) would otherwise hold off every request until sent.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async claim(): Promise<ClaimedBatch> {
    const claimed = await sql<ClaimedRow>`
      UPDATE outbox SET claimed_at = now(), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
        WHERE sent_at IS NULL AND attempts < max_attempts AND ${this.spec.rows}
          AND (claimed_at IS NULL OR claimed_at < now() - ${CLAIM_TIMEOUT_SECONDS}::integer * interval '1 second')
          AND (next_attempt_at IS NULL OR next_attempt_at <= now())
        ORDER BY id LIMIT ${this.spec.batch} FOR UPDATE SKIP LOCKED)
      RETURNING id, channel, recipient, subject, body, created_at, customer_id, attempts, max_attempts, webhook_endpoint_id, event_id, lane`.execute(this.db);
    return { rows: [...claimed.rows].sort((a, b) => a.id - b.id), deadline: Date.now() + BATCH_BUDGET_MS };
  }

  private async deliver({ rows, deadline }: ClaimedBatch): Promise<void> {
    // Nothing starts once the batch has spent its budget or the lane stops; what was not started goes back.
    const canStart = () => !this.stopped && Date.now() <= deadline;
    for (let from = 0; from < rows.length; from += this.spec.group) {
      const group = rows.slice(from, from + this.spec.group);
      const messages = group.map(outgoing);
      const outcomes = this.transport.sendMany
        ? await this.transport.sendMany(messages, canStart)
        : await sendEach(messages, 1, canStart, (m) => this.transport.send(m));
      await this.record(group, outcomes);
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome === 'untried') continue;
        try {
          await this.onSettled(messages[index], settled(group[index], outcome));
        } catch (err) {
          this.onError(err);
        }
      }
    }
  }

  /** The group's rows, one statement per kind of outcome: delivered; failed with the same error and wait; untried. */
  private async record(rows: ClaimedRow[], outcomes: SendOutcome[]): Promise<void> {
    const sent: number[] = [];
    const untried: number[] = [];
    const failed = new Map<string, { error: string; delay: number | null; ids: number[] }>();
    for (const [index, outcome] of outcomes.entries()) {
      const row = rows[index];
      if (outcome === 'sent') sent.push(row.id);
      else if (outcome === 'untried') untried.push(row.id);
      else {
        this.onError(outcome.error);
        const error = errorText(outcome.error);
        const delay = retryDelaySeconds(row.attempts, row.max_attempts);
        const key = `${delay}:${error}`;
        const same = failed.get(key) ?? { error, delay, ids: [] };
        same.ids.push(row.id);
        failed.set(key, same);
      }
    }
    const ids = (list: number[]) => sql<boolean>`id = ANY(${list}::bigint[])`;
    if (sent.length > 0) {
      await this.db.updateTable('outbox').set({ sent_at: sql<Date>`now()`, last_error: null, next_attempt_at: null }).where(ids(sent)).execute();
    }
    for (const { error, delay, ids: list } of failed.values()) {
      await this.db
        .updateTable('outbox')
        .set({ claimed_at: null, last_error: error, next_attempt_at: delay === null ? null : sql<Date>`now() + ${delay}::integer * interval '1 second'` })
        .where(ids(list))
        .execute();
    }
    // Handed back untried, with the attempt not counted: the next pass (of any instance) claims them afresh.
    if (untried.length > 0) {
      await this.db.updateTable('outbox').set({ claimed_at: null, attempts: sql<number>`attempts - 1` }).where(ids(untried)).execute();
    }
  }
}

function outgoing(row: ClaimedRow): OutgoingMessage {
  return {
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
}

/** What onSettled is told of a tried message. */
function settled(row: ClaimedRow, outcome: Exclude<SendOutcome, 'untried'>): DeliveryOutcome {
  if (outcome === 'sent') return 'sent';
  return retryDelaySeconds(row.attempts, row.max_attempts) === null ? 'failed' : 'retry';
}
