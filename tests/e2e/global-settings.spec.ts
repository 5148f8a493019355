// Global settings: a super administrator lowers the amount that needs an SMS code for PLN in the money input of its
// currency, and the next payout above it asks the admin for the code; a message without {PASS} is refused under its
// field.
import { apiCall, expect, expectAccessible, field, followNavEntry, loginAs, test } from './helpers.ts';
import { toWallTime } from '../../src/shared/zonedTime.ts';

type Settings = { TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: Record<string, number>; SMS_VERIFICATION_CODE_MESSAGE?: string };

test('a super administrator changes the PLN threshold and the next payout above it asks for the SMS code', async ({ page, browser }) => {
  await loginAs(page, 'superadmin');
  const before = await apiCall<Settings>(page, 'GET', '/api/settings');
  await followNavEntry(page, 'Settings');
  await expect(page).toHaveURL(/\/panel\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const group = page.getByRole('group', { name: 'Amounts that need an SMS code' });
  for (const currency of ['PLN', 'EUR', 'GBP', 'USD']) await expect(group.getByRole('textbox', { name: currency, exact: true })).toBeVisible();
  await expect(group.getByRole('textbox', { name: 'PLN', exact: true })).toHaveValue('10000.00');
  await expectAccessible(page);

  // A message without the code's place is refused under its field; nothing is saved.
  const message = field(page, 'SMS with a verification code');
  await message.fill('Your code is on its way');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The message must contain {PASS}, where the code goes')).toBeVisible();
  // Empty unless the operator wrote one: each language's default is sent.
  await message.fill(before.SMS_VERIFICATION_CODE_MESSAGE ?? '');

  await group.getByRole('textbox', { name: 'PLN', exact: true }).fill('5.00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Settings have been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/panel\/settings$/);
  await expect(group.getByRole('textbox', { name: 'PLN', exact: true })).toHaveValue('5.00');
  expect((await apiCall<Settings>(page, 'GET', '/api/settings')).TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD.PLN).toBe(5_000);

  // The admin's next payout of 6.00 PLN asks for the code at once, without a restart.
  const admin = await browser.newPage();
  try {
    await loginAs(admin, 'admin');
    const accounts = await apiCall<{ items: { id: number; name: string }[] }>(admin, 'GET', '/api/account?limit=100');
    const programs = await apiCall<{ items: { id: number; name: string; currency: string }[] }>(admin, 'GET', '/api/payout/program?limit=100');
    const recipients = await apiCall<{ items: { id: number }[] }>(admin, 'GET', '/api/payout/recipient?limit=1');
    const answer = await apiCall<Record<string, unknown>>(admin, 'POST', '/api/payout', {
      accountId: accounts.items.find((a) => a.name === 'Main PLN account')!.id,
      programId: programs.items.find((p) => p.name === 'Employee bonuses' && p.currency === 'PLN')!.id,
      recipientId: recipients.items[0].id,
      amount: 6_000,
      title: `Above the new threshold ${Date.now()}`,
      endDate: toWallTime(new Date(Date.now() + 7 * 86_400_000), 'Europe/Warsaw'),
    });
    expect(answer).toMatchObject({ authorizationRequired: true });
  } finally {
    await admin.close();
    await apiCall(page, 'PUT', '/api/settings', { TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: before.TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD });
  }
});
