// E-mail by SMTP (SMTP_URL): the restore e-mail of the real app reaches a local SMTP server (smtp-server on
// 127.0.0.1) from SMTP_FROM, signed in with the URL's user, with its subject and code; SMS messages, which have no
// real transport here, still go to the outbox file, and e-mails no longer do.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SmtpTransport } from '../../src/server/platform/transports/smtp.ts';
import { PASSWORD, startApp, type TestApp } from './harness.ts';

interface Received {
  user: unknown;
  mailFrom: string | null;
  rcptTo: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;
let t: TestApp;
const FROM = 'Payout Panel <no-reply@payouts.example.com>';

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on the loopback interface: no certificate to trust in a test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await startApp({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, smtpFrom: FROM });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Bytes written as `=XX` (quoted-printable, a Q encoded word) read back as UTF-8. */
const utf8Of = (text: string) => Buffer.from(text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** The headers (unfolded, by lower-case name, Q encoded words decoded) and the decoded text of a plain-text message. */
function parse(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim().replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => utf8Of(word.replace(/_/g, ' ')));
  }
  let text = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding'] ?? '7bit';
  if (/quoted-printable/i.test(encoding)) text = utf8Of(text.replace(/=\r\n/g, ''));
  if (/base64/i.test(encoding)) text = Buffer.from(text, 'base64').toString('utf8');
  return { headers, text: text.trim() };
}

it('sends the restore e-mail through the SMTP server, from SMTP_FROM, with its subject and code', async () => {
  const res = await t.request({ method: 'POST', url: '/api/user/restorePassword', payload: { identity: 'viewer' } });
  expect(res.body).toEqual({ success: true });
  await t.outbox.kick();

  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail.user).toBe('mailer');
  expect(mail.mailFrom).toBe('no-reply@payouts.example.com');
  expect(mail.rcptTo).toEqual(['viewer@demo.example.com']);
  const { headers, text } = parse(mail.raw);
  expect(headers.from).toMatch(/^"?Payout Panel"? <no-reply@payouts\.example\.com>$/);
  expect(headers.to).toBe('viewer@demo.example.com');
  // The viewer's customer is in Poland: the e-mail is in Polish.
  expect(headers.subject).toBe('Payout Panel: hasło');
  expect(text).toMatch(/^Twój kod weryfikacyjny do ustawienia nowego hasła: \d{6}$/);

  const row = await t.database.db.selectFrom('outbox').selectAll().where('channel', '=', 'email').executeTakeFirstOrThrow();
  expect(row).toMatchObject({ recipient: 'viewer@demo.example.com', attempts: 1, last_error: null, next_attempt_at: null });
  expect(row.sent_at).toBeInstanceOf(Date);

  // The code in the e-mail is the real one: it sets the password.
  const code = /(\d{6})$/.exec(text)![1];
  const payload = { identity: 'viewer', emailAuthorizationCode: code, password: 'Brand1new!', confirmPassword: 'Brand1new!' };
  expect((await t.request({ method: 'PUT', url: '/api/user/restorePassword', payload })).body).toEqual({ success: true });
});

it('keeps e-mails out of the outbox file, and SMS messages in it', async () => {
  // The admin's first login from this device is confirmed with an SMS code, which the harness reads from the file.
  expect(await t.login('admin', PASSWORD)).toBeTruthy();
  const lines = await t.messages();
  expect(lines.some((m) => m.channel === 'sms' && m.to === '+48500100200')).toBe(true);
  expect(lines.filter((m) => m.channel === 'email')).toEqual([]);
  expect(received).toHaveLength(1);
});

it('reports a refused login as the delivery error', async () => {
  const wrong = new SmtpTransport(`smtp://mailer:wrong@127.0.0.1:${port}`, FROM);
  const message = { id: 1, channel: 'email' as const, recipient: 'a@example.com', subject: 'S', body: 'B', createdAt: new Date(), customerId: null };
  await expect(wrong.send(message)).rejects.toThrow(/^SMTP delivery failed: .*535/);
  expect(received).toHaveLength(1);
});
