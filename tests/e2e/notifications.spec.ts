// The bell: a finished import shows as an unread notification; the drawer lists it in the user's language and marks
// it as read.
import * as XLSX from 'xlsx';
import { expect, expectAccessible, loginAs, test } from './helpers.ts';

test('a finished import rings the bell; the drawer lists it and marks it as read', async ({ page }) => {
  await loginAs(page, 'admin');
  // Everything read first, so the count is this test's own.
  await page.evaluate(async () => {
    await fetch('/api/notification/read', { method: 'POST', headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } });
  });
  const stamp = String(Date.now()).slice(-6);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Phone number', 'First name', 'Last name'], [`+4878${stamp}1`, 'Bella', 'Bell'], [`+4878${stamp}2`, 'Bruno', 'Bell']]), 'Sheet1');
  const file = (XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer).toString('base64');
  const status = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'bell.xlsx');
    const res = await fetch('/api/payout/recipient/fromFile', { method: 'POST', body: form, headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } });
    return res.status;
  }, file);
  expect(status).toBe(200);

  await page.reload();
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByRole('listitem').first()).toContainText('Import finished: 2 rows created');
  // Its time is of the customer's zone, which the drawer names.
  await expect(drawer.getByText('Times in Europe/Warsaw', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(drawer.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // In Polish.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Powiadomienia', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Powiadomienia' }).getByRole('listitem').first()).toContainText('Import zakończony: utworzono wierszy: 2');
  await expect(page.getByRole('dialog', { name: 'Powiadomienia' }).getByText('Godziny w strefie czasowej Europe/Warsaw', { exact: true })).toBeVisible();
});
