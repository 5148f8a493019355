// The "Paid" label on the demo data: a payout whose transfer batch was completed shows "Paid" as a green label in the
// payouts list, in its details (whose history still names the status "Completed successfully") and in the dashboard's
// Payouts Overview; once in Polish. And a taken identity on the user form: the spec's general message above the form
// when the login belongs to a user the admin may not read, the field's own message when it belongs to one it may.
import type { Page } from '@playwright/test';
import { periodOf } from '../../src/shared/dashboard.ts';
import type { Payout } from '../../src/shared/payouts.ts';
import { apiCall, expect, expectAccessible, field, loginAs, test } from './helpers.ts';

const rows = (page: Page) => page.locator('table.data-table > tbody > tr.data-row');

/** A completed payout of the demo data, as the API answers it. */
async function paidPayout(page: Page): Promise<Payout> {
  const options = encodeURIComponent(JSON.stringify({ status: ['COMPLETED_SUCCESSFULLY'] }));
  const list = await apiCall<{ items: Payout[] }>(page, 'GET', `/api/payout?limit=1&options=${options}`);
  expect(list.items).toHaveLength(1);
  expect(list.items[0].label).toBe('PAID');
  return list.items[0];
}

/** The payouts list searched for one reference: its single row. */
async function listRow(page: Page, reference: string) {
  await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: reference }))}`);
  await expect(rows(page)).toHaveCount(1);
  return rows(page).first();
}

/** The dashboard for the year the payout was made in (the customer's clock). */
async function dashboardOf(page: Page, payout: Payout) {
  const me = await apiCall<{ customer: { timeZone: string } }>(page, 'GET', '/api/me');
  const year = periodOf('YEARLY', new Date(payout.createdAt), me.customer.timeZone).year;
  await page.goto(`/panel/dashboard?period=YEARLY&year=${year}`);
}

test('a paid payout shows "Paid" in the list, its details and the dashboard; in Polish "Wypłacona"', async ({ page }) => {
  await loginAs(page, 'admin');
  const payout = await paidPayout(page);

  const row = await listRow(page, payout.reference);
  const label = row.locator('.tone', { hasText: 'Paid' });
  await expect(label).toHaveText('Paid');
  await expect(label).toHaveClass(/tone-success/);
  expect((await label.boundingBox())?.width).toBeGreaterThan(0);
  await expect(row.getByText('Completed successfully', { exact: true })).toHaveCount(0);

  // The details: the label beside the other facts, the history naming the statuses as they are.
  await row.getByRole('button', { name: 'Details', exact: true }).click();
  const details = page.getByRole('main').locator('tr.details-row');
  const status = details.locator('.details-item', { has: page.getByText('Status', { exact: true }) }).first();
  await expect(status.locator('dd')).toHaveText('Paid');
  await expect(status.locator('dd .tone')).toHaveClass(/tone-success/);
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history.getByRole('row').last()).toContainText('Completed successfully');
  await expectAccessible(page);

  // The dashboard's Payouts Overview names the status so, in its chart and its table.
  await dashboardOf(page, payout);
  const overview = page.getByRole('region', { name: 'Payouts Overview', exact: true });
  await expect(overview.getByRole('link', { name: 'Show the payouts: Paid' })).toBeVisible();
  await expect(overview.getByText('Completed successfully')).toHaveCount(0);
  await expectAccessible(page);

  // In Polish.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  const overviewPl = page.getByRole('region', { name: 'Przegląd wypłat', exact: true });
  await expect(overviewPl.getByRole('rowheader', { name: 'Wypłacona' })).toBeVisible();
  const rowPl = await listRow(page, payout.reference);
  await expect(rowPl.locator('.tone-success')).toHaveText('Wypłacona');
  await expectAccessible(page);
});

test('a taken login: the general message to an admin who may not read its holder, the field\'s own to one who may', async ({ page }) => {
  await loginAs(page, 'admin');
  const before = await apiCall<{ numberOfRecords: number }>(page, 'GET', '/api/user?limit=1');
  await page.goto('/panel/users/create');
  // "superadmin" is the operator's login, a user of no customer.
  await field(page, 'User name').fill('superadmin');
  await field(page, 'Password').fill('Taken123!');
  await field(page, 'First name').fill('Tadeusz');
  await field(page, 'Last name').fill('Zajęty');
  await field(page, 'Phone number').fill('512 000 999');
  await field(page, 'E-mail').fill('tadeusz.zajety@demo.example.com');
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Representative', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The given email, Billon App user name or login cannot be used.' })).toBeVisible();
  await expect(page.getByText('The login is already taken!')).toHaveCount(0);
  await expectAccessible(page);

  // A login of the admin's own customer: named under its field.
  await field(page, 'User name').fill('representative');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The login is already taken!')).toBeVisible();
  await expect(field(page, 'User name')).toHaveAttribute('aria-invalid', 'true');
  // Nothing was created.
  expect((await apiCall<{ numberOfRecords: number }>(page, 'GET', '/api/user?limit=1')).numberOfRecords).toBe(before.numberOfRecords);
});
