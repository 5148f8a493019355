// Who may list and create what, area by area: the role matrix of schemas/permissions.json as the API
// enforces it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ROLES = ['superadmin', 'admin', 'representative', 'viewer'] as const;
type Role = (typeof ROLES)[number];

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const role of ROLES) tokens[role] = await t.login(role);
});
afterAll(async () => t?.close());

let n = 0;
const payloads: Record<string, () => Record<string, unknown>> = {
  '/api/user': () => {
    n++;
    return { customerId: 1, login: `roleuser${n}`, password: 'Roles123!', firstName: 'Rola', lastName: 'Testowa', phoneNumber: `+48502000${String(n).padStart(3, '0')}`, email: `role${n}@demo.example.com`, type: 'USER' };
  },
  '/api/customer': () => ({ name: `Role customer ${++n}`, url: `role-customer-${n}` }),
  '/api/payout/recipient': () => ({ firstName: 'Rafał', lastName: 'Rolny', phoneNumber: `+48503000${String(++n).padStart(3, '0')}` }),
  '/api/payout/program': () => ({ name: `Role program ${++n}`, currency: 'PLN', budget: 100_000, budgetInterval: 'ONE_TIME' }),
};

const matrix: { area: string; list: Role[]; create: Role[] }[] = [
  { area: '/api/user', list: ['superadmin', 'admin'], create: ['superadmin', 'admin'] },
  { area: '/api/customer', list: ['superadmin'], create: ['superadmin'] },
  { area: '/api/payout/recipient', list: ['superadmin', 'admin', 'representative', 'viewer'], create: ['admin', 'representative'] },
  { area: '/api/payout/program', list: ['superadmin', 'admin', 'representative', 'viewer'], create: ['admin', 'representative'] },
];

describe.each(matrix)('$area', ({ area, list, create }) => {
  it.each(ROLES)('%s lists only when allowed', async (role) => {
    const res = await t.request({ method: 'GET', url: area, token: tokens[role] });
    expect(res.status).toBe(list.includes(role) ? 200 : 403);
  });

  it.each(ROLES)('%s creates only when allowed, and a refusal changes nothing', async (role) => {
    const before = (await t.request({ method: 'GET', url: `${area}?limit=1`, token: tokens.superadmin })).body.numberOfRecords;
    const res = await t.request({ method: 'POST', url: area, token: tokens[role], payload: payloads[area]() });
    const after = (await t.request({ method: 'GET', url: `${area}?limit=1`, token: tokens.superadmin })).body.numberOfRecords;
    if (create.includes(role)) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(after).toBe(before + 1);
    } else {
      expect(res.status).toBe(403);
      expect(after).toBe(before);
    }
  });
});
