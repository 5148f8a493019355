// The Authorization dialog says what the SMS code authorises (issue 25, point 6): a transfer between accounts above
// the step-up threshold (10,000.00 PLN by default) opens it, and it names the operation, the amount with its currency
// in the language's money format, and both accounts, in English and in Polish; axe finds nothing serious.
import type { Page } from '@playwright/test';
import type { Account } from '../../src/shared/accounts.ts';
import { apiCall, expect, expectAccessible, loginAs, test } from './helpers.ts';

/** The dialog's lines of what is authorised, as "label: value" (Intl's no-break spaces read as spaces). */
async function subjectLines(page: Page, dialogName: string): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.locator('dl')).toBeVisible();
  const terms = await dialog.locator('dl dt').allTextContents();
  const values = await dialog.locator('dl dd').allTextContents();
  return terms.map((term, i) => `${term}: ${values[i]}`.replace(/\s/g, ' '));
}

test('a transfer above the threshold names the operation, the amount and the accounts in the Authorization dialog, in English and Polish', async ({ page }) => {
  await loginAs(page, 'representative');
  const accounts = (await apiCall<{ items: Account[] }>(page, 'GET', '/api/account?limit=100')).items;
  const main = accounts.find((account) => account.name === 'Main PLN account')!;
  const payroll = accounts.find((account) => account.name === 'Payroll PLN')!;

  await page.goto('/panel/accounts/transfer');
  await page.getByRole('group', { name: 'From account' }).getByRole('radio', { name: /^Main PLN account/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('combobox', { name: 'To account' }).click();
  await page.getByRole('option', { name: /^Payroll PLN/ }).click();
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('12345.60');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Bonus pool');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  expect(await subjectLines(page, 'Authorization')).toEqual([
    'Operation: Transfer between accounts',
    'Amount: PLN 12,345.60',
    `From account: Main PLN account (#${main.id})`,
    `To account: Payroll PLN (#${payroll.id})`,
  ]);
  await expectAccessible(page);
  await page.getByRole('dialog', { name: 'Authorization' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The same operation in Polish: the labels and the amount as Polish writes it.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  expect(await subjectLines(page, 'Autoryzacja')).toEqual([
    'Operacja: Przelew między rachunkami',
    'Kwota: 12 345,60 zł',
    `Z rachunku: Main PLN account (#${main.id})`,
    `Na rachunek: Payroll PLN (#${payroll.id})`,
  ]);
  await expectAccessible(page);
  await page.getByRole('dialog', { name: 'Autoryzacja' }).getByRole('button', { name: 'Anuluj', exact: true }).click();
  // Nothing moved without the code.
  const after = (await apiCall<{ items: Account[] }>(page, 'GET', '/api/account?limit=100')).items;
  expect(after.find((account) => account.id === main.id)!.balance).toBe(main.balance);
});
