import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../tools/compress/plugin.ts';
import { startApp, type TestApp } from './harness.ts';

const SCRIPT = `console.log(${JSON.stringify('a compressible line of script. '.repeat(40))});`;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'payout-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>panel</title>');
  writeFileSync(path.join(dir, 'collect.html'), '<!doctype html><title>collection page</title>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'big-abc123.js'), SCRIPT);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/app-abc123.js","isEntry":true}}');
  // The build's own step writes the compressed copies.
  compressDirectory(dir);
  t = await startApp({ clientDir: dir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the client', () => {
  it("answers the panel's addresses with its app shell and every other address with the collection page, under the CSP", async () => {
    for (const [url, title] of [
      ['/panel', 'panel'],
      ['/panel/users/3/update', 'panel'],
      ['/token-expired', 'panel'],
      ['/', 'collection page'],
      ['/demo', 'collection page'],
      ['/demo/summer?lang=pl', 'collection page'],
      ['/panelling', 'collection page'],
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status, url).toBe(200);
      expect(res.body, url).toContain(`<title>${title}</title>`);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
    expect((await t.request({ method: 'HEAD', url: '/panel' })).status).toBe(200);
  });

  it('serves hashed assets for a year, and a file added after start as well', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    writeFileSync(path.join(dir, 'assets', 'app-def456.js'), 'console.log(2)');
    expect((await t.request({ method: 'GET', url: '/assets/app-def456.js' })).status).toBe(200);
  });

  it('sends a hashed asset precompressed as the browser accepts, cached for good and varying by encoding', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // A file too small to be worth compressing is sent as it is.
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
  });

  it('honours a refused encoding and answers HEAD with the headers alone', async () => {
    const noBrotli = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(noBrotli.rawPayload).toString()).toBe(SCRIPT);
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });

  it('never reads outside the assets folder', async () => {
    // Beside the client folder, which is public as a whole.
    const secret = `${path.basename(dir)}-secret.js`;
    writeFileSync(path.join(dir, '..', secret), 'the key');
    const escapes = ['../../', '%2e%2e/%2e%2e/', '..%2f..%2f', '.%2e/.%2e/', '..\\..\\'].map((up) => `/assets/${up}${secret}`);
    for (const url of [...escapes, '/assets/%2fetc%2fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('the key');
      expect(res.statusCode, url).not.toBe(500);
    }
    rmSync(path.join(dir, '..', secret));
  });

  it("keeps the build's own files under a dot-name (the chunk manifest) to itself", async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/%2evite/manifest.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('isEntry');
      expect(res.statusCode, url).not.toBe(500);
    }
  });

  it('answers a missing asset or source map with a 404, not the app shell', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/gone-123.js', '/assets/nothing', '/favicon.ico', '/panel/app.css']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status, url).toBe(404);
      expect(String(res.body), url).not.toContain('<title>panel</title>');
    }
  });

  it('sends one clickjacking policy: frame-ancestors none and X-Frame-Options DENY', async () => {
    for (const url of ['/panel', '/assets/app-abc123.js', '/api/status']) {
      const res = await t.request({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here', token: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
