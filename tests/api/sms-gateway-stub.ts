// A stand-in SMS gateway for the outbox tests (node:http on 127.0.0.1, keep-alive): `/v1/sms` takes one message,
// `/v1/batch` several (`{ messages }`, answered with `{ results }`, docs/configuration.md). It keeps every message it
// was handed, in order, and answers as the test says: after a delay, with a status, with each message's result.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface GatewaySms {
  to: string;
  from: string;
  text: string;
  reference: string;
}

interface GatewayRequest {
  path: string;
  headers: IncomingHttpHeaders;
  messages: GatewaySms[];
}

type Result = { status: 'accepted' } | { status: 'rejected'; error?: string } | null;

export interface GatewayStub {
  url: string;
  batchUrl: string;
  requests: GatewayRequest[];
  /** Every message handed over, one per message (a batch's in order). */
  received(): GatewaySms[];
  /** How long the gateway waits before it answers a request (of its messages). */
  delayMs: (messages: GatewaySms[]) => number;
  /** The status of an answer; 200 unless told. */
  status: (messages: GatewaySms[]) => { status: number; body?: string } | null;
  /** A batch message's result; accepted unless told; null leaves it out of the answer. */
  result: (message: GatewaySms) => Result;
  /** Requests not answered yet (held back by delayMs), the most there ever were at once, and those answered. */
  pending: number;
  maxPending: number;
  answered: number;
  close(): Promise<void>;
}

export async function startGatewayStub(): Promise<GatewayStub> {
  let server: Server;
  const stub: GatewayStub = {
    url: '',
    batchUrl: '',
    requests: [],
    received: () => stub.requests.flatMap((r) => r.messages),
    delayMs: () => 0,
    status: () => null,
    result: () => ({ status: 'accepted' }),
    pending: 0,
    maxPending: 0,
    answered: 0,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = JSON.parse(body) as GatewaySms | { messages: GatewaySms[] };
      const batch = 'messages' in json;
      const messages = batch ? json.messages : [json];
      stub.requests.push({ path: req.url ?? '', headers: req.headers, messages });
      const answer = () => {
        stub.pending--;
        stub.answered++;
        const refused = stub.status(messages);
        if (refused) return res.writeHead(refused.status, { 'content-type': 'text/plain' }).end(refused.body ?? '');
        const results = messages.flatMap((m) => {
          const result = stub.result(m);
          return result ? [{ reference: m.reference, ...result }] : [];
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(batch ? { results } : { id: 'accepted' }));
      };
      stub.pending++;
      stub.maxPending = Math.max(stub.maxPending, stub.pending);
      const delay = stub.delayMs(messages);
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  // Answers held back by a test must not be cut by the server's own keep-alive or request timeouts.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.url = `${base}/v1/sms`;
  stub.batchUrl = `${base}/v1/batch`;
  return stub;
}
