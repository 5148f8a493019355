// The transport of each channel, chosen by the configuration: e-mail by SMTP when SMTP_URL is set, SMS by the HTTP
// gateway when SMS_GATEWAY_URL is set; a channel without a real transport goes to the outbox file (file.ts), so
// only its messages are printed and written there. Webhook deliveries always go to their endpoints
// (src/server/platform/webhooks/transport.ts).
import type { Config } from '../../config.ts';
import { sendEach, type OutgoingMessage, type SendOutcome, type Transport } from '../outbox.ts';
import { FileTransport } from './file.ts';
import { SmsGatewayTransport, type SenderName } from './smsGateway.ts';
import { SmtpTransport } from './smtp.ts';

export class ChannelTransport implements Transport {
  constructor(readonly channels: Readonly<Record<OutgoingMessage['channel'], Transport>>) {}

  send(message: OutgoingMessage): Promise<void> {
    return this.channels[message.channel].send(message);
  }

  /** Each channel's messages to its transport, the channels side by side; a transport without sendMany takes them one at a time. */
  async sendMany(messages: OutgoingMessage[], canStart: () => boolean): Promise<SendOutcome[]> {
    const outcomes: SendOutcome[] = messages.map(() => 'untried');
    const byChannel = new Map<Transport, number[]>();
    messages.forEach((m, index) => {
      const transport = this.channels[m.channel];
      byChannel.set(transport, [...(byChannel.get(transport) ?? []), index]);
    });
    await Promise.all(
      [...byChannel].map(async ([transport, indexes]) => {
        const mine = indexes.map((index) => messages[index]);
        const results = transport.sendMany ? await transport.sendMany(mine, canStart) : await sendEach(mine, 1, canStart, (m) => transport.send(m));
        indexes.forEach((index, i) => (outcomes[index] = results[i]));
      }),
    );
    return outcomes;
  }

  async close(): Promise<void> {
    await Promise.all([...new Set(Object.values(this.channels))].map((transport) => transport.close?.()));
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

type TransportConfig = Pick<Config, 'outboxFile' | 'smtpUrl' | 'smtpFrom' | 'smsGatewayUrl' | 'smsGatewayToken' | 'smsGatewayConcurrency' | 'smsGatewayBatchUrl'>;

export function transportFor(config: TransportConfig, needs: TransportNeeds): ChannelTransport {
  let file: FileTransport | null = null;
  const fallback = () => (file ??= new FileTransport(config.outboxFile, needs.print));
  return new ChannelTransport({
    email: config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.smtpFrom) : fallback(),
    sms: config.smsGatewayUrl
      ? new SmsGatewayTransport({
          url: config.smsGatewayUrl,
          token: config.smsGatewayToken,
          senderName: needs.senderName,
          concurrency: config.smsGatewayConcurrency,
          batchUrl: config.smsGatewayBatchUrl,
        })
      : fallback(),
    webhook: needs.webhook,
  });
}
