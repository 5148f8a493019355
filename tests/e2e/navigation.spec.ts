// Each demo user sees exactly the navigation entries of their role (expectations written out, not derived); the
// demo customer's API is off, so its admin sees no Integration API and no Webhooks (integration-api.spec.ts).
import { DEMO_USERS, type DemoLogin, expect, expectAccessible, loginAs, loginThroughForm, navEntryNames, test } from './helpers.ts';

const EXPECTED: Record<DemoLogin, string[]> = {
  superadmin: ['Accounts', 'Customers', 'Users', 'Programs', 'Recipients', 'Payouts', 'Settlement', 'Audit log', 'Messages', 'Settings'],
  admin: ['Dashboard', 'Accounts', 'Users', 'Programs', 'Recipients', 'Payouts', 'Customer settings', 'Payer details', 'Collection page', 'Pay-in page', 'Audit log'],
  representative: ['Dashboard', 'Accounts', 'Programs', 'Recipients', 'Payouts', 'Payer details'],
  viewer: ['Dashboard', 'Accounts', 'Programs', 'Recipients', 'Payouts'],
};

for (const [login, entries] of Object.entries(EXPECTED) as [DemoLogin, string[]][]) {
  test(`${login} logs in with the device code and sees their navigation`, async ({ page }) => {
    await loginThroughForm(page, login);
    expect(await navEntryNames(page)).toEqual(entries);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO_USERS[login].name}`);
    await expect(page.getByRole('button', { name: DEMO_USERS[login].name })).toBeVisible();
  });
}

test('a navigation entry opens its screen, and the user menu counts down and signs out', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/panel\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: DEMO_USERS.admin.name }).click();
  const countdown = page.locator('time.countdown');
  await expect(countdown).toHaveText(/^\d{2,}:\d{2}$/);
  const first = await countdown.textContent();
  // It ticks every second; the wait leaves room for a busy machine.
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 10_000 });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/panel$/);
  await expect(page.getByRole('textbox', { name: 'User name', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('the navigation folds behind a menu button on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await loginAs(page, 'representative');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await navigation.getByRole('link', { name: 'Programs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
  await expect(navigation).toBeHidden();
});

test("a screen whose file cannot be loaded reloads the page once at the new address, then says something went wrong", async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  let attempts = 0;
  await page.route('**/assets/FormScreen-*.js', (route) => {
    attempts += 1;
    return route.abort();
  });
  const documents: string[] = [];
  page.on('domcontentloaded', () => documents.push(new URL(page.url()).pathname));
  await page.getByRole('main').getByRole('link', { name: 'Add new', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
  // One reload, at the address the user went to.
  expect(documents).toEqual(['/panel/users/create']);
  expect(attempts).toBeGreaterThanOrEqual(2);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expectAccessible(page);
});
