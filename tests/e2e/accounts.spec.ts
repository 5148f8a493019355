// The accounts screens in the browser, on the demo data (Demo Company has "Main PLN account" in PLN and "Euro account"
// in EUR, both topped up): the list with its funds, the statement with its period, filters and xlsx export, the forms
// (create, change of name, transfer with the account picker, a SUPER_ADMIN's top-up through the Authorization dialog
// with the SMS code from the outbox), the preview with the representatives, and the audit log. Each new screen is
// audited with axe. What the page should show is read from the API (src/shared/accounts.ts is the contract).
import type { Locator, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { readFileSync } from 'node:fs';
import type { Account, AccountDetails, BalanceUpdate } from '../../src/shared/accounts.ts';
import type { AuditEntry } from '../../src/shared/audit.ts';
import { formatAmount } from '../../src/shared/money.ts';
import { apiCall, DEMO_USERS, expect, expectAccessible, field, followNavEntry, freshName, latestCode, loginAs, outboxMark, test } from './helpers.ts';

type List<T> = { items: T[]; numberOfRecords: number };

const bodyRows = (page: Page) => page.locator('table.data-table > tbody > tr.data-row');
const rangeText = (page: Page) => page.locator('.pagination-range');
const money = (thousandths: number, currency: string) => formatAmount(thousandths, { locale: 'en-GB', currency });
const label = (account: { id: number; name: string }) => `${account.name} (#${account.id})`;

const apiGet = <T>(page: Page, url: string) => apiCall<T>(page, 'GET', url);

async function accounts(page: Page): Promise<Account[]> {
  return (await apiGet<List<Account>>(page, '/api/account?limit=100')).items;
}

/** The demo customer's account of that name (a SUPER_ADMIN sees every customer's). */
async function demoAccount(page: Page, name: string): Promise<Account> {
  const found = (await accounts(page)).find((account) => account.name === name && account.customerName === 'Demo Company');
  expect(found, `the demo account "${name}"`).toBeDefined();
  return found!;
}

/** The text of one column (by its header title) in every row shown. */
async function columnValues(page: Page, title: string): Promise<string[]> {
  const titles = await page.locator('table.data-table > thead th').allTextContents();
  const index = titles.findIndex((text) => text.replace(/[▲▼↕]/g, '').trim() === title);
  expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
  return bodyRows(page).locator(`td:nth-child(${index + 1})`).allTextContents();
}

/** The cell of a row under the column with this title. */
async function cellOf(page: Page, row: Locator, title: string): Promise<Locator> {
  const titles = await page.locator('table.data-table > thead th').allTextContents();
  const index = titles.findIndex((text) => text.replace(/[▲▼↕]/g, '').trim() === title);
  expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
  return row.locator(`td:nth-child(${index + 1})`);
}

/** The list row of an account, by the "name (#id)" its first column shows. */
/** Opens a row's actions menu (its button is named by the row) and follows one of its items. */
async function runAction(row: Locator, action: string) {
  await row.getByRole('button', { name: /^Actions for / }).click();
  await row.getByRole('menuitem', { name: action, exact: true }).click();
}

function accountRow(page: Page, account: { id: number; name: string }): Locator {
  return bodyRows(page).filter({ has: page.getByRole('cell', { name: label(account), exact: true }) });
}

/** The period the statement's bar shows, as the ISO bounds the screen sends (computed in the page's time zone). */
async function shownPeriod(page: Page): Promise<{ from: string; to: string; between: [string, string] }> {
  const bar = page.getByRole('form', { name: 'Period' });
  const from = await bar.getByLabel('From').inputValue();
  const to = await bar.getByLabel('To').inputValue();
  const between = await page.evaluate(([start, end]) => {
    const [fy, fm, fd] = start.split('-').map(Number);
    const [ty, tm, td] = end.split('-').map(Number);
    return [new Date(fy, fm - 1, fd, 0, 0, 0, 0).toISOString(), new Date(ty, tm - 1, td, 23, 59, 59, 999).toISOString()] as [string, string];
  }, [from, to] as const);
  return { from, to, between };
}

/** The day `months` months before today, counted in the demo customer's zone (Europe/Warsaw), as the panel counts days. */
function dayMonthsAgo(months: number): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 - months, day)).toISOString().slice(0, 10);
}

async function saveAndConfirm(page: Page, message: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(message);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('as an administrator', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin');
  });

  test('sees the accounts with their funds, formatted in both languages', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Accounts', exact: true }).click();
    await expect(page).toHaveURL(/\/panel\/accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    const pln = await demoAccount(page, 'Main PLN account');
    const eur = await demoAccount(page, 'Euro account');
    expect(pln).toMatchObject({ currency: 'PLN', totalBalance: pln.balance + pln.lockedBalance });
    expect(eur.currency).toBe('EUR');
    expect(pln.balance).toBeGreaterThan(0);
    expect(eur.balance).toBeGreaterThan(0);
    const total = (await apiGet<List<Account>>(page, '/api/account')).numberOfRecords;
    await expect(rangeText(page)).toHaveText(`1 - ${Math.min(10, total)} of ${total}`);

    for (const account of [pln, eur]) {
      const row = accountRow(page, account);
      await expect(row).toHaveCount(1);
      await expect(await cellOf(page, row, 'Currency')).toHaveText(account.currency);
      await expect(await cellOf(page, row, 'Available funds')).toHaveText(money(account.balance, account.currency));
      await expect(await cellOf(page, row, 'Blocked funds')).toHaveText(money(account.lockedBalance, account.currency));
      await expect(await cellOf(page, row, 'Total funds')).toHaveText(money(account.totalBalance, account.currency));
      // The row's actions are in its menu, whose button names the row.
      await row.getByRole('button', { name: `Actions for ${label(account)}`, exact: true }).click();
      await expect(row.getByRole('menu')).toBeVisible();
      const offered = await row.getByRole('menuitem').allTextContents();
      await page.keyboard.press('Escape');
      expect(offered).toEqual(expect.arrayContaining(['Details', 'Preview', 'Change name']));
      // Top-ups are a SUPER_ADMIN's; the customer column too.
      expect(offered).not.toContain('Top up');
    }
    for (const title of ['Name', 'Currency', 'Available funds', 'Blocked funds', 'Total funds']) {
      await expect(page.getByRole('columnheader', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    await expectAccessible(page);

    // The currency filter narrows the list to the euro accounts.
    await page.getByRole('button', { name: 'Filters' }).click();
    const card = page.getByRole('region', { name: 'Filters' });
    await card.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('.filter-chip')).toHaveText(/Currency:\s*EUR/);
    await expect.poll(() => columnValues(page, 'Currency')).toEqual(expect.arrayContaining(['EUR']));
    expect(new Set(await columnValues(page, 'Currency'))).toEqual(new Set(['EUR']));

    // Polish: the same amounts in the Polish way ("1 234,50 zł").
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rachunki' })).toBeVisible();
    await expect(await cellOf(page, accountRow(page, eur), 'Dostępne środki')).toHaveText(formatAmount(eur.balance, { locale: 'pl-PL', currency: 'EUR' }));
    await expect(page.getByRole('columnheader', { name: 'Dostępne środki' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('group', { name: 'Język' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  });

  test('opens the statement of an account, refuses a period longer than 3 months and exports it to xlsx', async ({ page }) => {
    const pln = await demoAccount(page, 'Main PLN account');
    await page.goto('/panel/accounts');
    await runAction(accountRow(page, pln), 'Details');
    await expect(page).toHaveURL(new RegExp(`/panel/account-details/${pln.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();
    const record = page.getByRole('definition');
    await expect(record.filter({ hasText: label(pln) })).toHaveCount(1);
    await expect(record.filter({ hasText: money(pln.balance, 'PLN') }).first()).toBeVisible();

    // The last month by default.
    const period = await shownPeriod(page);
    expect(period.from).toBe(dayMonthsAgo(1));
    expect(period.to).toBe(dayMonthsAgo(0));
    const options = encodeURIComponent(JSON.stringify({ createdAt: { between: period.between } }));
    const statement = await apiGet<List<BalanceUpdate>>(page, `/api/account/${pln.id}/balanceUpdates?limit=100&orderBy=createdAt&order=DESC&options=${options}`);
    expect(statement.numberOfRecords, 'the demo top-ups are within the last month').toBeGreaterThan(0);
    await expect(rangeText(page)).toHaveText(`1 - ${Math.min(10, statement.numberOfRecords)} of ${statement.numberOfRecords}`);
    const first = statement.items[0];
    const firstRow = bodyRows(page).first();
    await expect(await cellOf(page, firstRow, 'Change of available funds')).toHaveText(money(first.balanceChange, 'PLN'));
    await expect(await cellOf(page, firstRow, 'Available funds after')).toHaveText(money(first.balanceAfter, 'PLN'));
    await expect(await cellOf(page, firstRow, 'Blocked funds after')).toHaveText(money(first.lockedBalanceAfter, 'PLN'));
    expect(await columnValues(page, 'Type')).toContain('Top-up');
    await expectAccessible(page);

    // Longer than 3 months: refused on the page, no request sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/balanceUpdates')) sent++;
    });
    const bar = page.getByRole('form', { name: 'Period' });
    await bar.getByLabel('From').fill(dayMonthsAgo(4));
    await bar.getByRole('button', { name: 'Show' }).click();
    await expect(bar.getByRole('alert')).toHaveText('The statement period cannot be longer than 3 months.');
    await expect(bar.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    expect(sent).toBe(0);
    // Back to the period in force.
    await bar.getByLabel('From').fill(period.from);
    await bar.getByRole('button', { name: 'Show' }).click();
    await expect(bar.getByRole('alert')).toHaveText('');

    // Several types: top-ups only.
    await page.getByRole('button', { name: 'Filters' }).click();
    const card = page.getByRole('region', { name: 'Filters' });
    await card.getByRole('combobox', { name: 'Type' }).click();
    await expect(page.getByRole('option', { name: 'Internal transfer', exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'Top-up', exact: true }).click();
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('.filter-chip')).toHaveText(/Type:\s*Top-up/);
    await expect.poll(async () => new Set(await columnValues(page, 'Type'))).toEqual(new Set(['Top-up']));
    const topUps = await apiGet<List<BalanceUpdate>>(
      page,
      `/api/account/${pln.id}/balanceUpdates?limit=100&orderBy=createdAt&order=DESC&options=${encodeURIComponent(JSON.stringify({ createdAt: { between: period.between }, type: ['TOP_UP'] }))}`,
    );
    await expect(rangeText(page)).toHaveText(`1 - ${Math.min(10, topUps.numberOfRecords)} of ${topUps.numberOfRecords}`);
    await expectAccessible(page);

    // The export holds every row of the filter, amounts as numbers, dates as dates.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to xlsx' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`statement-${pln.id}-${period.from}-${period.to}.xlsx`);
    const book = XLSX.read(readFileSync((await download.path())!), { cellDates: true, cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[0]).toEqual([
      'Date',
      'Type',
      'Change of available funds (PLN)',
      'Change of blocked funds (PLN)',
      'Available funds after (PLN)',
      'Blocked funds after (PLN)',
      'Reference',
    ]);
    expect(rows).toHaveLength(topUps.numberOfRecords + 1);
    const [date, type, change, lockedChange, after, lockedAfter] = rows[1] as [Date, string, number, number, number, number];
    const newest = topUps.items[0];
    expect(date).toBeInstanceOf(Date);
    expect(type).toBe('Top-up');
    expect(change).toBe(newest.balanceChange / 1000);
    expect(lockedChange).toBe(newest.lockedBalanceChange / 1000);
    expect(after).toBe(newest.balanceAfter / 1000);
    expect(lockedAfter).toBe(newest.lockedBalanceAfter / 1000);
    expect(sheet.C2.z).toBe('0.00');
  });

  test('creates an account, then transfers to it with the account picker', async ({ page }) => {
    const pln = await demoAccount(page, 'Main PLN account');
    const name = `Savings ${freshName('pln')}`;
    await page.goto('/panel/accounts');
    await page.getByRole('main').getByRole('link', { name: 'Add new', exact: true }).click();
    await expect(page).toHaveURL(/\/panel\/accounts\/create$/);
    await expect(field(page, 'Name')).toHaveValue('Digital cash account');
    // A SUPER_ADMIN's field only.
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveCount(0);
    await field(page, 'Name').fill(name);
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await expect(page.getByRole('option', { name: 'EUR', exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'PLN', exact: true }).click();
    await expectAccessible(page);
    await saveAndConfirm(page, 'The account has been created.');
    await expect(page).toHaveURL(/\/panel\/accounts$/);
    const created = (await accounts(page)).find((account) => account.name === name)!;
    expect(created).toMatchObject({ currency: 'PLN', balance: 0, lockedBalance: 0 });

    // The picker: an account with funds the admin manages can be chosen; one without funds cannot.
    await page.getByRole('main').getByRole('link', { name: 'Transfer', exact: true }).first().click();
    await expect(page).toHaveURL(/\/panel\/accounts\/transfer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer between accounts' })).toBeVisible();
    const picker = page.getByRole('group', { name: 'From account' });
    await expect(picker.getByRole('radio', { name: new RegExp(`^${label(created).replace(/[()#]/g, '\\$&')}`) })).toBeDisabled();
    await expect(picker.getByRole('listitem').filter({ hasText: label(created) })).toContainText('There are no available funds on this account.');
    await expectAccessible(page);
    // Next without a choice says what is missing.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Choose an account.')).toBeVisible();
    const from = picker.getByRole('radio', { name: new RegExp(`^${label(pln).replace(/[()#]/g, '\\$&')}`) });
    await expect(from).toBeEnabled();
    await from.check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The form: the other account of the same customer and currency, the amount in its currency.
    await expect(page.locator('.account-step-summary')).toContainText(label(pln));
    const to = page.getByRole('combobox', { name: 'To account' });
    await to.click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.every((text) => !text.startsWith(`${label(pln)} `))).toBe(true);
    expect(offered.some((text) => text.startsWith(label(created)))).toBe(true);
    await page.getByRole('option', { name: new RegExp(`^${label(created).replace(/[()#]/g, '\\$&')}`) }).click();
    await expect(page.locator('.field-suffix')).toHaveText('PLN');
    await field(page, 'Amount').fill('1.50');
    await field(page, 'Title').fill('Savings');
    await expectAccessible(page);
    await saveAndConfirm(page, 'The transfer has been made.');

    const after = (await accounts(page)).find((account) => account.id === created.id)!;
    expect(after.balance).toBe(1_500);
    // The row action opens the picker with its account chosen.
    await page.goto('/panel/accounts');
    await runAction(accountRow(page, pln), 'Transfer');
    await expect(page).toHaveURL(new RegExp(`/panel/accounts/transfer/${pln.id}$`));
    await expect(page.getByRole('group', { name: 'From account' }).getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(`^${label(pln).replace(/[()#]/g, '\\$&')}`));
  });

  test('changes the name of an account', async ({ page }) => {
    const eur = await demoAccount(page, 'Euro account');
    await page.goto('/panel/accounts');
    await runAction(accountRow(page, eur), 'Change name');
    await expect(page.getByRole('heading', { level: 1, name: 'Change account name' })).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue('Euro account');
    await field(page, 'Name').fill('Euro account <b>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Field contains forbidden characters!')).toBeVisible();
    await expectAccessible(page);
    await field(page, 'Name').fill('Euro travel account');
    await saveAndConfirm(page, "The account's name has been changed.");
    await expect(accountRow(page, { id: eur.id, name: 'Euro travel account' })).toHaveCount(1);
    // Back to the demo name for the other tests.
    await apiCall(page, 'PUT', '/api/account/changeName', { id: eur.id, name: 'Euro account' });
  });

  test('previews an account and manages its representatives', async ({ page }) => {
    const pln = await demoAccount(page, 'Main PLN account');
    await page.goto('/panel/accounts');
    await runAction(accountRow(page, pln), 'Preview');
    await expect(page).toHaveURL(new RegExp(`/panel/accounts/${pln.id}/preview$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Account preview' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: label(pln) })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Representatives' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Representatives', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/panel/accounts/${pln.id}/representatives$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Account representatives' })).toBeVisible();
    await expectAccessible(page);

    const viewer = `${DEMO_USERS.viewer.name} (viewer)`;
    const before = await apiGet<AccountDetails>(page, `/api/account/${pln.id}`);
    const existing = before.representatives.find((r) => r.login === 'viewer');
    const current = page.getByRole('region', { name: 'Current representatives' });
    if (existing) {
      // Taken off first, so that the rest of the test adds the viewer as a new representative.
      await current.getByRole('button', { name: `Remove ${viewer}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: `${viewer} is no longer a representative of this account.` })).toBeVisible();
    }
    const add = page.getByRole('region', { name: 'Add a representative' });
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add.getByText('Field required')).toBeVisible();
    await add.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('option', { name: viewer, exact: true }).click();
    await add.getByLabel('Permission').selectOption({ label: 'View' });
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `${viewer} has been added to the representatives.` })).toBeVisible();
    await expect(current.getByRole('row', { name: new RegExp(viewer.replace(/[()]/g, '\\$&')) })).toBeVisible();
    await expectAccessible(page);

    await current.getByLabel(`Permission of ${viewer}`).selectOption({ label: 'Manage' });
    await expect(page.getByRole('status').filter({ hasText: `The permission of ${viewer} has been changed.` })).toBeVisible();
    expect((await apiGet<AccountDetails>(page, `/api/account/${pln.id}`)).representatives.find((r) => r.login === 'viewer')?.permission).toBe('account.manage');

    await current.getByRole('button', { name: `Remove ${viewer}` }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText(`Remove ${viewer} from the representatives of this account?`);
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `${viewer} is no longer a representative of this account.` })).toBeVisible();
    expect((await apiGet<AccountDetails>(page, `/api/account/${pln.id}`)).representatives.some((r) => r.login === 'viewer')).toBe(false);

    if (existing) await apiCall(page, 'PUT', '/api/account/representative', { accountId: pln.id, userId: existing.userId, permission: existing.permission });
  });

  test('reads the audit log with the records before and after each change', async ({ page }) => {
    // A change to be found in the log.
    const eur = await demoAccount(page, 'Euro account');
    await apiCall(page, 'PUT', '/api/account/changeName', { id: eur.id, name: 'Euro account' });
    await followNavEntry(page, 'Audit log');
    await expect(page).toHaveURL(/\/panel\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const log = await apiGet<List<AuditEntry>>(page, '/api/audit?limit=10&orderBy=createdAt&order=DESC');
    expect(log.numberOfRecords).toBeGreaterThan(0);
    await expect(rangeText(page)).toHaveText(`1 - ${Math.min(10, log.numberOfRecords)} of ${log.numberOfRecords}`);
    // Actions and record types read as labels, never as their codes.
    expect(log.items[0]).toMatchObject({ action: 'account.changeName', entity: 'account' });
    const actions = await columnValues(page, 'Action');
    expect(actions).toHaveLength(log.items.length);
    expect(actions[0]).toBe('Account renamed');
    expect((await columnValues(page, 'Record type'))[0]).toBe('Account');
    expect(actions.filter((text) => /^[a-z]+\.[a-zA-Z]+$/.test(text))).toEqual([]);
    await expectAccessible(page);
    await bodyRows(page).first().getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.locator('tr.details-row');
    await expect(details.getByText('What changed', { exact: true })).toBeVisible();
    await expect(details.getByRole('listitem')).toHaveText(['Name: Euro account']);
    await expectAccessible(page);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
    await expect(page.locator('table.data-table > thead')).toContainText('Czynność');
    expect((await columnValues(page, 'Czynność'))[0]).toBe('Zmiana nazwy rachunku');
    expect((await columnValues(page, 'Rodzaj rekordu'))[0]).toBe('Rachunek');
  });
});

test.describe('as a super administrator', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'superadmin');
  });

  test('creates an account for a customer, naming it', async ({ page }) => {
    const name = `Customer account ${freshName('eur')}`;
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Accounts', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: 'Add new', exact: true }).click();
    const customer = page.getByRole('combobox', { name: 'Customer' });
    await customer.click();
    await page.getByRole('option', { name: 'Demo Company', exact: true }).click();
    await field(page, 'Name').fill(name);
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await expectAccessible(page);
    await saveAndConfirm(page, 'The account has been created.');
    const created = (await accounts(page)).find((account) => account.name === name);
    expect(created).toMatchObject({ currency: 'EUR', customerName: 'Demo Company', balance: 0 });
  });

  test('tops up an account above the threshold through the Authorization dialog', async ({ page }) => {
    const pln = await demoAccount(page, 'Main PLN account');
    await page.goto('/panel/accounts');
    const row = accountRow(page, pln);
    await expect(row.getByRole('cell', { name: 'Demo Company', exact: true })).toBeVisible();
    await runAction(row, 'Top up');
    await expect(page).toHaveURL(new RegExp(`/panel/accounts/${pln.id}/top-up$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Top up account' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(new RegExp(`^${label(pln).replace(/[()#]/g, '\\$&')}`));
    await expect(page.locator('.field-suffix')).toHaveText('PLN');
    await field(page, 'Amount').fill('500000');
    await field(page, 'Reference').fill('Quarterly budget');
    await expectAccessible(page);

    const mark = outboxMark();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const authorization = page.getByRole('dialog', { name: 'Authorization' });
    await expect(authorization).toBeVisible();
    const code = authorization.getByRole('textbox', { name: 'Verification code' });
    await expect(code).toBeFocused();
    await expectAccessible(page);

    // A wrong code keeps the dialog open with the message on the field.
    await code.fill('000000');
    await authorization.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(authorization.getByText('Invalid verification code!')).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    expect((await demoAccount(page, 'Main PLN account')).balance).toBe(pln.balance);

    // The code sent by SMS, confirmed from the keyboard.
    await code.fill(await latestCode(DEMO_USERS.superadmin.phone, { after: mark }));
    await code.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Authorization' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toContainText('The account has been topped up.');
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/panel\/accounts$/);
    const after = await demoAccount(page, 'Main PLN account');
    expect(after.balance).toBe(pln.balance + 500_000_000);
    await expect(await cellOf(page, accountRow(page, pln), 'Available funds')).toHaveText(money(after.balance, 'PLN'));
  });
});
