// Every screen of the navigation, and the "Add new" form of every list, passes the accessibility
// audit: these two users between them reach every navigation entry.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, followNavEntry, loginAs, navEntryNames, test, type DemoLogin } from './helpers.ts';

/** Waits until the screen has its heading and no loading indicator, then audits it. */
async function auditScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').locator('.spinner')).toHaveCount(0);
  await expectAccessible(page);
}

for (const login of ['superadmin', 'admin'] as DemoLogin[]) {
  test(`${login}: every navigation screen and every "Add new" form`, async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, login);
    await auditScreen(page);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const entries = await navEntryNames(page);
    expect(entries.length).toBeGreaterThan(3);
    const forms: string[] = [];
    for (const entry of entries) {
      await test.step(entry, async () => {
        await followNavEntry(page, entry);
        // The current entry, on the row or in the "More" menu.
        await expect(navigation.locator('[aria-current="page"]')).toHaveText(entry);
        await auditScreen(page);
        const addNew = page.getByRole('main').getByRole('link', { name: 'Add new', exact: true });
        if (await addNew.count()) {
          await addNew.click();
          await expect(page).toHaveURL(/\/create$/);
          await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
          await auditScreen(page);
          forms.push(new URL(page.url()).pathname);
        }
      });
    }
    expect(forms.length).toBeGreaterThanOrEqual(login === 'admin' ? 3 : 2);
  });
}
