// Tables that show their actions (issue 25, point 1): at 1366×768 the payouts list shows every column and each row's
// actions without scrolling sideways, and at least 12 rows at once; a row's actions are a menu button that works from
// the keyboard (WAI-ARIA's menu button); and every other generated table fits the same window. Measured by the
// bounding boxes a person sees.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, loginAs, test, type DemoLogin } from './helpers.ts';

const WIDTH = 1366;
const HEIGHT = 768;
test.use({ viewport: { width: WIDTH, height: HEIGHT } });

const bodyRows = (page: Page) => page.locator('table.data-table > tbody > tr.data-row');

/** Nothing scrolls sideways: neither the page nor the table's box, and the table's right edge is in the window. */
async function expectFits(page: Page) {
  const widths = await page.evaluate(() => {
    const box = document.querySelector('.data-table-wrap')!;
    const table = document.querySelector('table.data-table')!.getBoundingClientRect();
    const lastHeader = [...document.querySelectorAll('table.data-table > thead th')].at(-1)!.getBoundingClientRect();
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      box: [box.scrollWidth, box.clientWidth],
      table: [table.left, table.right],
      lastHeader: lastHeader.right,
    };
  });
  expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1]);
  expect(widths.box[0]).toBeLessThanOrEqual(widths.box[1]);
  expect(widths.table[0]).toBeGreaterThanOrEqual(0);
  expect(widths.table[1]).toBeLessThanOrEqual(WIDTH);
  expect(widths.lastHeader).toBeLessThanOrEqual(WIDTH);
  // Every row's actions button, where the table has them, is inside the window too.
  for (const box of await page.locator('.row-menu-button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(WIDTH);
  }
}

test('the payouts list fits 1366×768 with 12 rows, and a row\'s actions are a menu the keyboard runs', async ({ page }) => {
  await loginAs(page, 'admin');
  // The demo customer has 84 payouts: a page of 20 has more rows than the window can hold.
  await page.goto('/panel/payouts?limit=20');
  await expect(bodyRows(page)).toHaveCount(20);
  await expectFits(page);
  const bottoms = await bodyRows(page).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().bottom));
  expect(bottoms.filter((bottom) => bottom <= HEIGHT).length).toBeGreaterThanOrEqual(12);
  // The actions are in the last column, and each row's button is named by the row.
  await expect(page.locator('table.data-table > thead th').last()).toHaveText('Actions');
  // A payout to collect has several actions.
  const first = bodyRows(page).filter({ hasText: 'To collect' }).first();
  const reference = (await first.locator('td').nth(2).textContent())!;
  expect(reference).toMatch(/^PO-/);
  const button = first.getByRole('button', { name: `Actions for ${reference}`, exact: true });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Enter opens the menu on its first item; arrows move round it; Escape closes it and focus is back on the button.
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Actions for ${reference}` });
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = menu.getByRole('menuitem');
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(items.first()).toBeFocused();
  // The menu is inside the window, whole.
  const menuBox = (await menu.boundingBox())!;
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(WIDTH);
  expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(HEIGHT);
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Arrow Up opens it on the last item; Tab closes it and moves on from the button.
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveCount(0);
  await expect(button).not.toBeFocused();

  // A click opens it; a click elsewhere closes it.
  await button.click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toHaveCount(0);

  // In Polish too.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await expect(page.locator('table.data-table > thead th').last()).toHaveText('Akcje');
  await expect(bodyRows(page).filter({ hasText: reference }).getByRole('button', { name: `Akcje: ${reference}`, exact: true })).toBeVisible();
  await expectFits(page);
  const bottomsPl = await bodyRows(page).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().bottom));
  expect(bottomsPl.filter((bottom) => bottom <= HEIGHT).length).toBeGreaterThanOrEqual(12);
});

interface TableScreen {
  id: string;
  route: string;
  kind: string;
  permissions: string[];
  userTypes?: string[];
}

/** The generated tables of screens.json, with an address each (`:id` is an account's, the only one a table route takes). */
function tableScreens(accountId: number): (TableScreen & { address: string })[] {
  const { screens } = JSON.parse(readFileSync('screens.json', 'utf8')) as { screens: TableScreen[] };
  return screens.filter((screen) => screen.kind === 'table').map((screen) => ({ ...screen, address: screen.route.replace(/:id\??/, String(accountId)) }));
}

test('every generated table fits 1366 px, seen by the users who reach them all', async ({ page }) => {
  test.setTimeout(180_000);
  const seen = new Set<string>();
  let all: string[] = [];
  for (const login of ['superadmin', 'admin'] as DemoLogin[]) {
    await loginAs(page, login);
    const me = await apiCall<{ type: string; permissions: string[] }>(page, 'GET', '/api/me');
    const account = (await apiCall<{ items: { id: number }[] }>(page, 'GET', '/api/account?limit=1')).items[0];
    const screens = tableScreens(account.id);
    all = screens.map((screen) => screen.id);
    for (const screen of screens) {
      if (seen.has(screen.id)) continue;
      if (!screen.permissions.some((permission) => me.permissions.includes(permission))) continue;
      if (screen.userTypes && !screen.userTypes.includes(me.type)) continue;
      await test.step(`${login}: ${screen.address}`, async () => {
        await page.goto(screen.address);
        await expect(page.locator('table.data-table')).toBeVisible();
        await expect(page.getByRole('status').locator('.spinner')).toHaveCount(0);
        await expectFits(page);
        seen.add(screen.id);
      });
    }
    // The next user logs in afresh (the session lives in the tab's storage).
    await page.evaluate(() => sessionStorage.clear());
  }
  expect([...seen].sort()).toEqual([...all].sort());
});
