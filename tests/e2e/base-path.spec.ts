// The panel under a customer's base path: /demo/panel is Demo Company's branded login, signs in to it, and the
// screens, a reload, signing out and an ended session stay under /demo; an unknown customer's base path is the not-found page;
// /panel?customer=demo still gives the same branded login.
import { apiCall, DEMO_USERS, drawnLogo, expect, expectAccessible, loginAs, loginThroughForm, test } from './helpers.ts';

const COLOUR = '#7a1f5e';
const COLOUR_RGB = 'rgb(122, 31, 94)';

test("/demo/panel is Demo Company's branded login, and the panel stays under it until signing out", async ({ page }) => {
  await loginAs(page, 'admin');
  const logo = `data:image/png;base64,${(await drawnLogo(page, COLOUR)).toString('base64')}`;
  await apiCall(page, 'PUT', '/api/customer/settings', { primaryColor: COLOUR, logoUrl: logo });
  try {
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/demo/panel');
    // The customer's logo and colour, with no ?customer= in the address.
    await expect(page.getByRole('img', { name: 'Demo Company' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCSS('background-color', COLOUR_RGB);
    await expectAccessible(page);

    await loginThroughForm(page, 'admin', { baseURL: '/demo' });
    await expect(page).toHaveURL(/\/demo\/panel$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO_USERS.admin.name}`);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/demo/panel/users');
    await navigation.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/demo\/panel\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await navigation.getByRole('link', { name: 'Programs' }).click();
    await expect(page).toHaveURL(/\/demo\/panel\/programs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await expect(page).toHaveURL(/\/demo\/panel\/programs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();

    await page.getByRole('button', { name: DEMO_USERS.admin.name }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/demo\/panel$/);
    await expect(page.getByRole('textbox', { name: 'User name', exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Demo Company' })).toBeVisible();

    // A session that ends behind the panel's back: the token-expired page, and its way back, under the base too.
    await loginThroughForm(page, 'admin', { baseURL: '/demo' });
    await apiCall(page, 'POST', '/api/logout');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByText('You have been automatically logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/demo\/token-expired$/);
    await page.getByRole('link', { name: 'Login again' }).click();
    await expect(page).toHaveURL(/\/demo\/panel$/);
    await expect(page.getByRole('img', { name: 'Demo Company' })).toBeVisible();

    // The address parameter keeps working beside the base path.
    await page.goto('/panel?customer=demo');
    await expect(page.getByRole('img', { name: 'Demo Company' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCSS('background-color', COLOUR_RGB);
  } finally {
    await loginAs(page, 'admin');
    await apiCall(page, 'PUT', '/api/customer/settings', { primaryColor: null, logoUrl: null });
  }
});

test("an unknown customer's base path is the not-found page", async ({ page }) => {
  const response = await page.goto('/nosuch/panel');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for might have been removed, had its name changed or is temporarily unavailable.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  await expectAccessible(page);
});
