// The payouts screens in the browser, on the demo data: a payout created through the account picker and the
// generated form, found in the list, suspended and cancelled by its row actions (its money back in the available
// funds), the list filtered by status in the address and by recipient from the recipients' "Show payouts", and
// a duplicate that starts from the source payout. Each new screen is audited with axe.
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import type { Account } from '../../src/shared/accounts.ts';
import type { Payout } from '../../src/shared/payouts.ts';
import { formatAmount } from '../../src/shared/money.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { apiCall, DEMO_USERS, expect, expectAccessible, field, latestCode, loginAs, offeredRowActions, openRowActions, outboxMark, test } from './helpers.ts';

type List<T> = { items: T[]; numberOfRecords: number };
const bodyRows = (page: Page) => page.locator('table.data-table > tbody > tr.data-row');

const apiGet = <T>(page: Page, url: string) => apiCall<T>(page, 'GET', url);

async function mainAccount(page: Page): Promise<Account> {
  const found = (await apiGet<List<Account>>(page, '/api/account?limit=100')).items.find((a) => a.name === 'Main PLN account');
  expect(found).toBeDefined();
  return found!;
}

async function confirmAction(page: Page, row: Locator, action: string, question: string, success: string) {
  await openRowActions(row);
  await row.getByRole('menuitem', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog').getByText(success)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Creates a payout of `amount` (as typed) through the form, from the main PLN account; answers it as the API shows it. */
async function createThroughForm(page: Page, amount: string, title: string, authorize?: () => Promise<void>): Promise<Payout> {
  await page.goto('/panel/payouts');
  await page.getByRole('main').getByRole('link', { name: 'New payout', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/payouts\/create$/);
  const account = await mainAccount(page);
  const picker = page.getByRole('group', { name: 'Account' });
  await picker.getByRole('radio', { name: new RegExp(`^Main PLN account \\(#${account.id}\\)`) }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  // An existing recipient is the default; the list is searched as one types, every word anywhere.
  await expect(page.getByRole('radio', { name: 'An existing recipient' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Recipient' }).fill('anna 601000001');
  await expect(page.getByRole('option')).toHaveText(['Anna Nowak +48601000001']);
  await page.getByRole('option').first().click();
  // Only programs in the account's currency are offered.
  await page.getByRole('combobox', { name: 'Program' }).click();
  await expect(page.getByRole('option', { name: 'Employee bonuses PLN', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: /EUR$/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'Employee bonuses PLN', exact: true }).click();
  await field(page, 'Amount').fill(amount);
  await field(page, 'Title').fill(title);
  await field(page, 'Available until').fill(toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw'));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await authorize?.();
  await expect(page.getByRole('dialog')).toContainText('Payout created');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/panel\/payouts$/);
  const created = (await apiGet<List<Payout>>(page, `/api/payout?options=${encodeURIComponent(JSON.stringify({ search: title }))}`)).items;
  expect(created).toHaveLength(1);
  return created[0];
}

const apiSend = <T>(page: Page, method: string, url: string, body: unknown) => apiCall<T>(page, method, url, body);

test.describe('as an administrator', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin', { open: false });
  });

  test('creates a payout, then suspends and cancels it; its money is blocked, then free again', async ({ page }) => {
    const before = await mainAccount(page);
    const payout = await createThroughForm(page, '12.34', `Browser payout ${Date.now()}`);
    expect(payout).toMatchObject({ amount: 12_340, currency: 'PLN', status: 'TO_COLLECT', source: 'MANUAL', programName: 'Employee bonuses' });
    expect(await mainAccount(page)).toMatchObject({ balance: before.balance - 12_340, lockedBalance: before.lockedBalance + 12_340 });

    const row = bodyRows(page).filter({ hasText: payout.reference });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(formatAmount(12_340, { locale: 'en-GB', currency: 'PLN' }));
    await expect(row.getByText('To collect', { exact: true })).toBeVisible();
    await expectAccessible(page);
    // Only the actions of its status.
    expect(await offeredRowActions(page, row)).toEqual(['Suspend', 'Cancel payout', 'Send reminder', 'Duplicate']);
    await confirmAction(page, row, 'Suspend', 'Suspend this payout?', 'The payout has been suspended.');
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    expect(await offeredRowActions(page, row)).toEqual(['Resume', 'Cancel payout', 'Duplicate']);
    await confirmAction(page, row, 'Cancel payout', 'Cancel this payout?', 'The payout has been cancelled.');
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    expect(await offeredRowActions(page, row)).toEqual(['Duplicate']);
    expect(await mainAccount(page)).toMatchObject({ balance: before.balance, lockedBalance: before.lockedBalance });
    // Its details: the contact and the history of its statuses, read when the details open.
    await row.getByRole('button', { name: 'Details', exact: true }).click();
    const history = page.getByRole('region', { name: 'Status history' });
    await expect(history.getByRole('row')).toHaveCount(4);
    await expect(history.getByRole('row').nth(1)).toContainText('To collect');
    await expect(history.getByRole('row').nth(3)).toContainText(/Suspended\s*Cancelled\s*admin/);
    await expectAccessible(page);

    // The status filter in the address: only cancelled payouts.
    await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ status: ['CANCELLED'] }))}`);
    await expect(bodyRows(page).first()).toBeVisible();
    const statuses = await bodyRows(page).locator('.tone').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Cancelled']));

    // The report of these filters, opened with the xlsx package: the cancelled payout is in it, with its amount.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generate report (xlsx)', exact: true }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0].slice(0, 6)).toEqual(['Reference', 'Recipient', 'Program', 'Amount', 'Currency', 'Status']);
    expect(rows.find((r) => r[0] === payout.reference)?.slice(3, 6)).toEqual([12.34, 'PLN', 'Cancelled']);
    expect(new Set(rows.slice(1).map((r) => r[5]))).toEqual(new Set(['Cancelled']));
  });

  test('creates a payout at the step-up threshold only with the SMS code of the Authorization dialog', async ({ page }) => {
    const before = await mainAccount(page);
    const title = `Large ${Date.now()}`;
    const mark = outboxMark();
    const payout = await createThroughForm(page, '10000', title, async () => {
      const authorization = page.getByRole('dialog', { name: 'Authorization' });
      await expect(authorization).toBeVisible();
      const code = authorization.getByRole('textbox', { name: 'Verification code' });
      await expect(code).toBeFocused();
      await expectAccessible(page);
      // Nothing is created and no money moves before the code.
      expect((await apiGet<List<Payout>>(page, `/api/payout?options=${encodeURIComponent(JSON.stringify({ search: title }))}`)).numberOfRecords).toBe(0);
      expect((await mainAccount(page)).balance).toBe(before.balance);
      await code.fill(await latestCode(DEMO_USERS.admin.phone, { after: mark }));
      await authorization.getByRole('button', { name: 'Confirm', exact: true }).click();
    });
    expect(payout).toMatchObject({ amount: 10_000_000, status: 'TO_COLLECT' });
    const after = await mainAccount(page);
    expect(after.balance).toBe(before.balance - 10_000_000);
    expect(after.lockedBalance).toBe(before.lockedBalance + 10_000_000);
  });

  test("the amount filter's chip shows money as each language writes it", async ({ page }) => {
    // Amounts are kept in thousandths: 1000500 is 1,000.50.
    await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ amount: { between: [1000500, 20000000] } }))}`);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveText(/Amount:\s*1,000\.50 – 20,000\.00/);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toHaveText(/Kwota:\s*1\s000,50 – 20\s000,00/);
    await expectAccessible(page);
  });

  test("lands on a recipient's payouts from the recipients table, and duplicates one", async ({ page }) => {
    const payout = await createThroughForm(page, '3.21', `Duplicate me ${Date.now()}`);
    await page.goto(`/panel/recipients?options=${encodeURIComponent(JSON.stringify({ search: payout.recipientPhoneNumber }))}`);
    const recipientRow = bodyRows(page).first();
    await openRowActions(recipientRow);
    await recipientRow.getByRole('menuitem', { name: 'Show payouts', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/panel/payouts\\?.*recipientId`));
    await expect(bodyRows(page).filter({ hasText: payout.reference })).toHaveCount(1);
    // The chip names the recipient, not its id.
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Recipient: Anna Nowak +48601000001');
    const titles = await page.locator('table.data-table > thead th').allTextContents();
    const column = titles.findIndex((text) => text.replace(/[▲▼↕]/g, '').trim() === 'Recipient') + 1;
    const names = await bodyRows(page).locator(`td:nth-child(${column})`).allTextContents();
    expect(new Set(names)).toEqual(new Set([payout.recipientName]));

    const source = bodyRows(page).filter({ hasText: payout.reference });
    await openRowActions(source);
    await source.getByRole('menuitem', { name: 'Duplicate', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/panel/payouts/${payout.id}/duplicate$`));
    // Straight to the form, on the source's account (no account step to pass).
    await expect(page.locator('.account-step-summary dd')).toContainText('Main PLN account');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Recipient' })).toHaveValue('Anna Nowak +48601000001');
    await expect(field(page, 'Amount')).toHaveValue('3.21');
    await expect(field(page, 'Title')).toHaveValue(payout.title!);
    await expect(field(page, 'Available until')).toHaveValue('');
    await expectAccessible(page);
  });

  test('changes the status of many payouts: after a status filter, with the count first and a confirmation', async ({ page }) => {
    const title = `Bulk ${Date.now()}`;
    const account = await mainAccount(page);
    const program = (await apiGet<List<{ id: number; name: string }>>(page, '/api/payout/program?limit=100')).items.find((p) => p.name === 'Employee bonuses')!;
    const recipient = (await apiGet<List<{ id: number; blocked: boolean }>>(page, '/api/payout/recipient?limit=100')).items.find((r) => !r.blocked)!;
    const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await apiSend<Payout>(page, 'POST', '/api/payout', { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 1_000 + 10 * i, title, endDate })).id);
    }
    await apiSend(page, 'PUT', '/api/payout/status', { status: 'SUSPENDED', ids: [ids[0]], confirm: true });

    // Without a status filter the panel says what is needed first.
    await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
    await expect(page.getByText('To change the status of many payouts at once, first choose at least one status in the filters.')).toBeVisible();
    await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title, status: ['TO_COLLECT', 'SUSPENDED'] }))}`);
    await expect(bodyRows(page)).toHaveCount(3);
    const bar = page.getByRole('group', { name: 'Change the status of many payouts' });
    await expectAccessible(page);

    // Some can move: only two of the three are to collect.
    await bar.getByLabel('New status').selectOption({ label: 'Suspended' });
    await bar.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Only 2 of 3 will be updated to “Suspended”. Continue?');
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(bodyRows(page).locator('.tone', { hasText: 'Suspended' })).toHaveCount(1);

    // The selected rows only: one chosen row, moved.
    await bodyRows(page).filter({ hasText: 'To collect' }).first().getByRole('checkbox').check();
    await bar.getByLabel('Selected rows (1)').check();
    await bar.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('1 will be updated to “Suspended”. Continue?');
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('dialog')).toContainText('Updated: 1.');
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await expect(bodyRows(page).locator('.tone', { hasText: 'Suspended' })).toHaveCount(2);

    // All matching the filters, to cancelled; then none can move any more.
    await bar.getByLabel('All matching the filters').check();
    await bar.getByLabel('New status').selectOption({ label: 'Cancelled' });
    await bar.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('3 will be updated to “Cancelled”. Continue?');
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('dialog')).toContainText('Updated: 3.');
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await expect(bodyRows(page)).toHaveCount(0);
    const after = await apiGet<List<Payout>>(page, `/api/payout?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
    expect(after.items.map((p) => p.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title, status: ['CANCELLED'] }))}`);
    await bar.getByLabel('New status').selectOption({ label: 'Suspended' });
    await bar.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('None of the 3 chosen can change to “Suspended”.');
  });

  test('filters by an amount range typed as money; the list in Polish', async ({ page }) => {
    const title = `Amounts ${Date.now()}`;
    const account = await mainAccount(page);
    const program = (await apiGet<List<{ id: number; name: string }>>(page, '/api/payout/program?limit=100')).items.find((p) => p.name === 'Employee bonuses')!;
    const recipient = (await apiGet<List<{ id: number; blocked: boolean }>>(page, '/api/payout/recipient?limit=100')).items.find((r) => !r.blocked)!;
    const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
    for (const amount of [1_250, 7_770, 25_000]) {
      await apiSend(page, 'POST', '/api/payout', { accountId: account.id, programId: program.id, recipientId: recipient.id, amount, title, endDate });
    }
    await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
    await expect(bodyRows(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('textbox', { name: 'Amount – From' }).fill('5.00');
    await page.getByRole('textbox', { name: 'Amount – To' }).fill('10');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(formatAmount(7_770, { locale: 'en-GB', currency: 'PLN' }));
    expect(decodeURIComponent(page.url())).toContain('"amount":{"between":[5000,10000]}');

    // A program chosen by name in the filter card, searched as one types; its chip names it.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('combobox', { name: 'Program' }).fill('bonus');
    await page.getByRole('option', { name: 'Employee bonuses PLN', exact: true }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    expect(decodeURIComponent(page.url())).toContain(`"programId":${program.id}`);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Program: Employee bonuses PLN');
    await expect(bodyRows(page)).toHaveCount(1);

    // In Polish: the labels, the amount and the bulk hint in the user's language.
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wypłaty' })).toBeVisible();
    await expect(bodyRows(page).first().getByText('Do odebrania', { exact: true })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText(formatAmount(7_770, { locale: 'pl-PL', currency: 'PLN' }));
    await expect(page.getByText('Aby zmienić status wielu wypłat naraz, najpierw wybierz w filtrach co najmniej jeden status.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('group', { name: 'Język' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  });
});
