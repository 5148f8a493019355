// What `npm start` prints: readable lines, none per request at the default level, one per failure; and the outbox
// file's messages standing out with their recipient and code.
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/logOptions.ts';
import { registerErrorHandling } from '../../src/server/plugins/errors.ts';
import { codeIn, messageLine } from '../../src/server/platform/transports/messageLine.ts';

async function consoleOf(level: string, requests: (app: ReturnType<typeof Fastify>) => Promise<void>): Promise<string[]> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const app = Fastify(loggerOptions(level, 'pretty', out));
  registerErrorHandling(app);
  app.get('/fine', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new TypeError('the ledger is on fire');
  });
  await requests(app);
  await app.close();
  return text.split('\n').filter(Boolean);
}

describe('the console log', () => {
  it('has no line for a request that succeeds or is refused, and one readable line for a failure', async () => {
    const lines = await consoleOf('info', async (app) => {
      expect((await app.inject({ url: '/fine' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/missing' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/boom' })).statusCode).toBe(500);
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: request failed · GET \/boom · TypeError: the ledger is on fire \(at tests\/unit\/console-log\.test\.ts:\d+:\d+\)$/);
  });

  it('has a line per request at LOG_LEVEL=debug', async () => {
    const lines = await consoleOf('debug', async (app) => void (await app.inject({ url: '/fine' })));
    expect(lines.some((l) => l.includes('incoming request'))).toBe(true);
    expect(lines.some((l) => l.includes('request completed'))).toBe(true);
  });
});

describe('a message of the outbox file on the console', () => {
  it('names the channel, the recipient and the code of a verification SMS', () => {
    const line = messageLine({ channel: 'sms', recipient: '+48600000001', subject: 'Payouts', body: 'Your verification code: 482913', lane: 'code' }, false);
    expect(line).toBe('>> SMS to +48600000001 | code 482913 | Payouts: Your verification code: 482913');
  });

  it('names no code in a payout message, whose amounts and references are not one', () => {
    const body = 'You have a payout of 1 250,00 PLN from Bonus (ref. PAY-2026-000123). Collect it by 2026-12-01 23:59 at https://pay.example.com/demo';
    expect(messageLine({ channel: 'sms', recipient: '+48600000001', body, lane: 'bulk' }, false)).toBe(`>> SMS to +48600000001 | ${body}`);
    expect(codeIn('Step-up for transfer 1 250,00 PLN, operation 2026-000123: code 55120833')).toBe('55120833');
  });

  it('keeps an e-mail on one line', () => {
    const line = messageLine({ channel: 'email', recipient: 'anna@example.com', subject: 'New password', body: 'Your code:\n\n123456\n', lane: 'code' }, false);
    expect(line).toBe('>> E-MAIL to anna@example.com | code 123456 | New password: Your code: / 123456');
  });
});
