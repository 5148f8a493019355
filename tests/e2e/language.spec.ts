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

/** Text on the page that looks like a text key rather than a text: `ns:key`, a dotted key, a placeholder. */
async function keyLikeTexts(page: import('@playwright/test').Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text.split('\n').filter((line) => /\b(common|errors|validation|entities|screens|table|form|imports|pages|dashboard):[A-Za-z]|\{\{|^[a-z]+(\.[a-z][A-Za-z]*){1,}$/.test(line.trim()));
}

test('a list and a form in Polish show texts, never their keys', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await page.getByRole('navigation', { name: 'Nawigacja główna' }).getByRole('link', { name: 'Odbiorcy' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  expect(await keyLikeTexts(page)).toEqual([]);
  await page.goto('/panel/recipients/create');
  await expect(page.getByRole('button', { name: 'Zapisz', exact: true })).toBeVisible();
  expect(await keyLikeTexts(page)).toEqual([]);
});
