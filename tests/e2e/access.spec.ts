import { expect, loginAs, test } from './helpers.ts';

test('a Special Representative opening /panel/users is refused', async ({ page }) => {
  await loginAs(page, 'viewer', { open: false });
  await page.goto('/panel/users');
  await expect(page.getByText('You do no have access to this page!')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
});

test('an admin opening /panel/users sees the screen', async ({ page }) => {
  await loginAs(page, 'admin', { open: false });
  await page.goto('/panel/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('You do no have access to this page!')).toHaveCount(0);
});
