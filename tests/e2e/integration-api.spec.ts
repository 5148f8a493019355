// The integration API in the panel: an admin turns the API on in the customer settings (its navigation entry shows
// only then), makes a restricted key that may only read payouts, sees its secret once (and copies it), the key reads
// payouts and nothing else, and stops at once when revoked from the list.
import type { Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, followNavEntry, loginAs, navEntryNames, test } from './helpers.ts';

/** A call made as an integration would: with the key, not the session. */
async function withKey(page: Page, key: string, url: string): Promise<number> {
  return page.evaluate(async ([k, u]) => (await fetch(u, { headers: { Authorization: `Bearer ${k}` } })).status, [key, url] as const);
}

test('an admin makes a restricted key, sees it once, uses it, and revokes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'admin');
  expect(await navEntryNames(page)).not.toContain('Integration API');
  await page.goto('/panel/customers/settings?tab=7');
  await expect(page.getByRole('tab', { name: 'Integration' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('checkbox', { name: 'Enable the integration API (API keys)' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();

  try {
    // Saved, the settings refresh the session's view of the customer: the entry appears without a reload.
    await followNavEntry(page, 'Integration API');
    await expect(page.getByRole('heading', { level: 1, name: 'Integration API' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'New API key' }).click();
    await expect(page).toHaveURL(/\/panel\/integration-api\/create$/);
    const name = `Payroll reader ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Key name' }).fill(name);
    await page.getByRole('checkbox', { name: 'Restricted key: choose its permissions' }).check();
    await page.getByRole('combobox', { name: 'Permissions' }).click();
    await page.getByRole('option', { name: 'Read payouts', exact: true }).click();
    // The payout routes ask a key for this too.
    await page.getByRole('option', { name: 'Payouts through the API (needed with the payout permissions)', exact: true }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The API key has been created.');
    const secret = dialog.getByRole('textbox', { name: 'Your new API key. Copy it now: it is shown only this once.' });
    const key = await secret.inputValue();
    expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{32}$/);
    await dialog.getByRole('button', { name: /^Copy: / }).click();
    await expect(dialog.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/panel\/integration-api$/);

    // The list never shows the secret again: its beginning, its permissions and state.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(key.slice(0, 10));
    await expect(row).toContainText('Read payouts');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(key);
    await expectAccessible(page);

    // The key reads payouts, and nothing else.
    expect(await withKey(page, key, '/api/payout')).toBe(200);
    expect(await withKey(page, key, '/api/payout/recipient')).toBe(403);

    await row.getByRole('button', { name: /^Actions for / }).click();
    await row.getByRole('menuitem', { name: 'Revoke', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Revoke this key? Calls made with it stop at once.');
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('dialog')).toContainText('The API key has been revoked.');
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
    expect(await withKey(page, key, '/api/payout')).toBe(401);
  } finally {
    await apiCall(page, 'PUT', '/api/customer/settings', { API_ENABLED: false });
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await navEntryNames(page)).not.toContain('Integration API');
});
