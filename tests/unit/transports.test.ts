// The outbox's transports: which one each channel gets from the configuration, the backoff between attempts, and
// how the HTTP SMS gateway's failures read (against a local server on 127.0.0.1).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { retryDelaySeconds, type OutgoingMessage, type Transport } from '../../src/server/platform/outbox.ts';
import { ChannelTransport, transportFor } from '../../src/server/platform/transports/channels.ts';
import { FileTransport } from '../../src/server/platform/transports/file.ts';
import { DEFAULT_SMS_SENDER, SmsGatewayTransport } from '../../src/server/platform/transports/smsGateway.ts';
import { SmtpTransport } from '../../src/server/platform/transports/smtp.ts';
import { WEBHOOK_MAX_ATTEMPTS } from '../../src/server/platform/webhooks/transport.ts';

const webhooks: Transport = { send: async () => {} };
const needs = { senderName: async () => DEFAULT_SMS_SENDER, print: () => {}, webhook: webhooks };
const choose = (env: Record<string, string>) => transportFor(loadConfig({ DATA_DIR: '/tmp/transports-test', ...env }), needs).channels;

describe('the transport of each channel', () => {
  it('is the outbox file for both when nothing is configured', () => {
    const { email, sms } = choose({});
    expect(email).toBeInstanceOf(FileTransport);
    expect(sms).toBe(email);
  });

  it('is SMTP for e-mail with SMTP_URL, from the support address unless SMTP_FROM names another', () => {
    const { email, sms } = choose({ SMTP_URL: 'smtp://user:pass@127.0.0.1:2525', SUPPORT_EMAIL: 'help@payouts.example.com' });
    expect(email).toBeInstanceOf(SmtpTransport);
    expect((email as SmtpTransport).from).toBe('help@payouts.example.com');
    expect(sms).toBeInstanceOf(FileTransport);
    const named = choose({ SMTP_URL: 'smtps://127.0.0.1:465', SMTP_FROM: 'Payouts <no-reply@payouts.example.com>' });
    expect((named.email as SmtpTransport).from).toBe('Payouts <no-reply@payouts.example.com>');
  });

  it('is the gateway for SMS with SMS_GATEWAY_URL', () => {
    const { email, sms } = choose({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_TOKEN: 't' });
    expect(sms).toBeInstanceOf(SmsGatewayTransport);
    expect((sms as SmsGatewayTransport).url).toBe('https://sms.example.com/send');
    expect(email).toBeInstanceOf(FileTransport);
  });

  it('posts SMS_GATEWAY_CONCURRENCY bulk requests at once (16 unless set), to SMS_GATEWAY_BATCH_URL when one is given', () => {
    const plain = choose({ SMS_GATEWAY_URL: 'https://sms.example.com/send' }).sms as SmsGatewayTransport;
    expect([plain.concurrency, plain.batchUrl]).toEqual([16, null]);
    const batching = choose({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_BATCH_URL: 'https://sms.example.com/batch', SMS_GATEWAY_CONCURRENCY: '64' }).sms as SmsGatewayTransport;
    expect([batching.url, batching.concurrency, batching.batchUrl]).toEqual(['https://sms.example.com/send', 64, 'https://sms.example.com/batch']);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_CONCURRENCY: '0' })).toThrow('SMS_GATEWAY_CONCURRENCY must be an integer >= 1, got "0"');
    expect(() => loadConfig({ SMS_GATEWAY_BATCH_URL: 'https://sms.example.com/batch' })).toThrow('SMS_GATEWAY_BATCH_URL needs SMS_GATEWAY_URL');
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_BATCH_URL: 'ftp://sms.example.com' })).toThrow('SMS_GATEWAY_BATCH_URL must start with http:// or https://');
  });

  it('is real for both when both are configured', () => {
    const { email, sms } = choose({ SMTP_URL: 'smtp://127.0.0.1:25', SMS_GATEWAY_URL: 'http://127.0.0.1:8080/sms' });
    expect(email).toBeInstanceOf(SmtpTransport);
    expect(sms).toBeInstanceOf(SmsGatewayTransport);
  });

  it('always hands webhook deliveries to the webhook transport', () => {
    expect(choose({}).webhook).toBe(webhooks);
    expect(choose({ SMTP_URL: 'smtp://127.0.0.1:25', SMS_GATEWAY_URL: 'http://127.0.0.1:8080/sms' }).webhook).toBe(webhooks);
  });

  it('hands each message to its channel', async () => {
    const seen: string[] = [];
    const fake = (name: string): Transport => ({ send: async (m) => void seen.push(`${name}:${m.recipient}`) });
    const transport = new ChannelTransport({ email: fake('mail'), sms: fake('gateway'), webhook: fake('webhook') });
    const message = (channel: OutgoingMessage['channel'], recipient: string): OutgoingMessage => ({ id: 1, channel, recipient, body: 'x', createdAt: new Date(), customerId: null });
    await transport.send(message('sms', '+48500100100'));
    await transport.send(message('email', 'a@example.com'));
    await transport.send(message('webhook', 'https://hooks.example.com/payouts'));
    expect(seen).toEqual(['gateway:+48500100100', 'mail:a@example.com', 'webhook:https://hooks.example.com/payouts']);
  });

  it('refuses addresses of the wrong kind at start, without echoing them (they may hold a password)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
    expect(() => loadConfig({ SMTP_URL: '//user:secret@mail' })).toThrow(/^SMTP_URL must be a URL$/);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example.com' })).toThrow('SMS_GATEWAY_URL must start with http:// or https://');
    const config = loadConfig({});
    expect([config.smtpUrl, config.smsGatewayUrl, config.smsGatewayToken, config.smtpFrom]).toEqual([null, null, null, 'support@example.com']);
  });
});

describe('the backoff', () => {
  it('waits 30 s after a first failure, doubling, and gives up after the fifth', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelaySeconds(n))).toEqual([30, 60, 120, 240, null, null]);
  });

  it('gives a webhook eight attempts over about an hour', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds(n, WEBHOOK_MAX_ATTEMPTS));
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, null]);
    expect(waits.reduce<number>((sum, w) => sum + (w ?? 0), 0)).toBe(3810);
  });
});

describe('the SMS gateway', () => {
  let server: Server;
  let base = '';
  let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  beforeAll(async () => {
    server = createServer((req, res) => answer(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const sms: OutgoingMessage = { id: 42, channel: 'sms', recipient: '+48500100100', body: 'Code 123456', createdAt: new Date(), customerId: 7 };
  const gateway = (options: { url?: string; timeoutMs?: number } = {}) =>
    new SmsGatewayTransport({ url: options.url ?? `${base}/sms`, token: 'secret-token', senderName: async (id) => `Shop${id}`, timeoutMs: options.timeoutMs, concurrency: 4 });

  it('posts the message as JSON with the bearer token and the customer sender name', async () => {
    let seen: { method?: string; auth?: string; type?: string; body: string } | null = null;
    answer = (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, auth: req.headers.authorization, type: req.headers['content-type'], body };
        res.writeHead(202).end('queued');
      });
    };
    await gateway().send(sms);
    expect(seen).toMatchObject({ method: 'POST', auth: 'Bearer secret-token', type: 'application/json' });
    expect(JSON.parse(seen!.body)).toEqual({ to: '+48500100100', from: 'Shop7', text: 'Code 123456', reference: '42' });
  });

  it('fails on an answer outside 2xx, with the status and a short part of the body', async () => {
    answer = (_req, res) => res.writeHead(500).end(`Internal   error:\n${'x'.repeat(1000)}`);
    const error = await gateway().send(sms).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^SMS gateway answered 500: Internal error: x+$/);
    expect((error as Error).message.length).toBeLessThan(260);
    answer = (_req, res) => res.writeHead(302, { location: '/elsewhere' }).end();
    await expect(gateway().send(sms)).rejects.toThrow(/^SMS gateway answered 302$/);
  });

  it('fails when the gateway does not answer in time', async () => {
    answer = () => {}; // never answers
    await expect(gateway({ timeoutMs: 200 }).send(sms)).rejects.toThrow('SMS gateway did not answer within 0.2 s');
  });

  it('fails when the gateway cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(gateway({ url: `http://127.0.0.1:${port}/sms` }).send(sms)).rejects.toThrow(/^SMS gateway unreachable: .*ECONNREFUSED/);
  });

  it('sends SMS only', async () => {
    await expect(gateway().send({ ...sms, channel: 'email' })).rejects.toThrow('cannot send a message of channel email');
  });
});
