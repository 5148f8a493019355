// Webhook deliveries, the outbox's `webhook` channel: one signed POST of the event's JSON to the endpoint's
// address, with Standard Webhooks headers (signature.ts). A 2xx answer is a delivery; any other answer, a refused
// address, a network error or no answer within the timeout is a failure, retried by the outbox with its backoff.
// Every attempt is kept (webhook_attempts) for the delivery log.
// Addresses: the form's rule (webhookUrl) refuses private hosts when the endpoint is saved; here every address the
// host resolves to is checked again when connecting, so a public name that points into a private network (or is
// made to, later) is never reached. Redirects are not followed (they would lead anywhere).
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { sql } from 'kysely';
import { isPublicAddress } from '../../../shared/validation/addresses.ts';
import { WEBHOOK_HEADERS } from '../../../shared/webhooks.ts';
import type { Db } from '../../db/index.ts';
import { customerAdmins, notify } from '../notifications.ts';
import type { OnSettled, OutgoingMessage, Transport } from '../outbox.ts';
import { signature } from './signature.ts';

/** An endpoint that has not answered by then is taken as failed. */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Attempts a delivery gets: with the outbox's doubling backoff from 30 s, about an hour in all. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How much of an endpoint's answer is read (and kept, for a failure). */
const ANSWER_EXCERPT = 200;

export interface WebhookTransportOptions {
  /** Deliver to private addresses too (WEBHOOK_PRIVATE_ADDRESSES=allow: a receiver inside one's own network). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** Errors whose message is already the attempt's error (not wrapped as 'unreachable'). */
class RefusedAddress extends Error {}
class TimedOut extends Error {}

/** How a host name is resolved: dns.lookup asked for every address. */
export type Resolve = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** A lookup that refuses a name resolving to any private address (isPublicAddress), for the connection to use. */
export function publicLookup(resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new RefusedAddress(`${hostname} resolves to the private address ${refused.address}`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

const PUBLIC_ONLY = publicLookup();

interface Answer {
  status: number;
  text: string;
}

export class WebhookTransport implements Transport {
  private readonly timeoutMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: WebhookTransportOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  async send(m: OutgoingMessage): Promise<void> {
    if (m.channel !== 'webhook' || !m.webhookEndpointId || !m.eventId) throw new Error(`a webhook delivery needs its endpoint and event (channel ${m.channel})`);
    const endpoint = await this.db.selectFrom('webhook_endpoints').select(['url', 'secret', 'enabled']).where('id', '=', m.webhookEndpointId).executeTakeFirst();
    if (!endpoint) throw new Error('The endpoint no longer exists');
    if (!endpoint.enabled) throw new Error('The endpoint is disabled');
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const timestamp = Math.floor(started / 1000);
      const answer = await this.post(endpoint.url, {
        [WEBHOOK_HEADERS.id]: m.eventId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signature(endpoint.secret, m.eventId, timestamp, m.body),
      }, m.body);
      status = answer.status;
      if (status < 200 || status > 299) {
        const excerpt = answer.text.replace(/\s+/g, ' ').trim().slice(0, ANSWER_EXCERPT);
        error = `The endpoint answered ${status}${excerpt ? `: ${excerpt}` : ''}`;
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    await this.db.insertInto('webhook_attempts').values({ outbox_id: m.id, status, error, duration_ms: Date.now() - started }).execute();
    await this.db.updateTable('outbox').set({ last_status: status }).where('id', '=', m.id).execute();
    if (error) throw new Error(error);
  }

  private post(url: string, signed: Record<string, string>, body: string): Promise<Answer> {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!this.options.allowPrivate && isIP(host) && !isPublicAddress(host)) {
      return Promise.reject(new Error(`${host} is a private address`));
    }
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Payout-Webhooks/1', 'content-length': Buffer.byteLength(body), ...signed },
          lookup: this.options.allowPrivate ? undefined : PUBLIC_ONLY,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            // Only the start is kept; the rest is read and dropped so the connection ends cleanly.
            if (text.length < ANSWER_EXCERPT) text += chunk.slice(0, ANSWER_EXCERPT - text.length);
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        },
      );
      // One deadline for connecting, sending and the whole answer: an endpoint that stalls half-way is caught too.
      const timedOut = () => request.destroy(new TimedOut(`The endpoint did not answer within ${this.timeoutMs / 1000} s`));
      const deadline = setTimeout(timedOut, this.timeoutMs);
      request.on('error', (err) => {
        clearTimeout(deadline);
        reject(err instanceof RefusedAddress || err instanceof TimedOut ? err : new Error(`The endpoint is unreachable: ${describe(err)}`));
      });
      request.on('close', () => clearTimeout(deadline));
      request.end(body);
    });
  }
}

function describe(err: Error): string {
  const code = 'code' in err && typeof err.code === 'string' ? err.code : null;
  return code && !err.message.includes(code) ? `${code} ${err.message}` : err.message;
}

/**
 * After each webhook attempt: a delivery that has spent its attempts marks its endpoint failing (and tells the
 * customer's admins, once per failing spell); a delivery that succeeds ends the spell.
 */
export function webhookSettled(db: Db): OnSettled {
  return async (message, outcome) => {
    if (message.channel !== 'webhook' || !message.webhookEndpointId) return;
    if (outcome === 'sent') {
      await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', message.webhookEndpointId).where('failing_since', 'is not', null).execute();
      return;
    }
    if (outcome !== 'failed') return;
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: sql<Date>`now()` })
        .where('id', '=', message.webhookEndpointId!)
        .where('failing_since', 'is', null)
        .returning(['customer_id', 'url'])
        .executeTakeFirst();
      if (marked) await notify(trx, await customerAdmins(trx, marked.customer_id), 'webhookFailing', { url: marked.url });
    });
  };
}
