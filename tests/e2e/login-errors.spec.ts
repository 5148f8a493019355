import { DEMO_PASSWORD, expect, field, submitCredentials, test } from './helpers.ts';

test('empty fields show "Field required" under each field', async ({ page }) => {
  await page.goto('/panel');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(field(page, 'User name')).toHaveAccessibleDescription('Field required');
  await expect(field(page, 'Password')).toHaveAccessibleDescription('Field required');
  await expect(field(page, 'User name')).toBeFocused();
});

test('a wrong password shows "Invalid user name or password" under the user name', async ({ page }) => {
  await page.goto('/panel');
  await submitCredentials(page, 'admin', 'Wrong123!');
  await expect(field(page, 'User name')).toHaveAccessibleDescription('Invalid user name or password');
  await expect(page.getByText('Invalid user name or password')).toBeVisible();
});

test('a wrong verification code shows "Invalid verification code!"', async ({ page }) => {
  await page.goto('/panel');
  await submitCredentials(page, 'viewer', DEMO_PASSWORD);
  const code = field(page, 'Verification code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(code).toHaveAccessibleDescription('Invalid verification code!');
  await expect(page.getByText('Invalid verification code!')).toBeVisible();
});
