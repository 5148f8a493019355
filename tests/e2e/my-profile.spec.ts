import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, expectAccessible, field, loginAs, test } from './helpers.ts';

const USER = 'superadmin';
const OTHER_PASSWORD = 'Other#2030pass';

async function openMyProfile(page: Page) {
  await page.getByRole('button', { name: DEMO_USERS[USER].name }).click();
  await page.getByRole('button', { name: 'My profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'My profile' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  return dialog;
}

async function changePassword(page: Page, current: string, next: string) {
  const dialog = await openMyProfile(page);
  await field(page, 'Current password').fill(current);
  await field(page, 'New password').fill(next);
  await field(page, 'Confirm new password').fill(next);
  await dialog.getByRole('button', { name: 'Update' }).click();
  const success = page.getByRole('dialog').filter({ hasText: 'The password has been successfully updated.' });
  await expect(success).toBeVisible();
  await expectAccessible(page);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('My profile checks the form, rejects a wrong current password and changes the password', async ({ page }) => {
  await loginAs(page, USER);
  let dialog = await openMyProfile(page);
  await expect(dialog).toContainText('User type: Super administrator');
  await expect(field(page, 'Current password')).toBeFocused();

  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(field(page, 'Current password')).toHaveAccessibleDescription('Field required');

  await field(page, 'Current password').fill('Wrong#2030pass');
  await field(page, 'New password').fill(OTHER_PASSWORD);
  await field(page, 'Confirm new password').fill(OTHER_PASSWORD);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(field(page, 'Current password')).toHaveAccessibleDescription('Invalid current password.');
  await expectAccessible(page);

  // Escape closes the dialog without saving.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await changePassword(page, DEMO_PASSWORD, OTHER_PASSWORD);
  // The session goes on after the change; put the demo password back for the other tests.
  await changePassword(page, OTHER_PASSWORD, DEMO_PASSWORD);
  dialog = await openMyProfile(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
