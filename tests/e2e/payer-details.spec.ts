// Payer and bank account details: an admin edits the payer details (a bad NIP shows under its field; in Polish too),
// a General Representative reads them in a read-only form; a collected payout's details name its bank account by the
// last 4 characters, and with the customer setting on an admin opens the full details with "Show full details", which
// a Special Representative is not offered; a recipient's saved accounts are listed masked and an admin removes one.
import type { Page } from '@playwright/test';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { apiCall, expect, expectAccessible, field, followNavEntry, latestCode, loginAs, openRowActions, outboxMark, test } from './helpers.ts';

type List<T> = { items: T[] };
type Payer = Record<string, string>;
// The list's own rows, not those of a small table inside an open details row (a recipient's bank accounts).
const bodyRows = (page: Page) => page.locator('table.data-table:not(tr.details-row table) > tbody > tr.data-row');
const FULL_IBAN = 'PL61109010140000071219812874';

test('an admin edits the payer details, a General Representative reads them without a way to save', async ({ page, browser }) => {
  await loginAs(page, 'admin');
  const original = await apiCall<Payer>(page, 'GET', '/api/customer/payerDetails');
  await followNavEntry(page, 'Payer details');
  await expect(page).toHaveURL(/\/panel\/customers\/payer-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payer details' })).toBeVisible();
  const legalName = field(page, 'Legal name');
  await expect(legalName).toHaveValue(original.legalName);
  await expect(page.getByRole('combobox', { name: 'Bank' })).toHaveValue(original.bank);
  await expectAccessible(page);

  await legalName.fill('Demo Company Payer sp. z o.o.');
  await field(page, 'Tax identification number (NIP)').fill('5250001234');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Tax identification number (NIP) is invalid')).toBeVisible();
  await expectAccessible(page);
  await field(page, 'Tax identification number (NIP)').fill('5250001233');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('The payer details have been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  expect((await apiCall<Payer>(page, 'GET', '/api/customer/payerDetails')).legalName).toBe('Demo Company Payer sp. z o.o.');

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dane płatnika' })).toBeVisible();
  await expect(field(page, 'Nazwa prawna')).toHaveValue('Demo Company Payer sp. z o.o.');
  await expectAccessible(page);
  await page.getByRole('group', { name: 'Język' }).getByRole('button', { name: 'English' }).click();
  await apiCall(page, 'PUT', '/api/customer/payerDetails', original);

  // A General Representative: the same screen, every field read-only and nothing to save.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await loginAs(reader, 'representative');
  await followNavEntry(reader, 'Payer details');
  await expect(reader.getByRole('heading', { level: 1, name: 'Payer details' })).toBeVisible();
  await expect(field(reader, 'Legal name')).toHaveValue(original.legalName);
  await expect(field(reader, 'Legal name')).toHaveAttribute('readonly', '');
  await expect(field(reader, 'Bank account (IBAN)')).toHaveAttribute('readonly', '');
  await expect(reader.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expectAccessible(reader);
  await context.close();
});

test("a collected payout's bank account: masked in its details, in full through \"Show full details\" with the setting on; a recipient's accounts listed and one removed", async ({ page, browser, request }) => {
  await loginAs(page, 'admin');
  // A new recipient collects a payout to a new account, and saves a second account it never uses.
  const phone = `+4878${String(Date.now()).slice(-7)}`;
  const title = `Beneficiary ${Date.now()}`;
  const recipient = await apiCall<{ id: number }>(page, 'POST', '/api/payout/recipient', { firstName: 'Bogna', lastName: 'Rachunkowa', phoneNumber: phone });
  const account = (await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/account?limit=100')).items.find((a) => a.name === 'Main PLN account')!;
  const program = (await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/payout/program?limit=100')).items.find((p) => p.name === 'Employee bonuses')!;
  const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
  const payout = await apiCall<{ id: number; reference: string }>(page, 'POST', '/api/payout', { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 3_210, title, endDate });
  const mark = outboxMark();
  expect((await request.post('/api/payout/recipient/login', { data: { phoneNumber: phone, customerUrl: 'demo' } })).ok()).toBe(true);
  const signedIn = await request.post('/api/payout/recipient/authenticate', { data: { phoneNumber: phone, customerUrl: 'demo', verificationCode: await latestCode(phone, { after: mark }) } });
  const headers = { Authorization: `Bearer ${(await signedIn.json()).token}` };
  const addAccount = (iban: string) =>
    request.post('/api/payout/collection/bankAccount', { headers, data: { countryCode: 'PL', currency: 'PLN', beneficiaryType: 'INDIVIDUAL', beneficiaryName: 'Bogna Rachunkowa', iban } });
  const used = await addAccount(FULL_IBAN);
  expect(used.status()).toBe(201);
  expect((await addAccount('PL27114020040000300201355387')).status()).toBe(201);
  expect((await request.post('/api/payout/collection', { headers, data: { payoutIds: [payout.id], bankAccountId: (await used.json()).id } })).ok()).toBe(true);

  const settings = await apiCall<Record<string, unknown>>(page, 'GET', '/api/customer/settings');
  await apiCall(page, 'PUT', '/api/customer/settings', { PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS: true });
  try {
    await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
    await expect(bodyRows(page)).toHaveCount(1);
    const row = bodyRows(page).first();
    await row.getByRole('button', { name: 'Details', exact: true }).click();
    const bankAccount = page.locator('tr.details-row .details-item', { has: page.getByText('Collected to bank account', { exact: true }) });
    await expect(bankAccount.locator('dd')).toHaveText('•••• 2874');
    await expect(page.getByText(FULL_IBAN)).toHaveCount(0);
    await expectAccessible(page);

    const audited = async () => (await apiCall<{ numberOfRecords: number }>(page, 'GET', `/api/audit?limit=1&options=${encodeURIComponent(JSON.stringify({ action: 'payout.beneficiaryView' }))}`)).numberOfRecords;
    const before = await audited();
    await openRowActions(row);
    await row.getByRole('menuitem', { name: 'Show full details', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/panel/payouts/${payout.id}/beneficiary$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Beneficiary details' })).toBeVisible();
    const iban = page.locator('.details-item', { has: page.getByText('IBAN', { exact: true }) });
    await expect(iban.locator('dd')).toHaveText(FULL_IBAN);
    await expect(page.getByText('Bogna Rachunkowa')).toBeVisible();
    await expectAccessible(page);
    expect(await audited()).toBe(before + 1);

    // A Special Representative sees the masked account and is offered no full view.
    const context = await browser.newContext();
    const viewer = await context.newPage();
    await loginAs(viewer, 'viewer');
    await viewer.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
    const viewerRow = bodyRows(viewer).first();
    await viewerRow.getByRole('button', { name: 'Details', exact: true }).click();
    await expect(viewer.locator('tr.details-row .details-item', { has: viewer.getByText('Collected to bank account', { exact: true }) }).locator('dd')).toHaveText('•••• 2874');
    await expect(viewerRow.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await context.close();
  } finally {
    await apiCall(page, 'PUT', '/api/customer/settings', { PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS: settings.PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS });
  }

  // The recipient's details list its saved accounts, masked, with holder type and currency.
  await page.goto(`/panel/recipients?options=${encodeURIComponent(JSON.stringify({ search: phone.slice(1) }))}`);
  await expect(bodyRows(page)).toHaveCount(1);
  const recipientRow = bodyRows(page).first();
  await recipientRow.getByRole('button', { name: 'Details', exact: true }).click();
  const saved = page.getByRole('region', { name: 'Saved bank accounts' });
  await expect(saved.getByRole('row')).toHaveCount(3);
  await expect(saved.getByRole('row').nth(1)).toContainText('•••• 5387');
  await expect(saved.getByRole('row').nth(1)).toContainText('Individual');
  await expect(saved.getByRole('row').nth(1)).toContainText('PLN');
  await expect(saved.getByRole('row').nth(2)).toContainText('•••• 2874');
  await expectAccessible(page);

  // The admin removes the unused one from the recipient's bank accounts.
  await openRowActions(recipientRow);
  await recipientRow.getByRole('menuitem', { name: 'Bank accounts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Recipient's bank accounts" })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(2);
  const unused = bodyRows(page).filter({ hasText: '•••• 5387' });
  await openRowActions(unused);
  await unused.getByRole('menuitem', { name: 'Remove', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Remove this bank account? The recipient will no longer be able to choose it.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog').getByText('The bank account has been removed.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('•••• 2874');
  await expectAccessible(page);
});
