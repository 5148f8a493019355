// Date presets in list filters through the real app: `{ preset: 'LAST_7_DAYS' }` on a date range names the same rows
// as the days it stands for, typed by hand as wall-clock bounds of the customer's zone; the bulk change and the report
// read presets as the list does; the statement takes the presets within its 3 months; "Another period" and "All" are
// no filter values, and a range that declares no presets takes none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSettings } from '../../src/server/platform/settings.ts';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
let customerId = 0;
const options = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/** Today in the zone, "YYYY-MM-DD" (Canadian English writes dates so). */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** A calendar day moved by whole days or to a day of another month ("YYYY-MM-DD"). */
function day(today: string, { days = 0, months = 0, date }: { days?: number; months?: number; date?: number }): string {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, (date ?? d) + days)).toISOString().slice(0, 10);
}

/** The wall-clock range of whole days, as the filter form writes it. */
const days = (first: string, last: string) => ({ between: [`${first} 00:00:00`, `${last} 23:59:59`] });

async function count(path: string, filters: unknown): Promise<number> {
  const res = await t.request({ method: 'GET', url: `${path}?limit=1&options=${options(filters)}`, token: admin });
  expect(res.status).toBe(200);
  return res.body.numberOfRecords as number;
}

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  admin = await t.login('admin');
  customerId = (await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe('a date preset in a list filter', () => {
  it('names the days it stands for in the customer zone: today and the 6 days before, the 30, this month, last month', async () => {
    const today = todayIn('Europe/Warsaw');
    const all = await count('/api/payout', {});
    const week = await count('/api/payout', { createdAt: { preset: 'LAST_7_DAYS' } });
    // The demo's payouts were created one a day or so over 90 days up to yesterday.
    expect(week).toBeGreaterThan(0);
    expect(week).toBeLessThan(all);
    expect(week).toBe(await count('/api/payout', { createdAt: days(day(today, { days: -6 }), today) }));
    expect(await count('/api/payout', { createdAt: { preset: 'LAST_30_DAYS' } })).toBe(await count('/api/payout', { createdAt: days(day(today, { days: -29 }), today) }));
    expect(await count('/api/payout', { createdAt: { preset: 'THIS_MONTH' } })).toBe(
      await count('/api/payout', { createdAt: days(day(today, { date: 1 }), day(today, { months: 1, date: 0 })) }),
    );
    expect(await count('/api/payout', { createdAt: { preset: 'LAST_MONTH' } })).toBe(
      await count('/api/payout', { createdAt: days(day(today, { months: -1, date: 1 }), day(today, { date: 0 })) }),
    );
    // Every date range of the payouts takes them, beside the other filters.
    expect(await count('/api/payout', { endDate: { preset: 'LAST_30_DAYS' }, status: ['EXPIRED'] })).toBe(
      await count('/api/payout', { endDate: days(day(today, { days: -29 }), today), status: ['EXPIRED'] }),
    );
  });

  it("follows the customer's TIME_ZONE", async () => {
    // UTC+14: its today is ahead of Warsaw's for most of the day.
    await putSettings(t.database.db, { TIME_ZONE: 'Pacific/Kiritimati' }, customerId);
    try {
      const today = todayIn('Pacific/Kiritimati');
      expect(await count('/api/payout', { createdAt: { preset: 'LAST_7_DAYS' } })).toBe(await count('/api/payout', { createdAt: days(day(today, { days: -6 }), today) }));
    } finally {
      await putSettings(t.database.db, { TIME_ZONE: 'Europe/Warsaw' }, customerId);
    }
  });

  it('is read by the bulk status change and the report as by the list', async () => {
    const filters = { status: ['TO_COLLECT', 'SUSPENDED'], createdAt: { preset: 'LAST_30_DAYS' } };
    const listed = await count('/api/payout', filters);
    expect(listed).toBeGreaterThan(0);
    const bulk = await t.request({ method: 'PUT', url: '/api/payout/status', token: admin, payload: { status: 'CANCELLED', options: JSON.stringify(filters) } });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ matching: listed, updated: 0 });
    const report = await t.app.inject({ method: 'GET', url: `/api/payout/report?format=csv&options=${options(filters)}`, headers: { authorization: `Bearer ${admin}` } });
    expect(report.statusCode).toBe(200);
    // A heading line, then one line per payout.
    expect(report.body.trim().split('\r\n')).toHaveLength(listed + 1);
  });

  it('takes only the relative presets its range declares', async () => {
    for (const preset of ['ANOTHER_PERIOD', 'ALL', 'YESTERDAY']) {
      const res = await t.request({ method: 'GET', url: `/api/payout?options=${options({ createdAt: { preset } })}`, token: admin });
      expect(res.status).toBe(400);
    }
    // The amount range is no date range: it declares none.
    const amount = await t.request({ method: 'GET', url: `/api/payout?options=${options({ amount: { preset: 'LAST_7_DAYS' } })}`, token: admin });
    expect(amount.status).toBe(400);
  });
});

describe("a date preset in an account's statement", () => {
  it('fits the 3 months: each preset is answered, with rows of its days only', async () => {
    const account = await t.database.db.selectFrom('accounts').select('id').where('customer_id', '=', customerId).where('name', '=', 'Main PLN account').executeTakeFirstOrThrow();
    const path = `/api/account/${account.id}/balanceUpdates`;
    for (const preset of ['LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH']) {
      const res = await t.request({ method: 'GET', url: `${path}?limit=100&options=${options({ createdAt: { preset } })}`, token: admin });
      expect(res.status, preset).toBe(200);
    }
    // The demo's top-ups of the main account were 24, 17 and 10 days ago, its transfer 5 days ago: the last 7 days
    // hold the transfer, not the top-ups; the last 30 days hold them all.
    const week = await t.request({ method: 'GET', url: `${path}?limit=100&options=${options({ createdAt: { preset: 'LAST_7_DAYS' } })}`, token: admin });
    const month = await t.request({ method: 'GET', url: `${path}?limit=100&options=${options({ createdAt: { preset: 'LAST_30_DAYS' } })}`, token: admin });
    const types = (body: { items: { type: string }[] }) => body.items.map((item) => item.type);
    expect(types(week.body)).not.toContain('TOP_UP');
    expect(types(month.body).filter((type) => type === 'TOP_UP')).toHaveLength(3);
    const weekAgo = Date.now() - 8 * 86_400_000;
    for (const item of week.body.items as { createdAt: string }[]) expect(Date.parse(item.createdAt)).toBeGreaterThan(weekAgo);
  });
});
