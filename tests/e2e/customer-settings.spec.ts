// Customer settings in tabs: an admin edits the new-payout SMS with the variables offered and the counter following,
// saves it and finds it stored; the tab is kept in the address; a refusal from the server shows under its field; a
// super administrator reaches a customer's settings from the customers list, with the modules tab only they see;
// Polish throughout the second.
import { apiCall, drawnLogo, expect, expectAccessible, followNavEntry, loginAs, openRowActions, test } from './helpers.ts';

type Settings = Record<string, unknown>;

test('an admin edits the SMS message with its counter, moves between tabs kept in the address, and a refusal shows under its field', async ({ page }) => {
  await loginAs(page, 'admin');
  await followNavEntry(page, 'Customer settings');
  await expect(page).toHaveURL(/\/panel\/customers\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer settings' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Customer settings' });
  await expect(tabs.getByRole('tab')).toHaveText(['Notifications', 'Limits', 'Payouts', 'SMS sender', 'Regional', 'Branding', 'Integration']);
  await expect(tabs.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');

  const original = await apiCall<Settings>(page, 'GET', '/api/customer/settings');
  const message = page.getByRole('textbox', { name: 'SMS about a new payout' });
  await expect(message).toBeVisible();
  await message.fill('Hello! You have ');
  await expect(page.getByText('Remaining: 544')).toBeVisible();
  await page.getByRole('button', { name: 'Insert PAYOUT_AMOUNT' }).first().click();
  await expect(message).toHaveValue('Hello! You have {PAYOUT_AMOUNT}');
  await message.press('End');
  await message.pressSequentially(' to collect.');
  // 43 characters, the two braces from the extended 7-bit set counting twice.
  await expect(page.getByText('Remaining: 515')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Settings have been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/panel\/customers\/settings$/);
  const stored = await apiCall<Settings>(page, 'GET', '/api/customer/settings');
  expect(stored.PAYOUT_SMS_NOTIFICATION_MESSAGE).toBe('Hello! You have {PAYOUT_AMOUNT} to collect.');

  // The limits tab, by the keyboard: its number goes into the address and survives a reload.
  await tabs.getByRole('tab', { name: 'Notifications' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Limits' })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=2$/);
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Limits' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('checkbox', { name: 'Limit the payouts a recipient may receive' }).check();
  const perTransaction = page.getByRole('textbox', { name: 'Per transaction limit' });
  const monthly = page.getByRole('textbox', { name: 'Monthly limit' });
  await perTransaction.fill('2000');
  await monthly.fill('1500');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The per transaction limit must be lower than the monthly limit, and the monthly limit lower than the yearly limit')).toBeVisible();
  expect((await apiCall<Settings>(page, 'GET', '/api/customer/settings')).PAYOUT_LIMIT_ENABLED).toBe(stored.PAYOUT_LIMIT_ENABLED);
  await expectAccessible(page);

  // The time zone from the list.
  await tabs.getByRole('tab', { name: 'Regional' }).click();
  await expect(page).toHaveURL(/\?tab=5$/);
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(/Europe\/Warsaw/);
  await expectAccessible(page);
  await apiCall(page, 'PUT', '/api/customer/settings', { PAYOUT_SMS_NOTIFICATION_MESSAGE: original.PAYOUT_SMS_NOTIFICATION_MESSAGE });
});

test('a super administrator opens a customer\'s settings from the customers list, with the modules tab, in Polish', async ({ page }) => {
  await loginAs(page, 'superadmin');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Klienci' }).click();
  const row = page.getByRole('row').filter({ hasText: 'demo' }).first();
  await openRowActions(row);
  await row.getByRole('menuitem', { name: 'Ustawienia' }).click();
  await expect(page).toHaveURL(/\/panel\/customers\/settings\/\d+$/);
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveCount(8);
  await tabs.getByRole('tab', { name: 'Moduły' }).click();
  await expect(page).toHaveURL(/\?tab=8$/);
  await expect(page.getByRole('combobox', { name: 'Moduły dostępne dla klienta' })).toBeVisible();
  await expectAccessible(page);
  await tabs.getByRole('tab', { name: 'Nadawca SMS' }).click();
  const sender = page.getByRole('textbox', { name: 'Nazwa nadawcy SMS' });
  await sender.fill('Zażółć');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByText(/Nazwa nadawcy musi mieć od 1 do 11 znaków/)).toBeVisible();
  await sender.fill('DemoFirma');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Ustawienia zostały zapisane.');
  const id = /customers\/settings\/(\d+)/.exec(page.url())![1];
  expect((await apiCall<Settings>(page, 'GET', `/api/customer/settings?customerId=${id}`)).SMS_SENDER_NAME).toBe('DemoFirma');
  await apiCall(page, 'PUT', `/api/customer/settings?customerId=${id}`, { SMS_SENDER_NAME: 'Payouts' });
});

test('the customer\'s colour and logo, set in Branding, show in the panel and on its login page', async ({ page }) => {
  await loginAs(page, 'admin', { open: false });
  await page.goto('/panel/customers/settings?tab=6');
  await expect(page.getByRole('tab', { name: 'Branding' })).toHaveAttribute('aria-selected', 'true');
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await drawnLogo(page, '#7a1f5e') });
  await expect(page.getByRole('img', { name: 'Image preview' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Primary colour' }).fill('#7a1f5e');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Settings have been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();

  try {
    // At once, without a reload: the navbar's logo is the customer's, buttons and links in its colour, readable.
    const banner = page.getByRole('banner');
    const brand = banner.getByRole('img', { name: 'Demo Company' });
    await expect(brand).toBeVisible();
    expect(await brand.getAttribute('src')).toMatch(/^\/api\/images\//);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toHaveCSS('background-color', 'rgb(122, 31, 94)');
    await expect(save).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expectAccessible(page);

    // Its login page, signed out.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/panel?customer=demo');
    await expect(page.getByRole('img', { name: 'Demo Company' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCSS('background-color', 'rgb(122, 31, 94)');
  } finally {
    await loginAs(page, 'admin');
    await apiCall(page, 'PUT', '/api/customer/settings', { primaryColor: null, logoUrl: null });
  }
});

test('an own domain given in Branding can be emptied again, and is gone', async ({ page }) => {
  await loginAs(page, 'admin', { open: false });
  await page.goto('/panel/customers/settings?tab=6');
  const domain = page.getByRole('textbox', { name: 'Your own domain for the collection page' });
  const save = async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Settings have been saved.');
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  };
  try {
    await domain.fill('payouts.demo-branding.example');
    await save();
    expect((await apiCall<Record<string, unknown>>(page, 'GET', '/api/customer/settings')).CUSTOM_DOMAIN_NAME).toBe('payouts.demo-branding.example');
    await domain.fill('');
    await save();
    expect(await apiCall<Record<string, unknown>>(page, 'GET', '/api/customer/settings')).not.toHaveProperty('CUSTOM_DOMAIN_NAME');
    await page.reload();
    await expect(domain).toHaveValue('');
  } finally {
    await apiCall(page, 'PUT', '/api/customer/settings', { CUSTOM_DOMAIN_NAME: null });
  }
});
