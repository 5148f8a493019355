// In-panel notifications through the real app: payouts that expire tell their customer's admins how many, a
// finished import tells its user; each user reads only their own, newest first with the unread count, marks one or
// all as read; an API key and a recipient's session have none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirePayouts } from '../../src/server/jobs/expiry.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { startApp, type TestApp } from './harness.ts';
import { multipart, workbook } from './upload.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let demo = 0;

const list = (token = tokens.admin) => t.request({ method: 'GET', url: '/api/notification', token });

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['admin', 'representative', 'viewer']) tokens[login] = await t.login(login);
  demo = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe('notifications', () => {
  it('tells a customer\'s admins how many of its payouts expired, and no one else', async () => {
    const db = t.database.db;
    await db.updateTable('notifications').set({ read_at: new Date() }).execute();
    const before = (await list()).body.unread;
    expect(before).toBe(0);
    // Three open payouts of the demo customer reach their end date.
    const open = await db.selectFrom('payouts').select('id').where('customer_id', '=', demo).where('status', '=', 'TO_COLLECT').orderBy('id').limit(3).execute();
    await db.updateTable('payouts').set({ end_date: new Date(Date.now() - 60_000) }).where('id', 'in', open.map((p) => p.id)).execute();
    expect(await expirePayouts(db)).toBe(3);
    const answer = (await list()).body;
    expect(answer.unread).toBe(1);
    expect(answer.items[0]).toMatchObject({ kind: 'payoutsExpired', params: { count: 3 }, title: '3 payouts expired today', read: false });
    // Representatives are not told.
    expect((await list(tokens.representative)).body.items.filter((n: { kind: string }) => n.kind === 'payoutsExpired')).toHaveLength(0);
  });

  it('tells the user whose import finished', async () => {
    const stamp = String(Date.now()).slice(-6);
    const { payload, headers } = multipart(workbook({ Sheet1: [['Phone number', 'First name', 'Last name'], [`+4879${stamp}1`, 'Ada', 'Import'], [`+4879${stamp}2`, 'Bob', 'Import']] }));
    const res = await t.request({ method: 'POST', url: '/api/payout/recipient/fromFile', token: tokens.admin, payload, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = (await list()).body.items[0];
    expect(first).toMatchObject({ kind: 'importFinished', params: { count: 2 }, title: 'Import finished: 2 rows created' });
  });

  it('marks one and then all as read, only the user\'s own', async () => {
    const answer = (await list()).body;
    expect(answer.unread).toBe(2);
    const [newest] = answer.items;
    expect((await t.request({ method: 'POST', url: `/api/notification/${newest.id}/read`, token: tokens.representative })).status).toBe(404);
    const read = await t.request({ method: 'POST', url: `/api/notification/${newest.id}/read`, token: tokens.admin });
    expect(read.body).toMatchObject({ id: newest.id, read: true });
    expect((await list()).body.unread).toBe(1);
    expect((await t.request({ method: 'POST', url: '/api/notification/read', token: tokens.admin })).body).toEqual({ updated: 1 });
    expect((await list()).body.unread).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/notification' })).status).toBe(401);
  });
});
