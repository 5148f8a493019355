// The panel under a customer's base path: `/{customerUrl}/panel/...` is answered with the panel's app shell for an
// active customer, and 404 with the collection page (its not-found page) for a customer that is unknown or inactive;
// the login through that customer's page signs in its own users only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'payout-client-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>panel</title>');
  writeFileSync(path.join(dir, 'collect.html'), '<!doctype html><title>collection page</title>');
  t = await startApp({ clientDir: dir });
  await t.database.db.insertInto('customers').values({ name: 'Closed Company', url: 'closed-co', is_active: false }).execute();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a customer's base path", () => {
  it("answers the panel's addresses under an active customer's segment with the panel", async () => {
    for (const url of ['/demo/panel', '/demo/panel/', '/demo/panel/payouts', '/demo/panel/users/3/update?tab=2', '/demo/token-expired']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status, url).toBe(200);
      expect(res.body, url).toContain('<title>panel</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('leaves the collection page its addresses under the same segment', async () => {
    for (const url of ['/demo', '/demo/payin', '/demo/employee-bonuses', '/Demo/panel']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status, url).toBe(200);
      expect(res.body, url).toContain('<title>collection page</title>');
    }
  });

  it('answers an unknown or inactive customer with 404 and the page that shows the not-found text', async () => {
    for (const url of ['/nosuch/panel', '/nosuch/panel/payouts', '/nosuch/token-expired', '/closed-co/panel']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('<title>collection page</title>');
    }
  });

  it("signs in the customer's own users through its page, and nobody of another customer", async () => {
    const { db } = t.database;
    const other = await db.insertInto('customers').values({ name: 'Other Company', url: 'other-co' }).returning('id').executeTakeFirstOrThrow();
    // The same password as the demo users: only the customer of the page tells them apart.
    const { password_hash } = await db.selectFrom('users').select('password_hash').where('login', '=', 'admin').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({ login: 'otheradmin', password_hash, type: 'ADMIN', representative_kind: null, customer_id: other.id, first_name: 'Olga', last_name: 'Other', email: 'olga@other.example.com', phone_number: '+48500999111' })
      .execute();
    const login = (user: string, customer: string) =>
      t.request({ method: 'POST', url: '/api/login', payload: { login: user, password: 'Demo123!', customer, device: 'd'.repeat(32) } });
    expect((await login('admin', 'demo')).status).toBe(200);
    expect((await login('otheradmin', 'other-co')).status).toBe(200);
    const foreign = await login('otheradmin', 'demo');
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('INVALID_CREDENTIALS');
  });
});
