// The audit log reads like a log, in English and Polish: a transfer between accounts shows as "Transfer between
// accounts" (not its code), its details row lists what changed as a person reads it (field labels, old → new,
// amounts with their currency); and a payout's status history names the recipient who collected it.
import type { Page } from '@playwright/test';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { apiCall, DEMO_USERS, expect, expectAccessible, latestCode, loginAs, outboxMark, test } from './helpers.ts';

type List<T> = { items: T[] };
const bodyRows = (page: Page) => page.locator('table.data-table > tbody > tr.data-row');

async function accountNamed(page: Page, name: string): Promise<{ id: number; balance: number }> {
  return (await apiCall<List<{ id: number; name: string; balance: number }>>(page, 'GET', '/api/account?limit=100')).items.find((a) => a.name === name)!;
}

/** A transfer as the panel makes it: with the SMS code when the server asks for one. */
async function transfer(page: Page, body: Record<string, unknown>): Promise<void> {
  const mark = outboxMark();
  const first = await apiCall<{ authorizationRequired?: boolean }>(page, 'POST', '/api/account/transfer', body);
  if (first.authorizationRequired) await apiCall(page, 'POST', '/api/account/transfer', { ...body, verificationCode: await latestCode(DEMO_USERS.admin.phone, { after: mark }) });
}

test('the audit log names a transfer and lists what changed, in English and Polish', async ({ page }) => {
  await loginAs(page, 'admin');
  const [main, payroll] = [await accountNamed(page, 'Main PLN account'), await accountNamed(page, 'Payroll PLN')];
  const title = `Audit ${Date.now()}`;
  await transfer(page, { fromAccountId: main.id, toAccountId: payroll.id, amount: 12_340, title });

  await page.goto('/panel/audit');
  const row = bodyRows(page).first();
  await expect(row).toContainText('Transfer between accounts');
  await expect(row).toContainText('Account');
  await expect(row).not.toContainText('account.transfer');
  await row.getByRole('button', { name: 'Details', exact: true }).click();
  const details = page.locator('tr.details-row');
  await expect(details.getByText('What changed', { exact: true })).toBeVisible();
  const lines = details.getByRole('listitem');
  // Money in thousandths: 12,340 is PLN 12.34; the balances as the account had them.
  const pln = (thousandths: number) => `PLN\u00a0${(thousandths / 1000).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
  await expect(lines.filter({ hasText: 'From account › Available funds:' })).toHaveText(`From account › Available funds: ${pln(main.balance)} → ${pln(main.balance - 12_340)}`);
  await expect(lines.filter({ hasText: 'Title:' })).toHaveText(`Title: ${title}`);
  await expect(lines.filter({ hasText: 'Amount:' })).toHaveText('Amount: PLN\u00a012.34');
  await expect(details).not.toContainText('balanceUpdateIds');
  await expectAccessible(page);

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await expect(row).toContainText('Przelew między rachunkami');
  await expect(details.getByText('Co się zmieniło', { exact: true })).toBeVisible();
  await expect(lines.filter({ hasText: 'Tytuł:' })).toHaveText(`Tytuł: ${title}`);
  await expect(lines.filter({ hasText: 'Kwota:' })).toHaveText('Kwota: 12,34\u00a0zł');
  await expect(lines.filter({ hasText: 'Z rachunku › Dostępne środki:' })).toContainText('→');
  await expectAccessible(page);
  // The filter offers actions by their labels, and its chip names the chosen one so.
  await page.getByRole('button', { name: 'Filtry', exact: true }).click();
  const action = page.getByRole('combobox', { name: 'Czynność' });
  await action.fill('Przelew');
  await page.getByRole('option', { name: 'Przelew między rachunkami', exact: true }).click();
  await page.getByRole('button', { name: 'Zastosuj', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toHaveText(/Czynność:\s*Przelew między rachunkami/);
  await expect(bodyRows(page).first()).toContainText('Przelew między rachunkami');
  await expectAccessible(page);
});

test("a payout's status history names the recipient who collected it", async ({ page, request }) => {
  await loginAs(page, 'admin');
  const phone = `+4879${String(Date.now()).slice(-7)}`;
  const title = `History ${Date.now()}`;
  const recipient = await apiCall<{ id: number }>(page, 'POST', '/api/payout/recipient', { firstName: 'Halina', lastName: 'Odbiorcza', phoneNumber: phone });
  const account = await accountNamed(page, 'Main PLN account');
  const program = (await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/payout/program?limit=100')).items.find((p) => p.name === 'Employee bonuses')!;
  const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
  const payout = await apiCall<{ id: number }>(page, 'POST', '/api/payout', { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 4_560, title, endDate });

  // The recipient collects through the collection page's calls.
  const mark = outboxMark();
  expect((await request.post('/api/payout/recipient/login', { data: { phoneNumber: phone, customerUrl: 'demo' } })).ok()).toBe(true);
  const signedIn = await request.post('/api/payout/recipient/authenticate', { data: { phoneNumber: phone, customerUrl: 'demo', verificationCode: await latestCode(phone, { after: mark }) } });
  const headers = { Authorization: `Bearer ${(await signedIn.json()).token}` };
  const bank = await request.post('/api/payout/collection/bankAccount', {
    headers,
    data: { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Halina Odbiorcza', iban: 'PL61109010140000071219812874' },
  });
  expect(bank.status()).toBe(201);
  expect((await request.post('/api/payout/collection', { headers, data: { payoutIds: [payout.id], bankAccountId: (await bank.json()).id } })).ok()).toBe(true);

  await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
  await bodyRows(page).first().getByRole('button', { name: 'Details', exact: true }).click();
  const collected = page.locator('tr.details-row').getByRole('row').filter({ hasText: 'Collected on Page' });
  await expect(collected).toContainText('Halina Odbiorcza');
  await expect(collected).toContainText('Recipient');
  await expect(collected).not.toContainText('recipient:');
  await expectAccessible(page);
});
