// E-mail by SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587 or smtps://… for TLS from the start), sent
// as plain text from SMTP_FROM. One connection per message: e-mails here are few (restore and login codes), and
// nothing stays open between them.
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutgoingMessage, Transport } from '../outbox.ts';

/** Each stage of a delivery gives up after this, so a silent server cannot hold a batch past its claim. */
const SMTP_TIMEOUT_MS = 10_000;

export class SmtpTransport implements Transport {
  private readonly mailer: Transporter;

  constructor(
    url: string,
    readonly from: string,
  ) {
    this.mailer = nodemailer.createTransport(
      { url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS },
      { from },
    );
  }

  async send(m: OutgoingMessage): Promise<void> {
    if (m.channel !== 'email') throw new Error(`SMTP cannot send a message of channel ${m.channel}`);
    try {
      await this.mailer.sendMail({ to: m.recipient, subject: m.subject ?? '', text: m.body });
    } catch (err) {
      // nodemailer's message names the stage and the server's answer (e.g. "Invalid login: 535 …").
      throw new Error(`SMTP delivery failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
