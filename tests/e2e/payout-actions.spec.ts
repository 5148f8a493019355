// Two smaller points of the payouts list (issue 25, point 8): the bulk change never offers, let alone preselects, a
// move to the status the list is filtered by (a move that changes nothing), in English and Polish; and Duplicate goes
// straight to the new-payout form, filled from the source payout and on its account.
import type { Page } from '@playwright/test';
import type { Payout } from '../../src/shared/payouts.ts';
import { apiCall, expect, expectAccessible, field, loginAs, test } from './helpers.ts';

const byStatus = (statuses: string[]) => `/panel/payouts?options=${encodeURIComponent(JSON.stringify({ status: statuses }))}`;

/** The bulk bar's "New status" select. */
const newStatus = (page: Page, bar = 'Change the status of many payouts', label = 'New status') =>
  page.getByRole('group', { name: bar }).getByRole('combobox', { name: label });

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'admin', { open: false });
});

test('the bulk change offers no move to the status the list is filtered by', async ({ page }) => {
  await page.goto(byStatus(['TO_COLLECT']));
  await expect(newStatus(page).getByRole('option')).toHaveText(['Suspended', 'Cancelled']);
  await expect(newStatus(page).locator('option:checked')).toHaveText('Suspended');
  await expectAccessible(page);

  await page.goto(byStatus(['SUSPENDED']));
  await expect(newStatus(page).getByRole('option')).toHaveText(['To collect', 'Cancelled']);
  await expect(newStatus(page).locator('option:checked')).toHaveText('To collect');

  // Filtered by two statuses, every move changes some of the rows.
  await page.goto(byStatus(['TO_COLLECT', 'SUSPENDED']));
  await expect(newStatus(page).getByRole('option')).toHaveText(['To collect', 'Suspended', 'Cancelled']);

  await page.goto(byStatus(['CANCELLED']));
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  const polish = newStatus(page, 'Zmiana statusu wielu wypłat', 'Nowy status');
  await expect(polish.getByRole('option')).toHaveText(['Do odebrania', 'Wstrzymana']);
  await expectAccessible(page);
});

test('Duplicate opens the new-payout form at once, on the source payout\'s account', async ({ page }) => {
  const [source] = (await apiCall<{ items: Payout[] }>(page, 'GET', `/api/payout?limit=1&options=${encodeURIComponent(JSON.stringify({ status: ['TO_COLLECT'] }))}`)).items;
  const details = await apiCall<Payout>(page, 'GET', `/api/payout/${source.id}`);
  await page.goto(byStatus(['TO_COLLECT']));
  const row = page.locator('table.data-table > tbody > tr.data-row').filter({ hasText: source.reference });
  await row.getByRole('button', { name: `Actions for ${source.reference}`, exact: true }).click();
  await row.getByRole('menuitem', { name: 'Duplicate', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/panel/payouts/${source.id}/duplicate$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // No account step: the form shows under the line naming the source's account, which can still be changed.
  await expect(page.locator('.account-step-summary dd')).toContainText(details.accountName);
  await expect(page.getByRole('button', { name: 'Change account', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
  await expect(field(page, 'Title')).toHaveValue(details.title ?? '');
  await expect(field(page, 'Available until')).toHaveValue('');
  await expectAccessible(page);
});
