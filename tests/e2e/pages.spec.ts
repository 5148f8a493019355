// Public pages and the global reactions to failures (simulated by answering the API in the browser).
import { expect, expectAccessible, submitCredentials, test } from './helpers.ts';

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/some/unknown/place');
  await expect(page.getByText('The page you are looking for might have been removed, had its name changed or is temporarily unavailable.')).toBeVisible();
});

test('the public collection page has its default title', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Collect your payout' })).toBeVisible();
});

test('an app file that cannot be loaded reloads the page once, then says something went wrong', async ({ page }) => {
  let attempts = 0;
  await page.route('**/assets/app-*.js', (route) => {
    attempts += 1;
    return route.abort();
  });
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.goto('/panel');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
  // The first page and the one reload: the reloaded page's load event can reach the test after its alert shows.
  await expect.poll(() => loads.length).toBe(2);
  expect(attempts).toBeGreaterThanOrEqual(2);
  await expectAccessible(page);
  // No further reload.
  expect(loads).toHaveLength(2);
});

test('a technical break replaces the app', async ({ page }) => {
  await page.route('**/api/status', (route) => route.fulfill({ json: { success: true, isTechnicalBreak: true } }));
  await page.goto('/panel');
  await expect(page.getByText('Sorry, there is a technical break.')).toBeVisible();
  await expect(page.getByText('Please try again later.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'User name', exact: true })).toHaveCount(0);
});

test('a server failure shows the alert with the support address', async ({ page }) => {
  await page.route('**/api/login', (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Internal server error.' } }));
  await page.goto('/panel');
  await submitCredentials(page, 'admin', 'Whatever1!');
  const alert = page.getByRole('alert').filter({ hasText: 'Sorry, an unexpected error has occurred' });
  await expect(alert).toContainText(
    'Sorry, an unexpected error has occurred and we are unable to process your request at this time. Please try again in a moment or contact us by email at support@example.com',
  );
  await expectAccessible(page);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).not.toHaveAttribute('aria-busy', 'true');
});
