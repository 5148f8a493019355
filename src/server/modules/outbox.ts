// Every SMS and e-mail is first a row in the outbox, written in the caller's transaction; a
// dispatcher then claims pending rows (safe across instances) and hands them to the transport.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string | null;
  body: string;
}

export interface Transport {
  send(message: OutboxMessage & { id: number; createdAt: Date }): Promise<void>;
}

export async function enqueue(db: Db, message: OutboxMessage): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ channel: message.channel, recipient: message.recipient, subject: message.subject ?? null, body: message.body })
    .execute();
}

/** The default transport: prints the message and appends it as one JSON line to a file. */
export class FileTransport implements Transport {
  constructor(
    private readonly file: string | null,
    private readonly print: (line: string) => void,
  ) {}

  async send(m: OutboxMessage & { id: number; createdAt: Date }): Promise<void> {
    const record = { id: m.id, channel: m.channel, to: m.recipient, subject: m.subject ?? undefined, body: m.body, createdAt: m.createdAt.toISOString() };
    this.print(`[${m.channel} to ${m.recipient}]${m.subject ? ` ${m.subject}:` : ''} ${m.body}`);
    if (this.file) {
      await mkdir(path.dirname(this.file), { recursive: true });
      await appendFile(this.file, JSON.stringify(record) + '\n');
    }
  }
}

export class OutboxDispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Delivers what is pending now; concurrent calls coalesce into one more pass. */
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
    // A claim older than a minute is taken as abandoned by a crashed instance and retried.
    const claimed = await sql<{ id: number; channel: 'sms' | 'email'; recipient: string; subject: string | null; body: string; created_at: Date }>`
      UPDATE outbox SET claimed_at = now(), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
        WHERE sent_at IS NULL AND attempts < 5 AND (claimed_at IS NULL OR claimed_at < now() - interval '1 minute')
        ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING id, channel, recipient, subject, body, created_at`.execute(this.db);
    const rows = [...claimed.rows].sort((a, b) => a.id - b.id);
    for (const row of rows) {
      try {
        await this.transport.send({ ...row, createdAt: row.created_at });
        await this.db.updateTable('outbox').set({ sent_at: sql<Date>`now()`, last_error: null }).where('id', '=', row.id).execute();
      } catch (err) {
        await this.db.updateTable('outbox').set({ claimed_at: null, last_error: String(err) }).where('id', '=', row.id).execute();
        this.onError(err);
      }
    }
    return rows.length;
  }
}
