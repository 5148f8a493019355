// The default transport, for a channel with no real one configured: prints the message and appends it as one
// JSON line to the outbox file, so a newcomer (and a test, a browser test) can read the codes.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingMessage, Transport } from '../outbox.ts';
import { messageLine } from './messageLine.ts';

export class FileTransport implements Transport {
  constructor(
    /** null: print only (OUTBOX_FILE=off). */
    private readonly file: string | null,
    private readonly print: (line: string) => void,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    const record = { id: m.id, channel: m.channel, to: m.recipient, subject: m.subject ?? undefined, body: m.body, createdAt: m.createdAt.toISOString() };
    this.print(messageLine(m, Boolean(process.stdout.isTTY)));
    if (this.file) {
      await mkdir(path.dirname(this.file), { recursive: true });
      await appendFile(this.file, JSON.stringify(record) + '\n');
    }
  }
}
