import { expect, loginAs, test } from './helpers.ts';

test('Polish chosen in the panel survives a reload', async ({ page }) => {
  await loginAs(page, 'admin');
  const english = page.getByRole('group', { name: 'Language' });
  await english.getByRole('button', { name: 'Polski' }).click();
  const navigation = page.getByRole('navigation', { name: 'Nawigacja główna' });
  await expect(navigation.getByRole('link', { name: 'Użytkownicy' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');

  await page.reload();
  await expect(navigation.getByRole('link', { name: 'Użytkownicy' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Język' }).getByRole('button', { name: 'Polski' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
});

test('the login page switches language with the keyboard', async ({ page }) => {
  await page.goto('/panel');
  await page.getByRole('button', { name: 'Polski' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Nazwa użytkownika', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zaloguj się', exact: true })).toBeVisible();
});
