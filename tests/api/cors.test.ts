// A panel served apart from its API (built with API_BASE_URL) calls it across origins: PANEL_ORIGIN names the one
// origin the API answers with CORS headers, a preflight included; any other origin gets none, and with PANEL_ORIGIN
// unset no answer carries any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.ts';

const PANEL = 'https://panel.test.example';
const OTHER = 'https://elsewhere.example';

describe('CORS for the panel served apart', () => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await startApp({ panelOrigin: PANEL });
    plain = await startApp();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  it("answers the panel's origin with that origin, and a signed-in call works across it", async () => {
    const token = await t.login('admin');
    const res = await t.request({ method: 'GET', url: '/api/me', token, headers: { origin: PANEL } });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://panel.test.example');
    // A bearer token, no cookie: the browser is never told to send credentials.
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('Content-Disposition');
    expect(String(res.headers.vary)).toContain('Origin');
  });

  it("answers the panel's preflight with the methods and headers it sends", async () => {
    const res = await t.request({
      method: 'OPTIONS',
      url: '/api/payout',
      headers: { origin: PANEL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://panel.test.example');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('content-type');
    expect(allowed).toContain('accept-language');
  });

  it('gives another origin no CORS header, on a call or a preflight', async () => {
    const call = await t.request({ method: 'GET', url: '/api/config', headers: { origin: OTHER } });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.request({ method: 'OPTIONS', url: '/api/payout', headers: { origin: OTHER, 'access-control-request-method': 'POST' } });
    expect(preflight.status).not.toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('leaves the pages outside /api alone', async () => {
    const res = await t.request({ method: 'GET', url: '/panel', headers: { origin: PANEL } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS header at all when PANEL_ORIGIN is unset', async () => {
    const call = await plain.request({ method: 'GET', url: '/api/config', headers: { origin: PANEL } });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await plain.request({ method: 'OPTIONS', url: '/api/payout', headers: { origin: PANEL, 'access-control-request-method': 'POST' } });
    expect(preflight.status).not.toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
