// Settlement in the browser, as a SUPER_ADMIN on the demo data: the collected payouts per channel, the euro SEPA
// transfer file generated and downloaded (a pain.001 holding the recipients' IBAN), the batch marked completed, and
// the payouts shown as completed in the list. Each screen is audited with axe.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, followNavEntry, loginAs, navEntryNames, test } from './helpers.ts';

const rows = (page: Page) => page.locator('table.data-table > tbody > tr.data-row');

test('a super administrator exports the euro transfers, downloads the file and marks the batch completed', async ({ page }) => {
  await loginAs(page, 'superadmin');
  await followNavEntry(page, 'Settlement');
  await expect(page.getByRole('heading', { level: 1, name: 'Settlement' })).toBeVisible();
  const sepa = rows(page).filter({ hasText: 'EU – SEPA' });
  await expect(sepa).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'EU – Poland' })).toHaveCount(1);
  await expectAccessible(page);
  const pending = (await apiCall<{ items: { channel: string; payouts: number; amount: number }[] }>(page, 'GET', '/api/settlement/pending')).items.find((g) => g.channel === 'EU_SEPA')!;
  expect(pending.payouts).toBeGreaterThan(0);

  // A row's actions are in its menu.
  await sepa.getByRole('button', { name: /^Actions for / }).click();
  await sepa.getByRole('menuitem', { name: 'Generate transfer file' }).click();
  await expect(page.getByRole('dialog')).toContainText('Generate the transfer file of these collected payouts?');
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog')).toContainText('The transfer file has been generated.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(rows(page).filter({ hasText: 'EU – SEPA' })).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Transfer batches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer batches' })).toBeVisible();
  const batch = rows(page).first();
  await expect(batch).toContainText('File generated');
  await expect(batch).toContainText(String(pending.payouts));
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await batch.getByRole('button', { name: /^Actions for / }).click();
  await batch.getByRole('menuitem', { name: 'Download file' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^transfers-\d+-EU_SEPA-EUR\.xml$/);
  const xml = readFileSync(await file.path(), 'utf8');
  expect(xml).toContain('pain.001.001.09');
  expect(xml).toContain(`<NbOfTxs>${pending.payouts}</NbOfTxs>`);
  expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');

  await batch.getByRole('button', { name: /^Actions for / }).click();
  await batch.getByRole('menuitem', { name: 'Mark completed' }).click();
  await expect(page.getByRole('dialog')).toContainText('Mark this batch as carried out by the bank?');
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog')).toContainText('The batch has been marked completed.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(batch).toContainText('Completed');
  await batch.getByRole('button', { name: /^Actions for / }).click();
  await expect(batch.getByRole('menuitem')).toHaveText(['Download file']);
  await page.keyboard.press('Escape');

  // In Polish, the same screen.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paczki przelewów' })).toBeVisible();
  await expect(batch).toContainText('Zrealizowana');
  await page.getByRole('group', { name: 'Język' }).getByRole('button', { name: 'English' }).click();
});

test('the settlement screens are a super administrator’s only', async ({ page }) => {
  await loginAs(page, 'admin');
  expect(await navEntryNames(page)).not.toContain('Settlement');
  await page.goto('/panel/settlement');
  await expect(page.getByText('You do no have access to this page!')).toBeVisible();
});
