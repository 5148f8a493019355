// The message outbox: a long queue is delivered without holding off the server's requests, also on the embedded
// database, whose queries resolve without I/O.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  // No outbox file: a delivery without any I/O of its own, as with a transport that answers at once.
  t = await startApp({ deviceAuthorization: false, outboxFile: null });
});
afterAll(async () => {
  await t?.close();
});

it('answers requests while it delivers thousands of queued messages', async () => {
  const messages = Array.from({ length: 3_000 }, (_, i) => ({ channel: 'sms' as const, recipient: `+48791300${String(i).padStart(3, '0')}`, subject: null, body: `Message ${i}` }));
  await t.database.db.insertInto('outbox').values(messages).execute();
  let delivered = false;
  const delivery = t.app.outbox.kick().then(() => {
    delivered = true;
  });
  const status = await t.app.inject({ method: 'GET', url: '/api/status' });
  expect(status.statusCode).toBe(200);
  // The request was answered while the queue was still being delivered.
  expect(delivered).toBe(false);
  await delivery;
  const left = await t.database.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
  expect(left).toEqual([]);
}, 60_000);
