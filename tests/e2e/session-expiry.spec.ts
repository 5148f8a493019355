// A session of 5 seconds on a server of its own: the panel notices the expiry by itself.
import { expect, expectAccessible, loginAs, type PrivateServer, startServer, test } from './helpers.ts';

let server: PrivateServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer(Number(process.env.E2E_PORT ?? 3199) + 1, { SESSION_TTL: '5' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('an expired session ends on the token-expired page', async ({ page }) => {
  await loginAs(page, 'admin', { dir: server.dataDir, baseURL: server.baseURL });
  await expect(page.getByText('You have been automatically logged out')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/token-expired$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Login again' }).click();
  await expect(page).toHaveURL(/\/panel$/);
  await expect(page.getByRole('textbox', { name: 'User name', exact: true })).toBeVisible();
});
