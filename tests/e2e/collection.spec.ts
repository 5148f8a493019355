// The public collection page on a phone-sized screen: from the SMS a payout sends, through the code from the outbox,
// to collecting to a new Polish IBAN; the panel then shows the payouts as collected. In English and in Polish.
import type { Page } from '@playwright/test';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiCall, drawnLogo, expect, expectAccessible, field, followNavEntry, latestCode, loginAs, outboxMark, test } from './helpers.ts';

type List<T> = { items: T[] };
const PHONE = { width: 360, height: 740 };
// A valid Polish IBAN (its check digits are right).
const IBAN = 'PL61 1090 1014 0000 0712 1981 2874';

/** A new recipient with payouts of these amounts (in thousandths) from the panel's API, as an administrator. */
async function payoutsFor(page: Page, amounts: number[]): Promise<{ phone: string; title: string; ids: number[] }> {
  const phone = `+4879${String(Date.now()).slice(-7)}`;
  const title = `Collect ${Date.now()}`;
  const recipient = await apiCall<{ id: number }>(page, 'POST', '/api/payout/recipient', { firstName: 'Jan', lastName: 'Kowalski', phoneNumber: phone });
  const account = (await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/account?limit=100')).items.find((a) => a.name === 'Main PLN account')!;
  const program = (await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/payout/program?limit=100')).items.find((p) => p.name === 'Employee bonuses')!;
  const endDate = toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw');
  const ids: number[] = [];
  for (const [i, amount] of amounts.entries()) {
    ids.push((await apiCall<{ id: number }>(page, 'POST', '/api/payout', { accountId: account.id, programId: program.id, recipientId: recipient.id, amount, title: `${title} ${i + 1}`, endDate })).id);
  }
  return { phone, title, ids };
}

/** The address in the newest SMS to the number that names one, waiting for it. */
async function addressFromSms(phone: string): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'outbox.jsonl');
  for (let tries = 0; tries < 75; tries++) {
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { to: string; body: string });
    const url = lines.filter((m) => m.to === phone).map((m) => m.body.match(/https?:\/\/\S+/)?.[0]).filter(Boolean).at(-1);
    if (url) return new URL(url).pathname;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No SMS with an address to ${phone}`);
}

async function signInOnPage(page: Page, phone: string, texts: { phone: string; send: string; code: string; confirm: string }) {
  const mark = outboxMark();
  await page.getByRole('textbox', { name: texts.phone }).fill(phone);
  await page.getByRole('button', { name: texts.send }).click();
  const code = await latestCode(phone, { after: mark });
  await expect(page.getByRole('heading', { level: 2, name: texts.code })).toBeFocused();
  await page.getByRole('textbox', { name: texts.code }).fill(code);
  await page.getByRole('button', { name: texts.confirm }).click();
}

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('a recipient collects two payouts from the SMS link to a new Polish IBAN, and the panel shows them collected', async ({ page }) => {
  await loginAs(page, 'admin');
  const { phone, title, ids } = await payoutsFor(page, [12_340, 5_000]);
  const address = await addressFromSms(phone);
  expect(address).toBe('/demo/employee-bonuses');

  await page.setViewportSize(PHONE);
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Collect your payout' })).toBeVisible();
  await expect(page).toHaveTitle('Collect your payout');
  await expect(page.getByRole('link', { name: 'Do you need help?' })).toBeVisible();
  await fitsTheScreen(page);
  await expectAccessible(page);

  // Poland is preferred: the field starts with its dialling code. A number that is not a phone number is refused
  // before anything is sent.
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+48 ');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+48 12');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByText('Given phone number is invalid')).toBeVisible();

  await signInOnPage(page, phone, { phone: 'Phone number', send: 'Send the code', code: 'SMS code', confirm: 'Confirm' });
  const select = page.getByRole('heading', { level: 2, name: 'Select the payout or payouts you would like to collect.' });
  await expect(select).toBeFocused();
  const payouts = page.getByRole('checkbox');
  await expect(payouts).toHaveCount(2);
  await expect(page.getByText('PLN 12.34')).toBeVisible();
  await expect(page.getByText(`${title} 2`)).toBeVisible();
  await fitsTheScreen(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Select at least one payout.')).toBeVisible();
  await payouts.nth(0).check();
  await payouts.nth(1).check();
  await expect(page.getByText('Selected: PLN 17.34')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Bank account' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Add a new bank account' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Country of the bank' })).toHaveValue('PL');
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toBeVisible();
  // The Polish route asks for no BIC.
  await expect(page.getByRole('textbox', { name: 'BIC (SWIFT)' })).toHaveCount(0);
  await page.getByRole('textbox', { name: "Account holder's name" }).fill('Jan');
  await page.getByRole('textbox', { name: 'IBAN' }).fill('PL61 1090 1014 0000 0712 1981 2875');
  await page.getByRole('button', { name: 'Collect PLN 17.34' }).click();
  await expect(page.getByText('IBAN is invalid')).toBeVisible();
  await expect(page.getByText('Name must have at least 5 characters')).toBeVisible();
  await fitsTheScreen(page);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: "Account holder's name" }).fill('Jan Kowalski');
  await page.getByRole('textbox', { name: 'IBAN' }).fill(IBAN);
  await page.getByRole('button', { name: 'Collect PLN 17.34' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Payout collected' })).toBeFocused();
  await expect(page.getByText('Thank you for using our services.')).toBeVisible();
  await expect(page.getByText('Collected: PLN 17.34 to the account •••• 2874.')).toBeVisible();
  await expect(page.getByText('Funds arrive within 1-2 workdays.')).toBeVisible();
  await expectAccessible(page);
  // Nothing is left to collect.
  await page.getByRole('button', { name: 'Collect other payouts' }).click();
  await expect(page.getByText("You don't have any payouts to collect.")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
  const rows = page.locator('table.data-table > tbody > tr.data-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Collected on Page' })).toHaveCount(2);
  for (const id of ids) expect((await apiCall<{ status: string }>(page, 'GET', `/api/payout/${id}`)).status).toBe('COLLECTED_ON_PAGE');
});

test('the page speaks Polish after the switch, words a wrong code so, and keeps its steps in Polish', async ({ page }) => {
  await loginAs(page, 'admin');
  const { phone } = await payoutsFor(page, [7_500]);
  await page.setViewportSize(PHONE);
  await page.goto(await addressFromSms(phone));
  await page.getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Odbierz swoją wypłatę' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('button', { name: 'Polski' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Potrzebujesz pomocy?' })).toBeVisible();

  const mark = outboxMark();
  await page.getByRole('textbox', { name: 'Numer telefonu' }).fill(phone);
  await page.getByRole('button', { name: 'Wyślij kod' }).click();
  const code = await latestCode(phone, { after: mark });
  await page.getByRole('textbox', { name: 'Kod SMS' }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(page.getByText('Nieprawidłowy kod weryfikacyjny!')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Kod SMS' }).fill(code);
  await page.getByRole('button', { name: 'Potwierdź' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Wybierz wypłatę lub wypłaty, które chcesz odebrać.' })).toBeVisible();
  await expect(page.getByText('7,50 zł')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('textbox', { name: 'Imię i nazwisko lub nazwa właściciela' }).fill('Jan Kowalski');
  await page.getByRole('textbox', { name: 'IBAN' }).fill(IBAN);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Odbierz 7,50 zł' }).click();
  await expect(page.getByText('Dziękujemy za skorzystanie z naszych usług.')).toBeVisible();
  await expect(page.getByText('Środki dotrą w ciągu 1-2 dni roboczych.')).toBeVisible();
  await fitsTheScreen(page);
});

test('an address of no customer shows the not-found page, and `/` asks for the address from the SMS', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/no-such-customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for might have been removed, had its name changed or is temporarily unavailable.')).toBeVisible();
  await page.goto('/demo/no-such-program');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Collect your payout' })).toBeVisible();
  await expect(page.getByText('Open the address from the SMS you received to collect your payout.')).toBeVisible();
  await expectAccessible(page);
});

test("a customer's texts, colour and logo appear on its page, and a program's override them on the program's page", async ({ page }) => {
  await loginAs(page, 'admin');
  try {
    await followNavEntry(page, 'Collection page');
    await expect(page).toHaveURL(/\/panel\/collection-page$/);
    await field(page, 'Page title').fill('Odbierz premię');
    await page.getByRole('combobox', { name: 'Header', exact: true }).click();
    await page.getByRole('option', { name: 'Logo', exact: true }).click();
    await page.locator('input[type="file"]').nth(1).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await drawnLogo(page, '#0a7d4f') });
    await expect(page.getByRole('img', { name: 'Image preview' })).toBeVisible();
    await field(page, 'Primary colour').fill('#0a7d4f');
    await field(page, 'Success message').fill('Premia jest w drodze.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Collection page settings saved');
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();

    // The program's own title wins on its page.
    const programs = await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/payout/program?limit=100');
    const program = programs.items.find((p) => p.name === 'Employee bonuses')!;
    await page.goto(`/panel/programs/${program.id}/collection-page`);
    await field(page, 'Page title').fill('Bonus time');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Collection page settings saved');

    await page.setViewportSize(PHONE);
    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Odbierz premię' })).toBeVisible();
    await expect(page).toHaveTitle('Odbierz premię');
    await expect(page.getByRole('banner').getByRole('img', { name: 'Demo Company' })).toBeVisible();
    expect(await page.getByRole('banner').getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await expect(page.getByRole('button', { name: 'Send the code' })).toHaveCSS('background-color', 'rgb(10, 125, 79)');
    await expectAccessible(page);
    await page.goto('/demo/employee-bonuses');
    await expect(page.getByRole('heading', { level: 1, name: 'Bonus time' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the code' })).toHaveCSS('background-color', 'rgb(10, 125, 79)');
    await page.goto('/demo/referral-rewards');
    await expect(page.getByRole('heading', { level: 1, name: 'Odbierz premię' })).toBeVisible();
  } finally {
    // The other tests expect the page's defaults.
    await page.goto('/panel');
    const programs = await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/payout/program?limit=100');
    await apiCall(page, 'PUT', '/api/payout/collection/settings', {});
    for (const program of programs.items) await apiCall(page, 'PUT', `/api/payout/collection/settings/program/${program.id}`, {});
  }
});
