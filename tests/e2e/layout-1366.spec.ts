// The panel on a 1366×768 screen, as the users with the most navigation entries see it (a super administrator, and an
// admin whose customer has the API on), in English and Polish: the navigation keeps one row and holds the rest in its
// "More" menu, which works from the keyboard; the dashboard's Account Overview fits its panel; the period picker is a
// group axe accepts (aria-allowed-role refused the form it was).
import type { Locator, Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, loadAxe, loginAs, navEntryNames, test } from './helpers.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const ENTRIES = {
  admin: {
    en: ['Dashboard', 'Accounts', 'Users', 'Programs', 'Recipients', 'Payouts', 'Customer settings', 'Payer details', 'Collection page', 'Pay-in page', 'Integration API', 'Webhooks', 'Audit log'],
    pl: ['Pulpit', 'Rachunki', 'Użytkownicy', 'Programy', 'Odbiorcy', 'Wypłaty', 'Ustawienia klienta', 'Dane płatnika', 'Strona odbioru', 'Strona wpłat', 'API integracji', 'Webhooki', 'Dziennik zdarzeń'],
  },
  superadmin: {
    en: ['Accounts', 'Customers', 'Users', 'Programs', 'Recipients', 'Payouts', 'Settlement', 'Audit log', 'Messages', 'Settings'],
    pl: ['Rachunki', 'Klienci', 'Użytkownicy', 'Programy', 'Odbiorcy', 'Wypłaty', 'Rozliczenia', 'Dziennik zdarzeń', 'Wiadomości', 'Ustawienia'],
  },
};

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

async function switchTo(page: Page, language: 'en' | 'pl') {
  const [from, to, switched] = language === 'pl' ? ['Language', 'Polski', 'Język'] : ['Język', 'English', 'Language'];
  await page.getByRole('group', { name: from }).getByRole('button', { name: to }).click();
  await expect(page.getByRole('group', { name: switched })).toBeVisible();
}

/**
 * Every entry is either on the one row (links side by side at the same height, inside the navigation's box) or in
 * the "More" menu at the row's end; together they are the user's entries, in order.
 */
async function expectOneRow(page: Page, entries: string[], more: string) {
  const names = await navEntryNames(page);
  expect(names).toEqual(entries);
  const navigation = page.getByRole('banner').getByRole('navigation');
  const area = await boxOf(navigation);
  const links = navigation.getByRole('link');
  const shown = await links.count();
  const button = navigation.getByRole('button', { name: more, exact: true });
  // A row of 1366 px has no room for them all: some are in the menu, and the first six at least on the row (an
  // admin's Dashboard to Payouts), however many entries a role has.
  expect(shown).toBeLessThan(entries.length);
  expect(shown).toBeGreaterThanOrEqual(6);
  const boxes = [...(await Promise.all(Array.from({ length: shown }, (_, i) => boxOf(links.nth(i))))), await boxOf(button)];
  for (const [i, box] of boxes.entries()) {
    expect(Math.abs(box.y - boxes[0].y), `${names[i] ?? more} on the first one's row`).toBeLessThanOrEqual(1);
    expect(box.x + box.width, `${names[i] ?? more} inside the navigation`).toBeLessThanOrEqual(area.x + area.width + 0.5);
    if (i > 0) expect(box.x, `${names[i] ?? more} after the one before`).toBeGreaterThanOrEqual(boxes[i - 1].x + boxes[i - 1].width);
  }
}

/** The menu from the keyboard: opened on its first entry, moved through, closed back onto its button, followed. */
async function expectMenuByKeyboard(page: Page, entries: string[], more: string) {
  const navigation = page.getByRole('banner').getByRole('navigation');
  const button = navigation.getByRole('button', { name: more, exact: true });
  const menu = navigation.getByRole('menu', { name: more });
  const shown = await navigation.getByRole('link').count();
  const inMenu = entries.slice(shown);
  const item = (name: string) => menu.getByRole('menuitem', { name, exact: true });

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem')).toHaveText(inMenu);
  await expect(item(inMenu[0])).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await expect(item(inMenu[1])).toBeFocused();
  await page.keyboard.press('End');
  await expect(item(inMenu.at(-1)!)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item(inMenu[0])).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // Up opens it on its last entry; Enter follows that entry, and the button then marks where the user is.
  await page.keyboard.press('ArrowUp');
  await expect(item(inMenu.at(-1)!)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(navigation.locator('[aria-current="page"]')).toHaveText(inMenu.at(-1)!);
  await expectAccessible(page);
}

/** Boxes inside the Account Overview panel that stick out of it, and boxes whose content is wider than they are. */
async function overflowOf(panel: Locator) {
  return panel.evaluate((section) => {
    const outer = section.getBoundingClientRect();
    const outside: string[] = [];
    const scrolling: string[] = [];
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${element.textContent?.trim().slice(0, 30)}"`;
    for (const element of [section, ...Array.from(section.querySelectorAll('*'))]) {
      const box = element.getBoundingClientRect();
      if (box.width > 1 && box.height > 1 && (box.left < outer.left - 0.5 || box.right > outer.right + 0.5 || box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5)) outside.push(name(element));
      if (element.scrollWidth > element.clientWidth + 1) scrolling.push(name(element));
    }
    return { outside, scrolling };
  });
}

test('an admin with the API on: one navigation row with a keyboard menu, Account Overview within its panel, the period picker', async ({ page }) => {
  await loginAs(page, 'admin');
  await apiCall(page, 'PUT', '/api/customer/settings', { API_ENABLED: true });
  try {
    await page.goto('/panel/dashboard');
    const overview = page.getByRole('region', { name: 'Account Overview', exact: true });
    await expect(overview.getByRole('row', { name: /^PLN/ })).toBeVisible();
    expect(await overflowOf(overview)).toEqual({ outside: [], scrolling: [] });

    // The period picker: a labelled group, and the rule that refused a form in that role now passes.
    const picker = page.getByRole('group', { name: 'Period' });
    await expect(picker.getByRole('combobox', { name: 'Period type' })).toBeVisible();
    await loadAxe(page.mainFrame());
    const rule = await picker.evaluate(async (element) => {
      const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string }[]; passes: { id: string }[] }> } }).axe;
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await axe.run(element, { runOnly: { type: 'rule', values: ['aria-allowed-role'] } });
          return { violations: result.violations.map((v) => v.id), passes: result.passes.map((p) => p.id) };
        } catch (error) {
          // The page's own audit may be running (axe runs one at a time).
          if (attempt > 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    });
    expect(rule).toEqual({ violations: [], passes: ['aria-allowed-role'] });

    await expectOneRow(page, ENTRIES.admin.en, 'More');
    await expectMenuByKeyboard(page, ENTRIES.admin.en, 'More');

    await page.goto('/panel/dashboard');
    await switchTo(page, 'pl');
    const przeglad = page.getByRole('region', { name: 'Przegląd rachunków', exact: true });
    await expect(przeglad.getByRole('row', { name: /^PLN/ })).toBeVisible();
    expect(await overflowOf(przeglad)).toEqual({ outside: [], scrolling: [] });
    await expectOneRow(page, ENTRIES.admin.pl, 'Więcej');
    await switchTo(page, 'en');
  } finally {
    await apiCall(page, 'PUT', '/api/customer/settings', { API_ENABLED: false });
  }
});

test('a super administrator: one navigation row in both languages, the menu by keyboard in Polish', async ({ page }) => {
  await loginAs(page, 'superadmin');
  await expectOneRow(page, ENTRIES.superadmin.en, 'More');
  await switchTo(page, 'pl');
  await expectOneRow(page, ENTRIES.superadmin.pl, 'Więcej');
  await expectMenuByKeyboard(page, ENTRIES.superadmin.pl, 'Więcej');
  await switchTo(page, 'en');
});
