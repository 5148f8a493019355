// SMS by an HTTP gateway (SMS_GATEWAY_URL): one POST per message,
//   Authorization: Bearer <SMS_GATEWAY_TOKEN>
//   { "to": "+48…", "from": "<sender name>", "text": "…", "reference": "<outbox id>" }
// A 2xx answer is a delivery; any other answer, a network error or no answer within the timeout is a failure,
// retried by the dispatcher. The reference lets the gateway drop a message it has already taken.
import type { Db } from '../../db/index.ts';
import { getCustomerSetting } from '../settings.ts';
import type { OutgoingMessage, Transport } from '../outbox.ts';

/** The sender name of messages sent for no customer (staff codes), and of a customer that has none. */
export const DEFAULT_SMS_SENDER = 'Payouts';
/** A gateway that has not answered by then is taken as failed. */
const SMS_GATEWAY_TIMEOUT_MS = 10_000;
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
}

export class SmsGatewayTransport implements Transport {
  readonly url: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: SmsGatewayOptions) {
    this.url = options.url;
    this.timeoutMs = options.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS;
  }

  async send(m: OutgoingMessage): Promise<void> {
    if (m.channel !== 'sms') throw new Error(`the SMS gateway cannot send a message of channel ${m.channel}`);
    const payload = { to: m.recipient, from: await this.options.senderName(m.customerId), text: m.body, reference: String(m.id) };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    // One signal for the request and the reading of the answer: a gateway that stalls half-way is caught too.
    const signal = AbortSignal.timeout(this.timeoutMs);
    let status: number;
    let text: string;
    try {
      // A redirect is not followed: it would turn the POST into a GET, and is the gateway's URL changing anyway.
      const response = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify(payload), signal, redirect: 'manual' });
      status = response.status;
      text = await response.text();
    } catch (err) {
      if (signal.aborted) throw new Error(`SMS gateway did not answer within ${this.timeoutMs / 1000} s`);
      throw new Error(`SMS gateway unreachable: ${causeOf(err)}`);
    }
    if (status < 200 || status > 299) {
      const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, BODY_EXCERPT);
      throw new Error(`SMS gateway answered ${status}${excerpt ? `: ${excerpt}` : ''}`);
    }
  }
}

/** fetch's own message is "fetch failed"; the reason (ECONNREFUSED, a DNS failure) is its cause. */
function causeOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : null;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
  if (cause) return code && !cause.message.includes(code) ? `${code} ${cause.message}` : cause.message;
  return err instanceof Error ? err.message : String(err);
}
