import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, expectAccessible, field, latestCode, loginThroughForm, outboxMark, test } from './helpers.ts';

const USER = 'representative';
const NEW_PASSWORD = 'Fresh#2030pass';

async function openRestoreFlow(page: Page): Promise<void> {
  await page.goto('/panel');
  await page.getByRole('button', { name: 'First time sign in? or did you forget your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Restoring password / Assigning password at the first login' })).toBeVisible();
  await expectAccessible(page);
}

/** Step 1: asks for the e-mail code and returns the outbox position before it was sent. */
async function requestCode(page: Page): Promise<number> {
  await field(page, 'User name').fill(USER);
  const mark = outboxMark();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(field(page, 'Verification code received by e-mail')).toBeVisible();
  await expectAccessible(page);
  return mark;
}

async function fillNewPassword(page: Page, code: string, password: string, confirmation = password): Promise<void> {
  await field(page, 'Verification code received by e-mail').fill(code);
  await field(page, 'New password').fill(password);
  await field(page, 'Confirm password').fill(confirmation);
  await page.getByRole('button', { name: 'Set password' }).click();
}

/** Puts the demo password back through the API so that other tests keep working. */
async function resetPassword(request: APIRequestContext): Promise<void> {
  const mark = outboxMark();
  expect((await request.post('/api/user/restorePassword', { data: { identity: USER } })).ok()).toBe(true);
  const code = await latestCode(DEMO_USERS[USER].email, { after: mark });
  const answer = await request.put('/api/user/restorePassword', {
    data: { identity: USER, emailAuthorizationCode: code, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  });
  expect(await answer.json()).toEqual({ success: true });
}

test.afterAll(async ({ request }) => {
  await resetPassword(request);
});

test('setting a new password with the e-mail code, then logging in with it', async ({ page }) => {
  await openRestoreFlow(page);
  const mark = await requestCode(page);
  const code = await latestCode(DEMO_USERS[USER].email, { after: mark });
  await fillNewPassword(page, code, NEW_PASSWORD);
  await expect(page.getByText('New password has been set. Now you can log in using new password.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(field(page, 'User name')).toBeVisible();

  await loginThroughForm(page, USER, { password: NEW_PASSWORD });
  await expect(page.getByRole('button', { name: DEMO_USERS[USER].name })).toBeVisible();
});

test('a wrong e-mail code leads to the invalid-code step with Try again and Back', async ({ page }) => {
  await openRestoreFlow(page);
  await requestCode(page);

  // The form checks the password rules before sending anything.
  await fillNewPassword(page, '000000', 'weak', 'weak');
  await expect(field(page, 'New password')).toHaveAccessibleDescription(/at least 8 characters/i);
  await fillNewPassword(page, '000000', NEW_PASSWORD, `${NEW_PASSWORD}x`);
  await expect(field(page, 'Confirm password')).toHaveAccessibleDescription('Passwords must match');
  await expectAccessible(page);

  await fillNewPassword(page, '000000', NEW_PASSWORD);
  await expect(page.getByText('Given verification code is invalid. Please try again.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(field(page, 'User name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();

  await requestCode(page);
  await fillNewPassword(page, '111111', NEW_PASSWORD);
  // Wait for the answer: step 2 has a Back button of its own.
  await expect(page.getByText('Given verification code is invalid. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'First time sign in? or did you forget your password?' })).toBeVisible();
});
