// SMS by an HTTP gateway (SMS_GATEWAY_URL): one POST per message,
//   Authorization: Bearer <SMS_GATEWAY_TOKEN>
//   { "to": "+48…", "from": "<sender name>", "text": "…", "reference": "<outbox id>" }
// A 2xx answer is a delivery; any other answer, a network error or no answer within the timeout is a failure,
// retried by the dispatcher. The reference lets the gateway drop a message it has already taken.
// Connections are kept alive (undici's Pool): bulk messages go SMS_GATEWAY_CONCURRENCY at a time, and codes over
// connections of their own, so a gateway slow to answer the bulk never queues a code behind it.
// With SMS_GATEWAY_BATCH_URL, bulk messages go up to BATCH_MESSAGES in one POST to it,
//   { "messages": [ { "to", "from", "text", "reference" }, … ] }
// answered with a 2xx and each message's outcome,
//   { "results": [ { "reference": "<outbox id>", "status": "accepted" | "rejected", "error": "…" }, … ] }
// A rejected message, or one the answer leaves out, is a failure of that message alone; any other answer fails them all.
import { Pool } from 'undici';
import type { Db } from '../../db/index.ts';
import { getCustomerSetting } from '../settings.ts';
import { eachBounded, sendEach, type OutgoingMessage, type SendOutcome, type Transport } from '../outbox.ts';

/** The sender name of messages sent for no customer (staff codes), and of a customer that has none. */
export const DEFAULT_SMS_SENDER = 'Payouts';
/** A gateway that has not answered by then is taken as failed. */
const SMS_GATEWAY_TIMEOUT_MS = 10_000;
/** Connections kept for verification codes, beside the bulk ones. */
const CODE_CONNECTIONS = 4;
/** Messages in one request to the batch endpoint. */
export const BATCH_MESSAGES = 100;
/** How much of a refusal's body the error keeps. */
const BODY_EXCERPT = 200;

/** The sender name of a message: its customer's SMS_SENDER_NAME. */
export type SenderName = (customerId: number | null) => Promise<string>;

export function customerSenderName(db: Db): SenderName {
  return async (customerId) => {
    if (customerId === null) return DEFAULT_SMS_SENDER;
    const name = (await getCustomerSetting(db, customerId, 'SMS_SENDER_NAME'))?.trim();
    return name || DEFAULT_SMS_SENDER;
  };
}

export interface SmsGatewayOptions {
  url: string;
  token: string | null;
  senderName: SenderName;
  timeoutMs?: number;
  /** Bulk requests in flight at once (SMS_GATEWAY_CONCURRENCY). */
  concurrency: number;
  /** The gateway's batch endpoint (SMS_GATEWAY_BATCH_URL); none: one request per message. */
  batchUrl?: string | null;
}

interface GatewaySms {
  to: string;
  from: string;
  text: string;
  reference: string;
}

/** Where requests go: a pool of kept-alive connections to the URL's origin, and the URL's path. */
interface Endpoint {
  pool: Pool;
  path: string;
}

export class SmsGatewayTransport implements Transport {
  readonly url: string;
  readonly batchUrl: string | null;
  readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly codes: Endpoint;
  private readonly bulk: Endpoint;
  private readonly batch: Endpoint | null;

  constructor(private readonly options: SmsGatewayOptions) {
    this.url = options.url;
    this.batchUrl = options.batchUrl ?? null;
    this.timeoutMs = options.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS;
    this.concurrency = options.concurrency;
    this.codes = this.endpoint(this.url, CODE_CONNECTIONS);
    this.bulk = this.endpoint(this.url, this.concurrency);
    this.batch = this.batchUrl ? this.endpoint(this.batchUrl, this.concurrency) : null;
  }

  async send(m: OutgoingMessage): Promise<void> {
    await this.sendOne(m, await this.options.senderName(m.customerId));
  }

  /** Codes over their own connections; bulk messages by the batch endpoint, or SMS_GATEWAY_CONCURRENCY requests at once. */
  async sendMany(messages: OutgoingMessage[], canStart: () => boolean): Promise<SendOutcome[]> {
    const senders = this.senderNames();
    const one = async (m: OutgoingMessage) => this.sendOne(m, await senders(m.customerId));
    const outcomes: SendOutcome[] = messages.map(() => 'untried');
    const codes = messages.flatMap((m, index) => (m.lane === 'code' ? [index] : []));
    const bulk = messages.flatMap((m, index) => (m.lane === 'code' ? [] : [index]));
    const place = (indexes: number[], results: SendOutcome[]) => indexes.forEach((index, i) => (outcomes[index] = results[i]));
    await Promise.all([
      sendEach(codes.map((index) => messages[index]), CODE_CONNECTIONS, canStart, one).then((results) => place(codes, results)),
      (this.batch
        ? this.sendBatches(this.batch, bulk.map((index) => messages[index]), senders, canStart)
        : sendEach(bulk.map((index) => messages[index]), this.concurrency, canStart, one)
      ).then((results) => place(bulk, results)),
    ]);
    return outcomes;
  }

  async close(): Promise<void> {
    await Promise.all([this.codes.pool.close(), this.bulk.pool.close(), this.batch?.pool.close()]);
  }

  private endpoint(url: string, connections: number): Endpoint {
    const target = new URL(url);
    // Each stage has the timeout: connecting, the answer's headers once the request is sent, and each wait within its
    // body, so a gateway that stalls half-way is caught too. (Undici's own timers: a signal a request costs a quarter
    // of the throughput.)
    const pool = new Pool(target.origin, { connections, connect: { timeout: this.timeoutMs }, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
    return { pool, path: `${target.pathname}${target.search}` };
  }

  /** The sender names of one batch's customers, each read once. */
  private senderNames(): SenderName {
    const names = new Map<number | null, Promise<string>>();
    return (customerId) => {
      let name = names.get(customerId);
      if (!name) names.set(customerId, (name = this.options.senderName(customerId)));
      return name;
    };
  }

  private async sendOne(m: OutgoingMessage, from: string): Promise<void> {
    if (m.channel !== 'sms') throw new Error(`the SMS gateway cannot send a message of channel ${m.channel}`);
    const { status, text } = await this.post(m.lane === 'code' ? this.codes : this.bulk, gatewaySms(m, from));
    if (status < 200 || status > 299) throw refusal(status, text);
  }

  /** Bulk messages in requests of BATCH_MESSAGES to the batch endpoint, SMS_GATEWAY_CONCURRENCY requests at once. */
  private async sendBatches(endpoint: Endpoint, messages: OutgoingMessage[], senders: SenderName, canStart: () => boolean): Promise<SendOutcome[]> {
    const outcomes: SendOutcome[] = messages.map(() => 'untried');
    const chunks: number[][] = [];
    for (let from = 0; from < messages.length; from += BATCH_MESSAGES) chunks.push(messages.slice(from, from + BATCH_MESSAGES).map((_, i) => from + i));
    await eachBounded(chunks, this.concurrency, canStart, async (chunk) => {
      const results = await this.postBatch(endpoint, chunk.map((index) => messages[index]), senders);
      chunk.forEach((index, i) => (outcomes[index] = results[i]));
    });
    return outcomes;
  }

  private async postBatch(endpoint: Endpoint, messages: OutgoingMessage[], senders: SenderName): Promise<SendOutcome[]> {
    const wrong = messages.find((m) => m.channel !== 'sms');
    if (wrong) return messages.map(() => ({ error: new Error(`the SMS gateway cannot send a message of channel ${wrong.channel}`) }));
    let answer: { status: number; text: string };
    try {
      const body = { messages: await Promise.all(messages.map(async (m) => gatewaySms(m, await senders(m.customerId)))) };
      answer = await this.post(endpoint, body);
    } catch (error) {
      return messages.map(() => ({ error }));
    }
    if (answer.status < 200 || answer.status > 299) {
      const error = refusal(answer.status, answer.text);
      return messages.map(() => ({ error }));
    }
    const results = batchResults(answer.text);
    return messages.map((m): SendOutcome => {
      const result = results.get(String(m.id));
      if (result?.status === 'accepted') return 'sent';
      if (result?.status === 'rejected') return { error: new Error(`SMS gateway rejected the message${result.error ? `: ${excerpt(result.error)}` : ''}`) };
      return { error: new Error('SMS gateway answered without an outcome for the message') };
    });
  }

  private async post(endpoint: Endpoint, payload: unknown): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    try {
      // A redirect is not followed (a Pool never does): it would turn the POST into a GET, and is the gateway's URL changing anyway.
      const response = await endpoint.pool.request({ path: endpoint.path, method: 'POST', headers, body: JSON.stringify(payload) });
      return { status: response.statusCode, text: await response.body.text() };
    } catch (err) {
      if (TIMEOUTS.has(codeOf(err) ?? '')) throw new Error(`SMS gateway did not answer within ${this.timeoutMs / 1000} s`);
      throw new Error(`SMS gateway unreachable: ${causeOf(err)}`);
    }
  }
}

const gatewaySms = (m: OutgoingMessage, from: string): GatewaySms => ({ to: m.recipient, from, text: m.body, reference: String(m.id) });

const excerpt = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, BODY_EXCERPT);

function refusal(status: number, text: string): Error {
  const start = excerpt(text);
  return new Error(`SMS gateway answered ${status}${start ? `: ${start}` : ''}`);
}

/** The batch answer's outcomes by reference; none when it is not the documented JSON. */
function batchResults(text: string): Map<string, { status: unknown; error: string | null }> {
  const results = new Map<string, { status: unknown; error: string | null }>();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return results;
  }
  const list = answer && typeof answer === 'object' && 'results' in answer && Array.isArray(answer.results) ? (answer.results as unknown[]) : [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { reference, status, error } = item as Record<string, unknown>;
    if (typeof reference === 'string' || typeof reference === 'number') results.set(String(reference), { status, error: typeof error === 'string' ? error : null });
  }
  return results;
}

/** Undici's codes of a stage that timed out. */
const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

const codeOf = (err: unknown): string | null => (err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : null);

/** The reason of a failed request: its code (ECONNREFUSED, a DNS failure) with its message, or its cause's. */
function causeOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (!(cause instanceof Error)) return String(cause);
  const code = codeOf(cause);
  return code && !cause.message.includes(code) ? `${code} ${cause.message}` : cause.message;
}
