// The dashboard: every panel with the seeded figures (checked against the summaries' own answers and written as
// each language writes them), the period picker changing the figures and the address, the programs chosen, the
// copy button, a Special Representative seeing in Polish what their permissions allow, an empty period, and one
// failing summary showing its fallback while the other panels keep their figures.
import type { Page } from '@playwright/test';
import {
  createdAtFilter,
  periodOf,
  shiftPeriod,
  type CollectionRatesAnswer,
  type DashboardPeriod,
  type ProgramSummaryAnswer,
  type RecipientSummaryAnswer,
  type StatusSummaryAnswer,
} from '../../src/shared/dashboard.ts';
import type { AccountSummaryRow } from '../../src/shared/accounts.ts';
import type { CollectionUrls } from '../../src/shared/collection.ts';
import { formatAmount, type AmountLocale } from '../../src/shared/money.ts';
import { apiCall, expect, expectAccessible, loginAs, test } from './helpers.ts';

const PANELS_EN = ['Account Overview', 'Payouts Overview', 'Selected Programs', 'Top Payees', 'Average Payout Amount per Program', 'Payout Collection Rates', 'Engagement Portal Links'];
const PANELS_PL = ['Przegląd rachunków', 'Przegląd wypłat', 'Wybrane programy', 'Najwięksi odbiorcy', 'Średnia kwota wypłaty w programie', 'Odbiór wypłat'];

function panel(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

/** Amounts as the panel writes them; spaces of every kind alike (the languages group with no-break spaces). */
const money = (thousandths: number, currency: string, locale: AmountLocale) => flat(formatAmount(thousandths, { locale, currency }));
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function textOf(locator: ReturnType<Page['locator']>): Promise<string> {
  return flat((await locator.innerText()).replace(/\u202f|\u00a0/g, ' '));
}

const query = (p: DashboardPeriod) => `period=${p.period}&year=${p.year}${p.number === undefined ? '' : `&number=${p.number}`}`;

async function timeZoneOf(page: Page): Promise<string> {
  const me = await apiCall<{ customer: { timeZone: string } }>(page, 'GET', '/api/me');
  return me.customer.timeZone;
}

/** The Payouts Overview total and every status row's amount, as the page must show them. */
async function expectPayoutsOverview(page: Page, title: string, totalLabel: string, p: DashboardPeriod, locale: AmountLocale): Promise<StatusSummaryAnswer> {
  const answer = await apiCall<StatusSummaryAnswer>(page, 'GET', `/api/payout/summary/status?${query(p)}`);
  const total = answer.items.reduce((sum, row) => sum + row.count, 0);
  const overview = panel(page, title);
  if (total === 0) return answer;
  await expect(overview.getByRole('row', { name: new RegExp(`^${totalLabel}`) })).toContainText(String(total));
  const text = await textOf(overview.getByRole('table'));
  for (const row of answer.items) expect(text).toContain(money(row.amount, row.currency, locale));
  return answer;
}

test('as an admin: every panel with its figures, the period picker changing them and the address', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/panel\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const title of PANELS_EN) await expect(panel(page, title)).toBeVisible();

  // Without a period in the address: the current month in the customer's time zone.
  const timeZone = await timeZoneOf(page);
  const month = periodOf('MONTHLY', new Date(), timeZone);
  const picker = page.getByRole('group', { name: 'Period' });
  await expect(picker.getByRole('combobox', { name: 'Period type' })).toHaveValue('MONTHLY');
  await expect(picker.getByRole('combobox', { name: 'Year' })).toHaveValue(String(month.year));
  await expect(picker.getByRole('combobox', { name: 'Month' })).toHaveValue(String(month.number));
  await expect(picker.getByRole('button', { name: 'Current period' })).toBeDisabled();

  // The previous month: the seeded payouts of those weeks.
  const previous = shiftPeriod(month, -1)!;
  await picker.getByRole('button', { name: 'Previous period' }).click();
  await expect(page).toHaveURL(new RegExp(`/panel/dashboard\\?${query(previous)}$`));
  await expect(page.getByText(`Figures for ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(previous.year, previous.number! - 1, 1))}`)).toBeVisible();
  const status = await expectPayoutsOverview(page, 'Payouts Overview', 'All payouts', previous, 'en-GB');
  expect(status.items.length).toBeGreaterThan(0);

  // Account Overview: funds per currency, never added across currencies; the row's currency heads its amounts.
  const accounts = await apiCall<{ items: AccountSummaryRow[] }>(page, 'GET', '/api/account/summary');
  const figure = (thousandths: number) => flat(formatAmount(thousandths, { locale: 'en-GB' }));
  for (const row of accounts.items) {
    const line = await textOf(panel(page, 'Account Overview').getByRole('row', { name: new RegExp(`^${row.currency}`) }));
    expect(line).toBe(`${row.currency} ${figure(row.balance)} ${figure(row.lockedBalance)} ${figure(row.totalBalance)} ${row.accounts}`);
  }

  // Top Payees: the first of each currency with its sum.
  const payees = await apiCall<RecipientSummaryAnswer>(page, 'GET', `/api/payout/recipient/summary?${query(previous)}&limit=5`);
  for (const first of payees.items.filter((row) => row.rank === 1)) {
    const table = panel(page, 'Top Payees').getByRole('table', { name: `In ${first.currency}` });
    const line = await textOf(table.getByRole('row').nth(1));
    expect(line).toBe(`1 ${first.firstName} ${first.lastName} ${first.count} ${money(first.amount, first.currency, 'en-GB')}`);
  }

  // Average Payout Amount per Program: each program with payouts.
  const programs = await apiCall<ProgramSummaryAnswer>(page, 'GET', `/api/payout/program/summary?${query(previous)}`);
  const averages = await textOf(panel(page, 'Average Payout Amount per Program'));
  for (const row of programs.items.filter((item) => item.averageAmount !== null)) expect(averages).toContain(`${row.name} ${money(row.averageAmount!, row.currency, 'en-GB')} ${row.payoutsCount}`);

  // Collection rates: the five categories with their shares.
  const rates = await apiCall<CollectionRatesAnswer>(page, 'GET', `/api/payout/summary/collectionRates?${query(previous)}`);
  const ratesPanel = panel(page, 'Payout Collection Rates');
  await expect(ratesPanel.getByText(`${rates.total} payouts offered to their recipients in the period.`)).toBeVisible();
  const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
  for (const [category, label] of [['lessThanOneDay', 'Within 24 h'], ['fromOneToTwoDays', '24–48 h'], ['fromTwoToThreeDays', '48–72 h'], ['overThreeDays', 'Over 72 h'], ['unclaimed', 'Not collected']] as const) {
    const row = rates.items.find((item) => item.category === category)!;
    const line = await textOf(ratesPanel.getByRole('row', { name: new RegExp(`^${label}`) }));
    expect(line.startsWith(`${label} ${percent.format(row.share)} ${row.count}`)).toBe(true);
  }
  // The charts are drawn (recharts loaded with the dashboard) and hidden from screen readers, who read the tables.
  await expect(page.locator('.dashboard-chart svg').first()).toBeVisible();
  await expectAccessible(page);

  // Selected Programs: two chosen, kept in the address.
  const selected = panel(page, 'Selected Programs');
  const [one, two] = programs.items;
  await selected.locator('summary', { hasText: 'Choose programs' }).click();
  await selected.getByRole('checkbox', { name: new RegExp(`^${one.name}`) }).check();
  await selected.getByRole('checkbox', { name: new RegExp(`^${two.name}`) }).check();
  await selected.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`programs=${one.id}%2C${two.id}|programs=${one.id},${two.id}`));
  await expect(selected.getByText('The programs you chose.')).toBeVisible();
  await expect(selected.getByRole('table').getByRole('row')).toHaveCount(3);
  const budget = selected.getByRole('progressbar', { name: new RegExp(`^${one.name}: Budget used`) });
  expect(flat((await budget.getAttribute('aria-valuetext')) ?? '')).toContain(`(${money(one.usedBudget, one.currency, 'en-GB')} of ${money(one.budget, one.currency, 'en-GB')})`);

  // A quarter instead: new figures, the same programs.
  await picker.getByRole('combobox', { name: 'Period type' }).selectOption('QUARTERLY');
  const quarter = periodOf('QUARTERLY', new Date(Date.UTC(previous.year, previous.number! - 1, 15)), timeZone);
  await expect(page).toHaveURL(new RegExp(`period=QUARTERLY&year=${quarter.year}&number=${quarter.number}`));
  await expect(picker.getByRole('combobox', { name: 'Quarter' })).toHaveValue(String(quarter.number));
  await expectPayoutsOverview(page, 'Payouts Overview', 'All payouts', quarter, 'en-GB');
  await expect(selected.getByRole('table').getByRole('row')).toHaveCount(3);

  // Copy a collection page address.
  const urls = await apiCall<CollectionUrls>(page, 'GET', '/api/payout/collection/urls');
  const links = panel(page, 'Engagement Portal Links');
  await links.getByRole('button', { name: 'Copy the address of Your collection page' }).click();
  await expect(links.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(urls.customer);
  for (const program of urls.programs) await expect(links.getByRole('link', { name: program.url })).toBeVisible();

  // A status leads to its payouts of the period.
  const firstStatus = status.items[0].status;
  const label = { TO_APPROVE: 'To approve', TO_COLLECT: 'To collect', SUSPENDED: 'Suspended', CANCELLED: 'Cancelled', EXPIRED: 'Expired', COLLECTED_ON_PAGE: 'Collected on Page', TRANSFER_FILE_GENERATED: 'Transfer file generated', COMPLETED_SUCCESSFULLY: 'Paid', RETURNED: 'Returned' }[firstStatus];
  await page.goto(`/panel/dashboard?${query(previous)}`);
  await panel(page, 'Payouts Overview').getByRole('link', { name: `Show the payouts: ${label}` }).click();
  await expect(page).toHaveURL(/\/panel\/payouts\?/);
  const options = JSON.parse(new URL(page.url()).searchParams.get('options') ?? '{}');
  expect(options.status).toEqual([firstStatus]);
  // The period's first and last second on the customer's clock, as the list's filter form writes them.
  expect(options.createdAt).toEqual(createdAtFilter(status));
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`${createdAtFilter(status).between[0]}`);
  const shown = status.items.filter((row) => row.status === firstStatus).reduce((sum, row) => sum + row.count, 0);
  await expect(page.getByRole('main').getByRole('table').getByRole('row')).toHaveCount(shown + 1);
});

test('as a Special Representative in Polish: the panels their permissions allow, weeks from Monday, Polish figures', async ({ page }) => {
  await loginAs(page, 'viewer');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Pulpit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
  for (const title of PANELS_PL) await expect(panel(page, title)).toBeVisible();
  // Without payout.collection.url there are no addresses to share.
  await expect(panel(page, 'Linki do portalu odbioru')).toHaveCount(0);

  const timeZone = await timeZoneOf(page);
  const picker = page.getByRole('group', { name: 'Okres' });
  await picker.getByRole('combobox', { name: 'Rodzaj okresu' }).selectOption('WEEKLY');
  const week = periodOf('WEEKLY', new Date(), timeZone);
  await expect(page).toHaveURL(new RegExp(`period=WEEKLY&year=${week.year}&number=${week.number}`));
  // A week from Monday to Sunday, named in Polish.
  const weekSelect = picker.getByRole('combobox', { name: 'Tydzień' });
  const option = await textOf(weekSelect.locator('option:checked'));
  expect(option).toMatch(new RegExp(`^Tydzień ${week.number} \\(\\d{1,2} [a-ząćęłńóśźż]+\\.? \\d{4} – \\d{1,2} [a-ząćęłńóśźż]+\\.? \\d{4}\\)$`));

  // Two weeks back: seeded payouts, their amounts written the Polish way.
  await picker.getByRole('button', { name: 'Poprzedni okres' }).click();
  await picker.getByRole('button', { name: 'Poprzedni okres' }).click();
  const earlier = shiftPeriod(week, -2)!;
  await expect(page).toHaveURL(new RegExp(`period=WEEKLY&year=${earlier.year}&number=${earlier.number}`));
  const status = await expectPayoutsOverview(page, 'Przegląd wypłat', 'Wszystkie wypłaty', earlier, 'pl-PL');
  if (status.items.length) expect(status.items.some((row) => row.currency === 'PLN')).toBe(true);

  // The accounts this representative may read: the figures the API gives them, in Polish.
  const accounts = await apiCall<{ items: AccountSummaryRow[] }>(page, 'GET', '/api/account/summary');
  expect(accounts.items.length).toBeGreaterThan(0);
  const overview = await textOf(panel(page, 'Przegląd rachunków'));
  // The row's currency, then its amounts in Polish figures ("215 000,00").
  for (const row of accounts.items) expect(overview).toContain(`${row.currency} ${flat(formatAmount(row.balance, { locale: 'pl-PL' }))}`);
  await expect(panel(page, 'Przegląd rachunków').getByRole('link', { name: 'Przejdź do rachunków' })).toBeVisible();

  // The whole year: the figures follow.
  await picker.getByRole('combobox', { name: 'Rodzaj okresu' }).selectOption('YEARLY');
  await expect(page).toHaveURL(new RegExp(`period=YEARLY&year=${earlier.year}$`));
  await expect(picker.getByRole('combobox', { name: 'Tydzień' })).toHaveCount(0);
  await expectPayoutsOverview(page, 'Przegląd wypłat', 'Wszystkie wypłaty', { period: 'YEARLY', year: earlier.year }, 'pl-PL');
  await expectAccessible(page);
});

test('one failing summary shows its fallback with Try again, and the other panels their figures', async ({ page }) => {
  await loginAs(page, 'admin');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let failing = true;
  await page.route('**/api/payout/summary/collectionRates?*', async (route) => {
    await held;
    if (failing) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'Internal error' }) });
    else await route.continue();
  });
  await page.goto('/panel/dashboard?period=YEARLY&year=' + new Date().getUTCFullYear());
  const rates = panel(page, 'Payout Collection Rates');
  // A skeleton while its answer is on the way.
  await expect(rates.getByRole('status')).toHaveText('Loading…');
  await expect(panel(page, 'Payouts Overview').getByRole('row', { name: /^All payouts/ })).toBeVisible();
  release();
  await expect(rates.getByRole('alert')).toContainText('Something went wrong. Please try again.');
  // Only this panel: no alert elsewhere, the others keep their figures.
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(panel(page, 'Payouts Overview').getByRole('row', { name: /^All payouts/ })).toBeVisible();
  await expect(panel(page, 'Top Payees').getByRole('table').first()).toBeVisible();
  await expect(panel(page, 'Account Overview').getByRole('table')).toBeVisible();
  await expectAccessible(page);

  failing = false;
  await rates.getByRole('button', { name: 'Try again' }).click();
  await expect(rates.getByRole('row', { name: /^Within 24 h/ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a period without payouts: each panel says so, the balances and programs stay', async ({ page }) => {
  await loginAs(page, 'admin', { open: false });
  await page.goto('/panel/dashboard?period=QUARTERLY&year=2001&number=2');
  const picker = page.getByRole('group', { name: 'Period' });
  await expect(picker.getByRole('combobox', { name: 'Quarter' })).toHaveValue('2');
  await expect(page.getByText('Figures for Q2 2001')).toBeVisible();
  await expect(panel(page, 'Payouts Overview')).toContainText('No payouts were created in this period.');
  await expect(panel(page, 'Top Payees')).toContainText('No payouts were created in this period.');
  await expect(panel(page, 'Average Payout Amount per Program')).toContainText('No payouts were created in this period.');
  await expect(panel(page, 'Payout Collection Rates')).toContainText('No payouts were offered to recipients in this period.');
  await expect(panel(page, 'Account Overview').getByRole('table')).toBeVisible();
  await expect(panel(page, 'Selected Programs').getByRole('table').getByRole('row').nth(1)).toContainText('0 (');
  // An address naming no such period shows the current one of its kind.
  await page.goto('/panel/dashboard?period=WEEKLY&year=2026&number=60');
  await expect(picker.getByRole('combobox', { name: 'Period type' })).toHaveValue('WEEKLY');
  await expect(picker.getByRole('button', { name: 'Current period' })).toBeDisabled();
  await expectAccessible(page);
});
