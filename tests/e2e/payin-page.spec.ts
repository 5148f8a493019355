// The barcode pay-in page: an admin sets it up in the panel (account, logo, tab title, favicon, links), and a payer
// opens /demo/payin on a phone: the account's pay-in reference as a Code 128 barcode with the reference under it, the
// amount field, the links, the title and the icon, in English and in Polish; an unknown customer's address is the
// not-found page.
import type { Page } from '@playwright/test';
import { apiCall, drawnLogo, expect, expectAccessible, field, followNavEntry, loginAs, test } from './helpers.ts';

const PHONE = { width: 360, height: 740 };

/** The documented pay-in reference of an account (docs/decisions.md): "PI", its id in 10 digits, MOD 97-10 check digits. */
function payinReference(accountId: number): string {
  const digits = String(accountId).padStart(10, '0');
  const check = 98 - Number((BigInt(digits) * 100n) % 97n);
  return `PI${digits}${String(check).padStart(2, '0')}`;
}

/** A one-colour 16x16 PNG drawn in the page's browser: a favicon picked as a user picks a file. */
async function drawnFavicon(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 16;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0a7d4f';
    context.fillRect(0, 0, 16, 16);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

test('the pay-in page shows the settings saved in the panel, with a scannable barcode, in both languages', async ({ page }) => {
  await loginAs(page, 'admin');
  try {
    const accounts = await apiCall<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/account?limit=100');
    const payroll = accounts.items.find((account) => account.name === 'Payroll PLN')!;
    const reference = payinReference(payroll.id);

    await followNavEntry(page, 'Pay-in page');
    await expect(page).toHaveURL(/\/panel\/payin-page$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Barcode pay-in page' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Account paid into' }).click();
    await page.getByRole('option', { name: /^Payroll PLN/ }).click();
    await page.locator('input[type="file"]').nth(0).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await drawnLogo(page, '#0a7d4f') });
    await page.locator('input[type="file"]').nth(1).setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: await drawnFavicon(page) });
    await field(page, 'Browser tab title').fill('Wpłać w sklepie');
    await field(page, 'Instruction link').fill('https://help.demo.example.com/payin');
    await field(page, 'Support link text').fill('Write to us');
    await field(page, 'Support link').fill('https://help.demo.example.com/contact');
    await field(page, 'Points ranking link text').fill('Top savers');
    await field(page, 'Points ranking link').fill('https://demo.example.com/ranking');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Pay-in page settings saved');

    await page.setViewportSize(PHONE);
    await page.goto('/demo/payin');
    await expect(page.getByRole('heading', { level: 1, name: 'Pay in with a barcode' })).toBeVisible();
    await expect(page).toHaveTitle('Wpłać w sklepie');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/api\/images\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('banner').getByRole('img', { name: 'Demo Company' })).toBeVisible();

    // The barcode: an image named with the reference, as wide as the card allows on a phone, and drawn in bars.
    const barcode = page.getByRole('img', { name: `Barcode of the pay-in reference ${reference}` });
    await expect(barcode).toBeVisible();
    const box = (await barcode.boundingBox())!;
    expect(box.width).toBeGreaterThan(250);
    expect(box.height).toBeGreaterThanOrEqual(90);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await barcode.locator('rect[fill="#000"]').count()).toBeGreaterThan(20);
    await expect(page.getByText(reference, { exact: true })).toBeVisible();

    // The amount is the payer's own note: checked as an amount, shown in the account's currency.
    const amount = page.getByRole('textbox', { name: 'Amount to pay in (PLN)' });
    await amount.fill('12.345');
    await expect(page.getByText('Enter a valid amount with at most 2 decimal places')).toBeVisible();
    await amount.fill('50');
    await expect(page.getByText('You pay in: PLN 50.00')).toBeVisible();

    await expect(page.getByRole('link', { name: 'How to pay in' })).toHaveAttribute('href', 'https://help.demo.example.com/payin');
    await expect(page.getByRole('link', { name: 'Top savers' })).toHaveAttribute('href', 'https://demo.example.com/ranking');
    await expect(page.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', 'https://help.demo.example.com/contact');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wpłata kodem kreskowym' })).toBeVisible();
    await expect(page.getByRole('img', { name: `Kod kreskowy numeru referencyjnego wpłaty ${reference}` })).toBeVisible();
    await expect(page.getByText('Numer referencyjny wpłaty')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Kwota wpłaty (PLN)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jak dokonać wpłaty' })).toBeVisible();
    await expectAccessible(page);

    // An address naming no customer is the not-found page (in the language the tab chose).
    await page.goto('/no-such-customer/payin');
    await expect(page.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Kod kreskowy/ })).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    // The other tests expect the page's defaults.
    await apiCall(page, 'PUT', '/api/payout/collection/payin/settings', {});
  }
});
