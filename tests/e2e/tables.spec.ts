// Generated list screens in the browser, on the demo data (64 recipients, 8 programs): paging,
// sorting, filters kept in the address, the confirm flow of row actions, usage bars, and what a
// viewer may not do. Totals are read from the API, so records added by other tests do not matter.
import type { Locator, Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, loginAs, offeredRowActions, openRowActions, test } from './helpers.ts';

type ListAnswer = { items: Record<string, unknown>[]; numberOfRecords: number };

// The list's own rows, not those of a small table inside an open details row (a recipient's bank accounts).
const bodyRows = (page: Page) => page.locator('table.data-table:not(tr.details-row table) > tbody > tr.data-row');
const rangeText = (page: Page) => page.locator('.pagination-range');
const header = (page: Page, name: string) => page.getByRole('columnheader', { name });
const detailsToggle = (row: Locator) => row.getByRole('button', { name: 'Details', exact: true });

/** A list call made with the signed-in user's token: what the page should show. */
async function apiList(page: Page, path: string, query: Record<string, string | number> = {}): Promise<ListAnswer> {
  return page.evaluate(
    async ([listPath, params]) => {
      const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const response = await fetch(`${listPath}?${search}`, { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } });
      return (await response.json()) as ListAnswer;
    },
    [path, query] as const,
  );
}

/** The text of one column (by its header title) in every row shown. */
async function columnValues(page: Page, title: string): Promise<string[]> {
  const titles = await page.locator('table.data-table > thead th').allTextContents();
  const index = titles.findIndex((text) => text.replace(/[▲▼↕]/g, '').trim() === title);
  expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
  return bodyRows(page).locator(`td:nth-child(${index + 1})`).allTextContents();
}

const field = (items: Record<string, unknown>[], name: string) => items.map((item) => String(item[name]));

async function confirmAction(page: Page, row: Locator, action: string, question: string, success: string) {
  await openRowActions(row);
  await row.getByRole('menuitem', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog').getByText(success)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('as an administrator', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin', { open: false });
  });

  test("the Filters button names its card while the card's form is still on its way", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/FilterCard-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/panel/recipients');
    await expect(page.getByRole('heading', { level: 1, name: 'Recipients' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Filters', exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const card = page.getByRole('region', { name: 'Filters' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    expect(await card.getAttribute('id')).toBe(await button.getAttribute('aria-controls'));
    await expectAccessible(page);
    release();
    await expect(card.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
    await expect(card).not.toHaveAttribute('aria-busy', 'true');
  });

  test('recipients: page, change the page size, sort; the address keeps the view', async ({ page }) => {
    await page.goto('/panel/recipients');
    await expect(page.getByRole('heading', { level: 1, name: 'Recipients' })).toBeVisible();
    const total = (await apiList(page, '/api/payout/recipient')).numberOfRecords;
    expect(total).toBeGreaterThanOrEqual(64);
    await expect(rangeText(page)).toHaveText(`1 - 10 of ${total}`);
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(header(page, 'Created')).toHaveAttribute('aria-sort', 'descending');
    await expectAccessible(page);

    // Page 2, back, and forward again with "next".
    const firstOnPage1 = (await bodyRows(page).first().textContent()) ?? '';
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(rangeText(page)).toHaveText(`11 - 20 of ${total}`);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(bodyRows(page).first()).not.toHaveText(firstOnPage1);
    await page.goBack();
    await expect(rangeText(page)).toHaveText(`1 - 10 of ${total}`);
    await expect(bodyRows(page).first()).toHaveText(firstOnPage1);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(rangeText(page)).toHaveText(`11 - 20 of ${total}`);

    // A new page size goes back to page 1.
    await page.getByLabel('Rows per page').selectOption('20');
    await expect(rangeText(page)).toHaveText(`1 - 20 of ${total}`);
    await expect(bodyRows(page)).toHaveCount(20);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(page.url()).searchParams.get('limit')).toBe('20');

    // Sort by last name: ascending, then descending; the rows really reorder.
    const asc = field((await apiList(page, '/api/payout/recipient', { limit: 20, orderBy: 'lastName', order: 'ASC' })).items, 'lastName');
    const desc = field((await apiList(page, '/api/payout/recipient', { limit: 20, orderBy: 'lastName', order: 'DESC' })).items, 'lastName');
    expect(asc[0]).not.toBe(desc[0]);
    await header(page, 'Last name').getByRole('button').click();
    await expect(header(page, 'Last name')).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => columnValues(page, 'Last name')).toEqual(asc);
    await header(page, 'Last name').getByRole('button').press('Enter');
    await expect(header(page, 'Last name')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => columnValues(page, 'Last name')).toEqual(desc);
    await expect(header(page, 'Created')).toHaveAttribute('aria-sort', 'none');

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(rangeText(page)).toHaveText(`21 - 40 of ${total}`);
    const page2 = field((await apiList(page, '/api/payout/recipient', { page: 2, limit: 20, orderBy: 'lastName', order: 'DESC' })).items, 'lastName');
    await expect.poll(() => columnValues(page, 'Last name')).toEqual(page2);

    // A reload shows the same view.
    await page.reload();
    await expect(rangeText(page)).toHaveText(`21 - 40 of ${total}`);
    await expect(header(page, 'Last name')).toHaveAttribute('aria-sort', 'descending');
    expect(await columnValues(page, 'Last name')).toEqual(page2);
  });

  test('filters: the card, the chip, a reload, removing the chip', async ({ page }) => {
    await page.goto('/panel/recipients?orderBy=firstName&order=ASC');
    const total = (await apiList(page, '/api/payout/recipient')).numberOfRecords;
    const nowak = await apiList(page, '/api/payout/recipient', { orderBy: 'firstName', order: 'ASC', options: JSON.stringify({ search: 'Nowak' }) });
    expect(nowak.numberOfRecords).toBeGreaterThan(0);
    await expect(rangeText(page)).toHaveText(`1 - 10 of ${total}`);

    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const card = page.getByRole('region', { name: 'Filters' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Search' })).toBeVisible();
    await expectAccessible(page);
    await card.getByRole('textbox', { name: 'Search' }).fill('Nowak');
    await card.getByRole('button', { name: 'Apply' }).click();

    // The card closes, a chip shows the filter, the rows match it.
    await expect(card).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.filter-chip')).toHaveText(/Search:\s*Nowak/);
    await expectAccessible(page);
    const shown = Math.min(10, nowak.numberOfRecords);
    await expect(rangeText(page)).toHaveText(`1 - ${shown} of ${nowak.numberOfRecords}`);
    expect(new Set(await columnValues(page, 'Last name'))).toEqual(new Set(['Nowak']));
    expect(await columnValues(page, 'First name')).toEqual(field(nowak.items, 'firstName').slice(0, shown));
    expect(JSON.parse(new URL(page.url()).searchParams.get('options') ?? '{}')).toEqual({ search: 'Nowak' });

    // A reload keeps filter and order.
    await page.reload();
    await expect(page.locator('.filter-chip')).toHaveText(/Search:\s*Nowak/);
    await expect(rangeText(page)).toHaveText(`1 - ${shown} of ${nowak.numberOfRecords}`);
    await expect(header(page, 'First name')).toHaveAttribute('aria-sort', 'ascending');
    expect(new Set(await columnValues(page, 'Last name'))).toEqual(new Set(['Nowak']));

    // The card shows the filters in force.
    await toggle.click();
    await expect(page.getByRole('region', { name: 'Filters' }).getByRole('textbox', { name: 'Search' })).toHaveValue('Nowak');
    await toggle.click();
    await expect(page.getByRole('region', { name: 'Filters' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove filter Search' }).click();
    await expect(page.locator('.filter-chip')).toHaveCount(0);
    await expect(rangeText(page)).toHaveText(`1 - 10 of ${total}`);
    await expect(header(page, 'First name')).toHaveAttribute('aria-sort', 'ascending');
    expect(new URL(page.url()).searchParams.get('options')).toBeNull();
  });

  test('blocks and unblocks a recipient through the confirm flow', async ({ page }) => {
    await page.goto('/panel/recipients?options=' + encodeURIComponent(JSON.stringify({ search: 'recipient64@' })));
    const row = bodyRows(page).filter({ hasText: 'recipient64@demo.example.com' });
    await expect(row.getByRole('cell', { name: 'Not blocked', exact: true })).toBeVisible();
    // Cancel changes nothing.
    await openRowActions(row);
    await row.getByRole('menuitem', { name: 'Block', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByRole('cell', { name: 'Not blocked', exact: true })).toBeVisible();

    await confirmAction(page, row, 'Block', 'Block this recipient? A blocked recipient cannot collect payouts.', 'The recipient has been blocked.');
    await expect(row.getByRole('cell', { name: 'Blocked', exact: true })).toBeVisible();
    expect(await offeredRowActions(page, row)).toEqual(['Edit', 'Unblock', 'Show payouts', 'Bank accounts']);

    await confirmAction(page, row, 'Unblock', 'Unblock this recipient?', 'The recipient has been unblocked.');
    await expect(row.getByRole('cell', { name: 'Not blocked', exact: true })).toBeVisible();
    expect(await offeredRowActions(page, row)).toEqual(['Edit', 'Block', 'Show payouts', 'Bank accounts']);
  });

  test('programs show usage bars of what their payouts use; a program is deleted through the confirm flow', async ({ page }) => {
    const stamp = Date.now();
    const name = `Temporary program ${stamp}`;
    const call = (method: string, url: string, body: unknown) => apiCall<{ id: number }>(page, method, url, body);
    const program = (programName: string, budget: number) => call('POST', '/api/payout/program', { name: programName, currency: 'PLN', budget, budgetInterval: 'ONE_TIME' });
    await program(name, 1_000_000);
    // Two programs whose payouts use 80% and all of their budgets.
    const warning = await program(`Nearly spent ${stamp}`, 1_000_000);
    const spent = await program(`Used up ${stamp}`, 10_000);
    const account = (await apiList(page, '/api/account', { limit: 100 })).items.find((a) => a.name === 'Main PLN account')!;
    const recipient = (await apiList(page, '/api/payout/recipient', { limit: 100 })).items.find((r) => r.blocked === false)!;
    const endDate = await page.evaluate(() => {
      const d = new Date(Date.now() + 7 * 86_400_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} 12:00:00`;
    });
    for (const [programId, amount] of [[warning.id, 800_000], [spent.id, 10_000]]) {
      await call('POST', '/api/payout', { accountId: account.id, programId, recipientId: recipient.id, amount, endDate });
    }
    const total = (await apiList(page, '/api/payout/program')).numberOfRecords;

    // Fifty a page: other tests add programs, and the demo ones must stay on the first page.
    await page.goto('/panel/programs?limit=50');
    await expect(rangeText(page)).toHaveText(`1 - ${Math.min(50, total)} of ${total}`);
    const bar = bodyRows(page).filter({ hasText: `Nearly spent ${stamp}` }).getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuetext', /^80% \(PLN\s800\.00 of PLN\s1,000\.00\)$/);
    await expect(bar).toHaveAttribute('aria-valuenow', '80');
    await expect(bar.locator('.usage-fill')).toHaveClass(/usage-warning/);
    await expect(bar.locator('.usage-fill')).toHaveAttribute('style', /width: 80%/);
    await expectAccessible(page);
    await expect(bodyRows(page).filter({ hasText: `Used up ${stamp}` }).getByRole('progressbar').locator('.usage-fill')).toHaveClass(/usage-danger/);
    const unused = bodyRows(page).filter({ hasText: name }).getByRole('progressbar');
    await expect(unused).toHaveAttribute('aria-valuenow', '0');
    await expect(unused.locator('.usage-fill')).toHaveClass(/usage-ok/);

    const created = bodyRows(page).filter({ hasText: name });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText(/PLN\s1,000\.00/);
    await confirmAction(page, created, 'Delete', 'Delete this program? This cannot be undone.', 'The program has been deleted.');
    await expect(bodyRows(page).filter({ hasText: name })).toHaveCount(0);
    await expect(rangeText(page)).toHaveText(`1 - ${Math.min(50, total - 1)} of ${total - 1}`);
  });
});

test.describe('as a viewer', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'viewer', { open: false });
  });

  test('recipients and programs offer nothing to change; a row opens its details', async ({ page }) => {
    // The demo's employees (other tests add recipients of their own, without an external ID).
    await page.goto(`/panel/recipients?options=${encodeURIComponent(JSON.stringify({ search: 'EMP-' }))}`);
    await expect(rangeText(page)).toHaveText(/^1 - 10 of \d+$/);
    await expect(page.getByRole('link', { name: 'Add new' })).toHaveCount(0);
    // Of a row's actions, only those that change nothing.
    expect(await offeredRowActions(page, bodyRows(page).first())).toEqual(['Show payouts', 'Bank accounts']);

    const first = bodyRows(page).first();
    const firstToggle = detailsToggle(first);
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
    // A click on the row opens its details too, for the mouse.
    await first.click();
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'true');
    const details = page.locator('tr.details-row');
    await expect(details).toHaveCount(1);
    await expect(details).toHaveAttribute('id', (await firstToggle.getAttribute('aria-controls'))!);
    await expect(details).toContainText('External ID');
    await expect(details).toContainText(/EMP-\d{4}/);
    await expectAccessible(page);
    // Another row by keyboard, through its toggle button: still one details row open.
    const fourthToggle = detailsToggle(bodyRows(page).nth(3));
    await fourthToggle.focus();
    await page.keyboard.press('Enter');
    await expect(fourthToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(details).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(fourthToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(details).toHaveCount(0);

    await page.goto('/panel/programs?limit=50');
    await expect(rangeText(page)).toHaveText(/^1 - \d+ of \d+$/);
    await expect(page.getByRole('link', { name: 'Add new' })).toHaveCount(0);
    expect(await offeredRowActions(page, bodyRows(page).filter({ hasText: 'Employee bonuses' }))).toEqual(['Show payouts']);
    await bodyRows(page).filter({ hasText: 'Employee bonuses' }).click();
    await expect(page.locator('tr.details-row')).toContainText('Custom URL of the collection page');
    await expect(page.locator('tr.details-row')).toContainText('employee-bonuses');
  });
});
