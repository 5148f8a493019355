// The transport of each channel, chosen by the configuration: e-mail by SMTP when SMTP_URL is set, SMS by the HTTP
// gateway when SMS_GATEWAY_URL is set; a channel without a real transport goes to the outbox file (file.ts), so
// only its messages are printed and written there. Webhook deliveries always go to their endpoints
// (src/server/platform/webhooks/transport.ts).
import type { Config } from '../../config.ts';
import type { OutgoingMessage, Transport } from '../outbox.ts';
import { FileTransport } from './file.ts';
import { SmsGatewayTransport, type SenderName } from './smsGateway.ts';
import { SmtpTransport } from './smtp.ts';

export class ChannelTransport implements Transport {
  constructor(readonly channels: Readonly<Record<OutgoingMessage['channel'], Transport>>) {}

  send(message: OutgoingMessage): Promise<void> {
    return this.channels[message.channel].send(message);
  }
}

export interface TransportNeeds {
  /** The SMS sender name of a message's customer (smsGateway.ts: customerSenderName). */
  senderName: SenderName;
  /** Where the file transport prints. */
  print: (line: string) => void;
  /** Webhook deliveries (WebhookTransport). */
  webhook: Transport;
}

type TransportConfig = Pick<Config, 'outboxFile' | 'smtpUrl' | 'smtpFrom' | 'smsGatewayUrl' | 'smsGatewayToken'>;

export function transportFor(config: TransportConfig, needs: TransportNeeds): ChannelTransport {
  let file: FileTransport | null = null;
  const fallback = () => (file ??= new FileTransport(config.outboxFile, needs.print));
  return new ChannelTransport({
    email: config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.smtpFrom) : fallback(),
    sms: config.smsGatewayUrl ? new SmsGatewayTransport({ url: config.smsGatewayUrl, token: config.smsGatewayToken, senderName: needs.senderName }) : fallback(),
    webhook: needs.webhook,
  });
}
