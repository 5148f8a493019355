// The messages a super administrator oversees: every SMS and e-mail with its delivery state, never its text.
import { expect, expectAccessible, followNavEntry, loginAs, test } from './helpers.ts';

test('a super administrator sees the messages sent, with their state and without their text', async ({ page }) => {
  await loginAs(page, 'superadmin');
  await followNavEntry(page, 'Messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages sent' })).toBeVisible();
  const rows = page.locator('table.data-table > tbody > tr.data-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByText('Sent', { exact: true })).toBeVisible();
  // Verification codes travel in the texts, which the list never shows.
  await expect(page.getByRole('main')).not.toContainText(/(verification code|kod weryfikacyjny): \d{6}/i);
  await expectAccessible(page);
  // Only the failed ones: none here, and the list says so.
  await page.goto(`/panel/outbox?options=${encodeURIComponent(JSON.stringify({ state: ['failed'] }))}`);
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Failed');
});
