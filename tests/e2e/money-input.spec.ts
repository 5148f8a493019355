// The money input in the browser, in both languages: an amount typed with the language's own grouping is taken as
// meant and saved, as the hint under the field says ("1,234" in English is 1,234.00); text that is not an amount stays
// in the field with its reason under it, and the form is not sent.
import type { Page } from '@playwright/test';
import { expect, field, freshName, loginAs, test } from './helpers.ts';

async function switchToPolish(page: Page) {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('group', { name: 'Język' })).toBeVisible();
}

/** Puts `text` into the field as a paste does, then leaves the field. */
async function pasteAndLeave(page: Page, label: string, text: string) {
  const input = field(page, label);
  await input.fill(text);
  await input.press('Tab');
}

test.describe('money input', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin', { open: false });
  });

  test('English: keeps what is not an amount with its reason, saves 1,000.50 as typed', async ({ page }) => {
    const name = freshName('Budget en ');
    await page.goto('/panel/programs/create');
    await field(page, 'Name').fill(name);
    const budget = field(page, 'Budget');
    await expect(page.locator('.field-suffix')).toHaveText('PLN');

    for (const [typed, reason] of [
      ['0.555', 'Enter a valid amount with at most 2 decimal places'],
      ['12abc', 'Enter a valid amount with at most 2 decimal places'],
      ['-5', 'The value must be at least 0'],
    ]) {
      await pasteAndLeave(page, 'Budget', typed);
      await expect(budget).toHaveValue(typed);
      await expect(page.getByText(reason)).toBeVisible();
      await expect(page.getByText('Field required')).toHaveCount(0);
    }

    // Save is refused: the text stays, the reason stands under the field, nothing is sent.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(budget).toHaveValue('-5');
    await expect(page.getByText('The value must be at least 0')).toBeVisible();
    await expect(budget).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/panel\/programs\/create$/);

    // English reads a comma as grouping only, and says so under the field: "1,234" is 1,234.00, never 1.234, and
    // "1,23" (malformed grouping) is refused rather than taken for 1.23.
    const hint = 'Decimals after a dot; commas and spaces separate thousands: 1,234 is 1,234.00';
    await expect(page.getByText(hint)).toBeVisible();
    await expect(budget).toHaveAccessibleDescription(new RegExp(hint.replace(/[.,]/g, '\\$&')));
    await pasteAndLeave(page, 'Budget', '1,234');
    await expect(budget).toHaveValue('1234.00');
    await expect(page.getByText('The value must be at least 0')).toHaveCount(0);
    await pasteAndLeave(page, 'Budget', '1,23');
    await expect(budget).toHaveValue('1,23');
    await expect(page.getByText('Enter a valid amount with at most 2 decimal places')).toBeVisible();

    // Typed key by key with English grouping: read as one thousand and a half, shown in normal form on blur.
    await budget.fill('');
    await budget.pressSequentially('1,000.50');
    await expect(budget).toHaveValue('1,000.50');
    await budget.press('Tab');
    await expect(budget).toHaveValue('1000.50');
    await expect(page.getByText('The value must be at least 0')).toHaveCount(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The program has been saved.');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/panel\/programs$/);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(/PLN\s1,000\.50/);
  });

  test('Polish: reads "1 000,50", refuses "0,555" in Polish words, shows złoty as the list does', async ({ page }) => {
    const name = freshName('Budzet pl ');
    await page.goto('/panel/programs/create');
    await switchToPolish(page);
    await field(page, 'Nazwa').fill(name);
    const budget = field(page, 'Budżet');
    await expect(page.locator('.field-suffix')).toHaveText('zł');
    await expect(page.getByText('Część dziesiętna po przecinku lub kropce, tysiące oddzielone spacją: 1 234,50')).toBeVisible();

    await pasteAndLeave(page, 'Budżet', '0,555');
    await expect(budget).toHaveValue('0,555');
    await expect(page.getByText('Wpisz poprawną kwotę z najwyżej 2 miejscami po przecinku')).toBeVisible();
    // A dot does not group in Polish: refused visibly rather than read as another number.
    await pasteAndLeave(page, 'Budżet', '1.000,50');
    await expect(budget).toHaveValue('1.000,50');
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await expect(page.getByText('Wpisz poprawną kwotę z najwyżej 2 miejscami po przecinku')).toBeVisible();
    await expect(page.getByText('Pole wymagane')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await budget.fill('');
    await budget.pressSequentially('1 000,50');
    await budget.press('Tab');
    await expect(budget).toHaveValue('1000,50');
    await expect(page.getByText('Wpisz poprawną kwotę z najwyżej 2 miejscami po przecinku')).toHaveCount(0);

    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Program został zapisany.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/panel\/programs$/);
    // Four digits grouped as in longer amounts, złoty written as in the form.
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(/1\s000,50\szł/);
  });
});
