// Date range presets as a person meets them: on Payouts, "Last 7 days" picked in the filter card is kept in the address
// as the preset, the list holds only payouts created in those days (the demo's span three months), a reload keeps it,
// the chip names it in both languages, and "Another period" opens the from / to fields; the account statement's bar
// and the dashboard's period offer them too.
import type { Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, loginAs, test } from './helpers.ts';

const bodyRows = (page: Page) => page.locator('table.data-table > tbody > tr.data-row');
const options = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const ZONE = 'Europe/Warsaw';

/** Today in the demo customer's zone, "YYYY-MM-DD" (Canadian English writes dates so). */
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** A day `days` days before `day`. */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

test('payouts: "Last 7 days" in the address, the rows of those days, the chip in both languages, and another period', async ({ page }) => {
  await loginAs(page, 'admin');
  const today = todayIn(ZONE);
  const first = daysBefore(today, 6);
  const all = (await apiCall<{ numberOfRecords: number }>(page, 'GET', '/api/payout?limit=1')).numberOfRecords;
  // The same days typed as a range of wall-clock times, as the filter form writes another period.
  const week = await apiCall<{ numberOfRecords: number }>(page, 'GET', `/api/payout?limit=1&options=${options({ createdAt: { between: [`${first} 00:00:00`, `${today} 23:59:59`] } })}`);
  expect(week.numberOfRecords).toBeGreaterThan(0);
  expect(week.numberOfRecords).toBeLessThan(all);

  await page.goto('/panel/payouts?limit=50');
  await expect(bodyRows(page)).toHaveCount(Math.min(all, 50));
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const created = page.getByRole('combobox', { name: 'Created – Period' });
  await expect(created).toHaveValue('ALL');
  // Without "Another period" a date range shows no from / to fields.
  await expect(page.getByRole('textbox', { name: 'Created – From' })).toHaveCount(0);
  await created.selectOption({ label: 'Last 7 days' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();

  expect(decodeURIComponent(page.url())).toContain('"createdAt":{"preset":"LAST_7_DAYS"}');
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips).toContainText('Created: Last 7 days');
  await expect(bodyRows(page)).toHaveCount(week.numberOfRecords);
  // Every date in the rows (created, available until) is on or after the first of the seven days.
  for (const text of await bodyRows(page).allInnerTexts()) {
    const dates = text.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date >= first, `${date} in "${text}"`).toBe(true);
  }

  // A reload keeps the preset, not its days.
  await page.reload();
  await expect(chips).toContainText('Created: Last 7 days');
  await expect(bodyRows(page)).toHaveCount(week.numberOfRecords);
  expect(decodeURIComponent(page.url())).toContain('"createdAt":{"preset":"LAST_7_DAYS"}');

  // In Polish the chip names it in Polish.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('list', { name: 'Aktywne filtry' })).toContainText('Ostatnie 7 dni');
  await expectAccessible(page);
  await page.getByRole('group', { name: 'Język' }).getByRole('button', { name: 'English' }).click();

  // The card shows the preset chosen; "Another period" opens the from / to fields.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(created).toHaveValue('LAST_7_DAYS');
  await created.selectOption({ label: 'Another period' });
  await expect(page.getByRole('textbox', { name: 'Created – From' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Created – To' })).toBeVisible();
  await expectAccessible(page);
});

test("the statement's period and the dashboard's offer the presets", async ({ page }) => {
  await loginAs(page, 'admin');
  const accounts = await apiCall<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/account?limit=100');
  const main = accounts.items.find((account) => account.name === 'Main PLN account')!;

  // The statement: a preset applies at once and stays in the address; "All time" is not offered (3 months at most).
  await page.goto(`/panel/account-details/${main.id}`);
  const bar = page.getByRole('form', { name: 'Period' });
  const choice = bar.getByRole('combobox', { name: 'Period' });
  await expect(choice).toHaveValue('ANOTHER_PERIOD');
  await expect(bar.getByLabel('From')).toBeVisible();
  await expect(choice.getByRole('option')).toHaveText(['Last 7 days', 'Last 30 days', 'This month', 'Last month', 'Another period']);
  await choice.selectOption({ label: 'Last 30 days' });
  await expect.poll(() => decodeURIComponent(page.url())).toContain('"createdAt":{"preset":"LAST_30_DAYS"}');
  await expect(bar.getByLabel('From')).toHaveCount(0);
  // The demo's three top-ups of this account were within the last 30 days: one page holds them, whatever other tests
  // moved on the account since.
  const address = new URL(page.url());
  address.searchParams.set('limit', '100');
  await page.goto(address.toString());
  await expect(page.locator('table.data-table > tbody > tr.data-row').filter({ hasText: 'Bank transfer 2026/00' })).toHaveCount(3);
  await page.reload();
  await expect(choice).toHaveValue('LAST_30_DAYS');
  await expectAccessible(page);

  // The dashboard: the presets beside the calendar periods; a preset names its days in the heading.
  await page.goto('/panel/dashboard');
  const kind = page.getByRole('combobox', { name: 'Period type' });
  await kind.selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL(/period=LAST_7_DAYS$/);
  await expect(page.getByText(/^Figures for Last 7 days \(/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveCount(0);
  await expectAccessible(page);
  // Another period starts from the preset's days, in the address with them.
  await kind.selectOption({ label: 'Another period' });
  const from = page.getByLabel('From', { exact: true });
  await expect(from).toHaveValue(daysBefore(todayIn(ZONE), 6));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(todayIn(ZONE));
  await expect(page).toHaveURL(new RegExp(`period=ANOTHER_PERIOD&from=${daysBefore(todayIn(ZONE), 6)}&to=${todayIn(ZONE)}$`));
  await page.reload();
  await expect(kind).toHaveValue('ANOTHER_PERIOD');
  await expectAccessible(page);
});
