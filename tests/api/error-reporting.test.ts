// Error reporting (spec: "Error reporting, when configured, samples all traces"; trace sample rate 1): with SENTRY_DSN
// pointing at a local receiver of envelopes, a failing request arrives there as an error event and its trace as a
// transaction sampled at 1, and neither carries the request's bearer token, password, verification code or IBAN.
// The CSP lets pages connect to the browser's DSN host, and to no other host when none is set.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { flushErrorReports, stopErrorReporting } from '../../src/server/platform/errorReporting.ts';
import { sleep, startApp, type TestApp } from './harness.ts';

interface Received {
  url: string;
  body: string;
}

const PASSWORD_SENT = 'S3cret pass, "quoted"!';
const IBAN_SENT = 'PL61 1090 1014 0000 0712 1981 2874';
const CODE_SENT = '482913';

/** The envelope's items: each a header line and a payload line. */
function items(envelope: string): { type: string; payload: any }[] {
  const lines = envelope.split('\n').filter(Boolean);
  const out: { type: string; payload: any }[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) out.push({ type: JSON.parse(lines[i]).type, payload: JSON.parse(lines[i + 1]) });
  return out;
}

describe('error reporting', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let base: string;
  let receiver: ChildProcessWithoutNullStreams;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = spawn(process.execPath, [path.join(import.meta.dirname, 'fixtures/envelopeReceiver.mjs')]);
    const lines = createInterface({ input: receiver.stdout });
    const port = await new Promise<string>((resolve) => lines.once('line', resolve));
    lines.on('line', (line) => received.push(JSON.parse(line) as Received));

    t = await startApp();
    const config = { ...t.config, sentryDsn: `http://publickey@127.0.0.1:${port}/1` };
    ({ app } = await buildApp({ config, database: t.database, printMessages: false, logger: false }));
    // A route that fails the way a bug would, quoting its input in the error.
    app.post('/api/test/failing', { config: { public: true } }, async (request) => {
      throw new Error(`could not save ${JSON.stringify(request.body)}`);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await stopErrorReporting();
    await app?.close();
    await t?.close();
    receiver?.stdin.end();
  });

  it('reports a failing request with its trace, sampled at 1, and with no secret of it', async () => {
    const token = await t.login('admin');
    const res = await fetch(`${base}/api/test/failing?verificationCode=${CODE_SENT}&page=2`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', cookie: 'pp_device=devicedevicedevicedevicedevice01' },
      body: JSON.stringify({ login: 'admin', password: PASSWORD_SENT, iban: IBAN_SENT, note: `pay to ${IBAN_SENT}` }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'INTERNAL_ERROR' });

    await flushErrorReports();
    let all: { type: string; payload: any }[] = [];
    for (let i = 0; i < 50; i++) {
      all = received.flatMap((r) => items(r.body));
      if (all.some((item) => item.type === 'event') && all.some((item) => item.type === 'transaction' && /failing/.test(item.payload.transaction))) break;
      await sleep(100);
    }
    expect(received.every((r) => r.url.startsWith('/api/1/envelope/'))).toBe(true);

    const event = all.find((item) => item.type === 'event')?.payload;
    expect(event, 'an error event arrived').toBeDefined();
    expect(event.exception.values[0].value).toContain('could not save');
    expect(event.environment).toBe('production');

    const transaction = all.find((item) => item.type === 'transaction' && /failing/.test(item.payload.transaction))?.payload;
    expect(transaction, 'the trace of the request arrived').toBeDefined();
    expect(transaction.contexts.trace.data['sentry.sample_rate']).toBe(1);

    const everything = received.map((r) => r.body).join('\n');
    expect(everything).toContain('[Filtered]');
    for (const secret of [token, 'S3cret pass', CODE_SENT, IBAN_SENT, IBAN_SENT.replace(/ /g, ''), 'devicedevicedevicedevicedevice01']) {
      expect(everything, `a report carried ${secret}`).not.toContain(secret);
    }
  });

  it("lets pages connect to the browser's DSN host only when one is set", async () => {
    const withDsn = await buildApp({ config: { ...t.config, sentryClientDsn: 'https://abc123@errors.example.net:8443/7' }, database: t.database, printMessages: false, logger: false });
    try {
      const csp = String((await withDsn.app.inject({ method: 'GET', url: '/api/config' })).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://errors.example.net:8443;");
      const config = await withDsn.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ errorReportingDsn: 'https://abc123@errors.example.net:8443/7', deployment: 'production' });
    } finally {
      await withDsn.app.close();
    }
    const plain = await t.request({ method: 'GET', url: '/api/config' });
    expect(String(plain.headers['content-security-policy'])).toContain("connect-src 'self';");
    expect(plain.body).toMatchObject({ errorReportingDsn: null });
  });
});
