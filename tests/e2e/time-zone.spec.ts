// One time zone, named: the panel shows and reads every date-time in the customer's TIME_ZONE (the demo customer's is
// Europe/Warsaw), whatever the zone of the browser, and says which zone that is; the collection page shows the end
// date at the wall clock of the SMS. Run in a browser on UTC and in one on New York.
import type { Page } from '@playwright/test';
import { toWallTime } from '../../src/shared/zonedTime.ts';
import { apiCall, expect, expectAccessible, field, latestCode, loginAs, outboxMark, test } from './helpers.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';

type List<T> = { items: T[] };

/** A day `days` from now in Warsaw, "YYYY-MM-DD" (the wall clock typed beside it is the test's own). */
const warsawDay = (days: number) => toWallTime(new Date(Date.now() + days * 86_400_000), 'Europe/Warsaw').slice(0, 10);

/** The newest SMS to the number, waiting for it. */
async function smsTo(phone: string): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'outbox.jsonl');
  for (let tries = 0; tries < 75; tries++) {
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { to: string; body: string });
    const body = lines.filter((m) => m.to === phone && /https?:\/\//.test(m.body)).at(-1)?.body;
    if (body) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No SMS with an address to ${phone}`);
}

/** A payout through the form: Anna Nowak, the main PLN account, the dates typed as given. */
async function createThroughForm(page: Page, title: string, startDate: string, endDate: string): Promise<void> {
  await page.goto('/panel/payouts/create');
  await page.getByRole('group', { name: 'Account' }).getByRole('radio', { name: /^Main PLN account \(#\d+\)/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('combobox', { name: 'Recipient' }).fill('anna 601000001');
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Program' }).click();
  await page.getByRole('option', { name: 'Employee bonuses PLN', exact: true }).click();
  await field(page, 'Amount').fill('3.21');
  await field(page, 'Title').fill(title);
  await field(page, 'Available from').fill(startDate);
  await field(page, 'Available until').fill(endDate);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Payout created');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/panel\/payouts$/);
}

for (const timezoneId of ['UTC', 'America/New_York']) {
  test.describe(`in a browser on ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('a payout typed as 12:00 shows 12:00 in the list, its details and the filter chip; the zone is named in both languages', async ({ page }) => {
      await loginAs(page, 'admin');
      const title = `Zone ${timezoneId.replace(/[^A-Za-z]+/g, " ")} ${Date.now()}`;
      const start = `${warsawDay(1)} 12:00:00`;
      const end = `${warsawDay(7)} 12:00:00`;
      await createThroughForm(page, title, start, end);

      await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
      await expect(page.getByText('Times in Europe/Warsaw', { exact: true })).toBeVisible();
      // The search finds this one payout (its title shows in its details).
      const row = page.locator('table.data-table > tbody > tr.data-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(end);
      await row.getByRole('button', { name: 'Details', exact: true }).click();
      await expect(page.getByText(start, { exact: true })).toBeVisible();
      await expectAccessible(page);

      // The filter card reads the typed wall clock in the customer's zone: a range of that one second finds it.
      await page.goto(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ search: title }))}`);
      await page.getByRole('button', { name: 'Filters' }).click();
      const card = page.getByRole('region', { name: 'Filters' });
      await card.getByRole('combobox', { name: 'Available until – Period' }).selectOption({ label: 'Another period' });
      await card.getByRole('textbox', { name: 'Available until – From' }).fill(end);
      await card.getByRole('textbox', { name: 'Available until – To' }).fill(end);
      await card.getByRole('button', { name: 'Apply' }).click();
      await expect(page.locator('.filter-chip').filter({ hasText: 'Available until' })).toHaveText(new RegExp(`Available until:\\s*${end} – ${end}`));
      await expect(page.locator('table.data-table > tbody > tr.data-row')).toHaveCount(1);
      await expect(page.locator('table.data-table > tbody > tr.data-row')).toContainText(end);
      await expectAccessible(page);

      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
      await expect(page.getByText('Godziny w strefie czasowej Europe/Warsaw', { exact: true })).toBeVisible();
      await expect(page.locator('table.data-table > tbody > tr.data-row')).toContainText(end);
      await expectAccessible(page);
    });

    test('the collection page shows the end date at the wall clock of the SMS, and names the zone', async ({ page }) => {
      await loginAs(page, 'admin');
      const phone = `+4878${String(Date.now()).slice(-7)}`;
      const recipient = await apiCall<{ id: number }>(page, 'POST', '/api/payout/recipient', { firstName: 'Jan', lastName: 'Strefa', phoneNumber: phone });
      const account = (await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/account?limit=100')).items.find((a) => a.name === 'Main PLN account')!;
      const program = (await apiCall<List<{ id: number; name: string }>>(page, 'GET', '/api/payout/program?limit=100')).items.find((p) => p.name === 'Employee bonuses')!;
      const day = warsawDay(7);
      await apiCall(page, 'POST', '/api/payout', { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 4_560, title: 'Zone check', endDate: `${day} 23:59:00` });
      const sms = await smsTo(phone);
      // The SMS names the end as the customer's wall clock.
      expect(sms).toContain(`${day} 23:59`);

      await page.goto(new URL(sms.match(/https?:\/\/\S+/)![0]).pathname);
      const mark = outboxMark();
      await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
      await page.getByRole('button', { name: 'Send the code' }).click();
      await page.getByRole('textbox', { name: 'SMS code' }).fill(await latestCode(phone, { after: mark }));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('checkbox')).toHaveCount(1);
      const [year, month, date] = day.split('-').map(Number);
      const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
      await expect(page.getByText(/^Collect by:/)).toHaveText(`Collect by: ${date} ${monthName} ${year}, 23:59`);
      await expect(page.getByText('Times in Europe/Warsaw', { exact: true })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Polski' }).click();
      await expect(page.getByText('Godziny w strefie czasowej Europe/Warsaw', { exact: true })).toBeVisible();
      await expect(page.getByText(/^Odbierz do:/)).toContainText('23:59');
      await expectAccessible(page);
    });
  });
}
