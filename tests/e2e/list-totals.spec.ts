// A list longer than the server counts exactly (LIST_EXACT_COUNT_LIMIT, here 20 on a server of its own so that the
// demo's payouts are enough): the pagination says "of more than", pages on with "next", and offers no last page,
// whose number is unknown; once the page asked for reaches the end, the total is exact again.
import { expect, expectAccessible, loginAs, type PrivateServer, startServer, test } from './helpers.ts';

let server: PrivateServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer(Number(process.env.E2E_PORT ?? 3199) + 1, { LIST_EXACT_COUNT_LIMIT: '20', DEVICE_AUTHORIZATION: 'false' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a capped total reads "more than", pages on and offers no last page', async ({ page }) => {
  await loginAs(page, 'admin', { baseURL: server.baseURL, dir: server.dataDir, open: false });
  await page.goto(`${server.baseURL}/panel/payouts`);
  const range = page.locator('.pagination-range');
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await expect(range).toHaveText('1 - 10 of more than 20');
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeEnabled();
  await expect(pages.getByRole('button', { name: 'Last page' })).toBeDisabled();
  // The counted pages, then an ellipsis for those beyond: no page number past them.
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2']);
  await expect(pages.getByLabel('More pages')).toBeVisible();
  await expectAccessible(page);

  // Past the counted rows: the count reaches the end of the page asked for, and "next" still leads on.
  await pages.getByRole('button', { name: 'Next page' }).click();
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(range).toHaveText('21 - 30 of more than 30');
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeEnabled();
  await expect(page.locator('tbody tr')).toHaveCount(10);

  // 50 a page: the second page reaches the last of the demo's 84 payouts, so its total is exact and final.
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(range).toHaveText('1 - 50 of more than 50');
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(range).toHaveText('51 - 84 of 84');
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Last page' })).toBeDisabled();
  await expectAccessible(page);
});
