// The two deployments (spec: "Two deployments, test and production, with separate backend addresses"): a server run
// with DEPLOYMENT=test says so in a banner at the top of the panel and of the collection page, in the page's language;
// the suite's own server (production, the default) shows none. With SENTRY_CLIENT_DSN the browser loads the
// error-reporting SDK and its reports reach the DSN's host; without it the SDK is never fetched.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, expectAccessible, loginAs, type PrivateServer, startServer, test } from './helpers.ts';

const EN = 'Test environment: no real money moves here.';
const PL = 'Środowisko testowe: nie przepływają tu prawdziwe pieniądze.';

let server: PrivateServer;
let receiver: ChildProcessWithoutNullStreams;
const envelopes: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(150_000);
  receiver = spawn(process.execPath, [path.resolve('tests/api/fixtures/envelopeReceiver.mjs')]);
  const lines = createInterface({ input: receiver.stdout });
  const port = await new Promise<string>((resolve) => lines.once('line', resolve));
  lines.on('line', (line) => envelopes.push((JSON.parse(line) as { body: string }).body));
  server = await startServer(Number(process.env.E2E_PORT ?? 3199) + 1, {
    DEPLOYMENT: 'test',
    DEVICE_AUTHORIZATION: 'false',
    SENTRY_CLIENT_DSN: `http://publickey@127.0.0.1:${port}/5`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  receiver?.stdin.end();
});

test('the production server shows no banner and loads no error-reporting code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
  const config = page.waitForResponse((response) => response.url().includes('/api/config'));
  await page.goto('/panel');
  expect((await (await config).json()) as unknown).toMatchObject({ deployment: 'production', errorReportingDsn: null });
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  // The banner's chunk loads after the first paint: once it is in, the answer has been read.
  await expect.poll(() => scripts.some((url) => /DeploymentParts/.test(url))).toBe(true);
  await expect(page.getByText(EN)).toHaveCount(0);
  expect(scripts.filter((url) => /sentry/i.test(url))).toEqual([]);
});

test('the test server shows its banner at the top of the panel and the collection page, in both languages', async ({ page }) => {
  await page.goto(`${server.baseURL}/panel`);
  const banner = page.getByRole('complementary').filter({ hasText: EN });
  await expect(banner).toBeVisible();
  const box = await banner.boundingBox();
  // Across the top of the page, above the login form.
  expect(box?.y).toBe(0);
  expect(box?.width).toBe(page.viewportSize()?.width);
  const form = await page.getByRole('button', { name: 'Log in', exact: true }).boundingBox();
  expect(form!.y).toBeGreaterThan(box!.y + box!.height);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('complementary').filter({ hasText: PL })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();

  await loginAs(page, 'admin', { dir: server.dataDir, baseURL: server.baseURL });
  await expect(banner).toBeVisible();
  const signedIn = await banner.boundingBox();
  const navbar = await page.getByRole('banner').boundingBox();
  expect(signedIn?.y).toBe(0);
  expect(navbar!.y).toBeGreaterThanOrEqual(signedIn!.y + signedIn!.height);
  await expectAccessible(page);

  await page.goto(`${server.baseURL}/demo`);
  const pageBanner = page.getByRole('complementary').filter({ hasText: EN });
  await expect(pageBanner).toBeVisible();
  expect((await pageBanner.boundingBox())?.y).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('complementary').filter({ hasText: PL })).toBeVisible();
});

test("with a DSN the browser reports a page's unhandled rejection, and no secret in it", async ({ page }) => {
  await page.goto(`${server.baseURL}/panel`);
  await expect(page.getByRole('complementary').filter({ hasText: EN })).toBeVisible();
  // The SDK is in once its pageload trace or an error goes out; give it a failure carrying secrets to report.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /sentry/i.test(entry.name)))).toBe(true);
  await page.evaluate(() => {
    void Promise.reject(new Error('saving failed for {"password":"Hunter2 secret","iban":"DE89370400440532013000"}'));
  });
  await expect.poll(() => envelopes.some((body) => body.includes('saving failed')), { timeout: 20_000 }).toBe(true);
  const report = envelopes.find((body) => body.includes('saving failed'))!;
  expect(report).not.toContain('Hunter2');
  expect(report).not.toContain('DE89370400440532013000');
  expect(report).toContain('[Filtered]');
});
