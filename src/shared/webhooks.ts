// Webhooks of the integration API: what a customer's endpoint receives and how it checks it, as the server sends it
// and the panel shows it. Deliveries follow Standard Webhooks: the headers webhook-id (the event's id, the same on
// every retry and on "send again"), webhook-timestamp (seconds since 1970, of the attempt) and webhook-signature
// ("v1," and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the base64-decoded part of the
// secret after "whsec_").
import type { PayoutSource, PayoutStatus } from './payouts.ts';

export const WEBHOOK_EVENTS = ['payout.created', 'payout.status_changed', 'payout.collected', 'import.finished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Every secret starts so (Standard Webhooks); the rest is the key in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/** The text a signature is made over. */
export function signedContent(id: string, timestamp: number, body: string): string {
  return `${id}.${timestamp}.${body}`;
}

/** The body of every delivery. */
interface WebhookEvent<T = unknown> {
  type: WebhookEventType;
  /** When the event happened, ISO 8601 in UTC. */
  timestamp: string;
  data: T;
}

/** payout.created, payout.status_changed, payout.collected: the payout after the event. */
interface PayoutEventData {
  id: number;
  reference: string;
  status: PayoutStatus;
  /** The status before the change; null for payout.created. */
  previousStatus: PayoutStatus | null;
  source: PayoutSource;
  /** Thousandths of the currency unit. */
  amount: number;
  currency: string;
  title: string | null;
  accountId: number;
  programId: number;
  recipientId: number;
  importId: number | null;
  startDate: string;
  endDate: string;
  createdAt: string;
}

/** import.finished: a spreadsheet import whose rows were created. */
export interface ImportEventData {
  importId: number;
  kind: 'PAYOUTS' | 'RECIPIENTS';
  created: number;
}

/** DISABLED by its customer; FAILING once a delivery has spent its attempts, until one succeeds. */
export const WEBHOOK_ENDPOINT_STATES = ['ACTIVE', 'FAILING', 'DISABLED'] as const;

/** An endpoint as the panel lists it (never its secret, which is shown once). */
interface WebhookEndpoint {
  id: number;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  state: (typeof WEBHOOK_ENDPOINT_STATES)[number];
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** POST …/webhooks and …/webhooks/:id/secret: the endpoint with its secret, shown this once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

/** One attempt of a delivery, for the delivery log. */
export interface WebhookAttempt {
  id: number;
  attemptedAt: string;
  /** The endpoint's HTTP status; null when none came (refused address, no connection, timeout). */
  status: number | null;
  error: string | null;
  durationMs: number;
}
