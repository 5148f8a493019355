// The secrets and signatures of webhook deliveries (Standard Webhooks, src/shared/webhooks.ts).
import { createHmac, randomBytes } from 'node:crypto';
import { signedContent, WEBHOOK_SECRET_PREFIX } from '../../../shared/webhooks.ts';

/** A new endpoint secret: "whsec_" and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The webhook-signature header of a delivery: "v1," and the base64 HMAC-SHA256 of the signed content. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(signedContent(id, timestamp, body)).digest('base64')}`;
}
