// Generated forms in the browser: create and edit through the form screens of screens.json, the phone and money
// widgets, client and server validation messages in both languages, conditional fields, and a client bundle that
// runs under the server's CSP (no eval, no Function constructor).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, field, freshName, loginAs, test } from './helpers.ts';

/** A call to the API with the page's session, as the panel makes it. */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (target) => {
    const response = await fetch(target, { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } });
    if (!response.ok) throw new Error(`${target}: ${response.status}`);
    return response.json();
  }, url);
}

interface Recipient {
  id: number;
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string;
}

interface Program {
  id: number;
  name: string;
  currency: string;
  budget: number;
}

async function findRecipient(page: Page, search: string): Promise<Recipient | undefined> {
  const options = encodeURIComponent(JSON.stringify({ search }));
  const result = await apiGet<{ items: Recipient[] }>(page, `/api/payout/recipient?limit=50&options=${options}`);
  return result.items[0];
}

async function findProgram(page: Page, name: string): Promise<Program | undefined> {
  const options = encodeURIComponent(JSON.stringify({ search: name }));
  const result = await apiGet<{ items: Program[] }>(page, `/api/payout/program?limit=50&options=${options}`);
  return result.items.find((program) => program.name === name);
}

/** Nine digits of a Polish mobile number no demo recipient has. */
function freshNationalNumber(): string {
  // 66x is a Polish mobile range (the phone rule accepts mobiles only).
  return `66${String(Date.now() % 10_000_000).padStart(7, '0')}`;
}

async function switchLanguage(page: Page, to: 'Polski' | 'English') {
  const group = page.getByRole('group', { name: to === 'Polski' ? 'Language' : 'Język' });
  await group.getByRole('button', { name: to }).click();
}

async function saveAndConfirm(page: Page, message: string, saveLabel = 'Save') {
  await page.getByRole('button', { name: saveLabel, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(message);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Ok' }).click();
}

test.describe('generated forms', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin', { open: false });
  });

  test('creates a recipient with the phone widget, then edits it', async ({ page }) => {
    const national = freshNationalNumber();
    const lastName = freshName('Testowska');
    const externalId = `EMP-${String(Date.now() % 10_000).padStart(4, '0')}`;
    await page.goto('/panel/recipients/create');
    await expect(page.getByRole('heading', { name: 'Create recipient' })).toBeVisible();
    // The customer picker is for a SUPER_ADMIN only.
    await expect(page.getByText('Customer', { exact: true })).toHaveCount(0);
    // Required fields carry an asterisk after the label.
    await expect(page.locator('label', { hasText: 'First name' })).toContainText('*');
    await expect(page.locator('label', { hasText: 'E-mail' })).not.toContainText('*');

    await field(page, 'External ID').fill(externalId);
    await field(page, 'First name').fill('Zofia');
    await field(page, 'Last name').fill(lastName);
    await field(page, 'E-mail').fill('zofia.testowa@example.com');
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('Poland (+48)');
    await expectAccessible(page);
    // Digits only: the spaces and letters are dropped as they are typed.
    await field(page, 'Phone number').pressSequentially(`${national.slice(0, 3)} ${national.slice(3)}x`);
    await expect(field(page, 'Phone number')).toHaveValue(national);
    await saveAndConfirm(page, 'The recipient has been saved.');
    await expect(page).toHaveURL(/\/panel\/recipients$/);

    const created = await findRecipient(page, lastName);
    expect(created).toMatchObject({ externalId, firstName: 'Zofia', lastName, email: 'zofia.testowa@example.com', phoneNumber: `+48${national}` });

    await page.goto(`/panel/recipients/${created!.id}/update`);
    await expect(page.getByRole('heading', { name: 'Edit recipient' })).toBeVisible();
    await expect(field(page, 'Last name')).toHaveValue(lastName);
    await expect(field(page, 'Phone number')).toHaveValue(national);
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('Poland (+48)');
    await field(page, 'First name').fill('Zuzanna');
    // A number pasted with its own dial code picks the country.
    await field(page, 'Phone number').fill('+420 601 123 456');
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('Czechia (+420)');
    await expect(field(page, 'Phone number')).toHaveValue('601123456');
    await saveAndConfirm(page, 'The recipient has been saved.');

    const updated = await findRecipient(page, lastName);
    expect(updated).toMatchObject({ id: created!.id, firstName: 'Zuzanna', phoneNumber: '+420601123456' });
  });

  test('a missing record shows the error instead of the form', async ({ page }) => {
    await page.goto('/panel/recipients/999999/update');
    await expect(page.getByRole('alert')).toContainText('Recipient not found');
    await expect(field(page, 'First name')).toHaveCount(0);
  });

  test('a money budget typed with grouping commas reaches the server in thousandths', async ({ page }) => {
    const name = `Program ${freshName('budzet')}`;
    await page.goto('/panel/programs/create');
    await field(page, 'Name').fill(name);
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('PLN');
    const budget = field(page, 'Budget');
    // English: a comma groups thousands, a dot separates the decimals.
    await budget.fill('1,234.56');
    await budget.press('Tab');
    // Parsed on blur and shown with two decimals in the language's own form.
    await expect(budget).toHaveValue('1234.56');
    // The currency shown beside the amount follows the currency field, written as the list writes it.
    await expect(page.locator('.field-suffix')).toHaveText('PLN');
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'EUR' }).click();
    await expect(page.locator('.field-suffix')).toHaveText('€');
    await expectAccessible(page);
    // Reminder fields appear only when reminders are on.
    await expect(field(page, 'Reminder message')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Send SMS reminders' }).check();
    await expect(field(page, 'Reminder message')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: 'Send SMS reminders' }).uncheck();
    await saveAndConfirm(page, 'The program has been saved.');

    const program = await findProgram(page, name);
    expect(program).toMatchObject({ name, currency: 'EUR', budget: 1_234_560 });

    await page.goto(`/panel/programs/${program!.id}/update`);
    await expect(field(page, 'Budget')).toHaveValue('1234.56');
    await switchLanguage(page, 'Polski');
    await expect(page.getByRole('textbox', { name: 'Budżet', exact: true })).toHaveValue('1234,56');
    // Enter parses the typed amount before the form is sent.
    await page.getByRole('textbox', { name: 'Budżet', exact: true }).fill('2000,5');
    await page.getByRole('textbox', { name: 'Budżet', exact: true }).press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Program został zapisany.');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    expect((await findProgram(page, name))?.budget).toBe(2_000_500);
  });

  test('validation messages come from the catalogue in the current language', async ({ page }) => {
    await page.goto('/panel/recipients/create');
    await field(page, 'First name').fill('Adam');
    await field(page, 'Last name').fill('Nowak');
    await field(page, 'E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Checked in the browser: nothing is sent, the messages stand under their fields.
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page.getByText('Field required')).toBeVisible();
    await expect(field(page, 'E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await switchLanguage(page, 'Polski');
    await expect(page.getByText('Adres e-mail jest nieprawidłowy')).toBeVisible();
    await expect(page.getByText('Pole wymagane')).toBeVisible();
    await expectAccessible(page);
    await switchLanguage(page, 'English');

    // A phone number another recipient has: the server says so under the phone field.
    const demo = (await apiGet<{ items: Recipient[] }>(page, '/api/payout/recipient?limit=1')).items[0];
    await field(page, 'E-mail').fill('adam.nowak@example.com');
    await field(page, 'Phone number').fill(demo.phoneNumber);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Recipient with that phone number already exists.')).toBeVisible();
    await expect(field(page, 'Phone number')).toHaveAttribute('aria-invalid', 'true');
    await switchLanguage(page, 'Polski');
    await expect(page.getByText('Odbiorca z tym numerem telefonu już istnieje.')).toBeVisible();
    // Editing the field clears the server's message.
    await page.getByRole('textbox', { name: 'Numer telefonu', exact: true }).fill(freshNationalNumber());
    await expect(page.getByText('Odbiorca z tym numerem telefonu już istnieje.')).toHaveCount(0);
  });

  test('the representative kind shows only for a representative', async ({ page }) => {
    await page.goto('/panel/users/create');
    const type = page.getByRole('combobox', { name: 'User type' });
    await expect(page.getByRole('combobox', { name: 'Representative kind' })).toHaveCount(0);
    await type.click();
    // Options are sorted by label: Administrator, Representative, Super administrator.
    await expect(page.getByRole('option')).toHaveText(['Administrator', 'Representative', 'Super administrator']);
    await expectAccessible(page);
    await page.getByRole('option', { name: 'Representative', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Representative kind' })).toBeVisible();
    // Typing filters the options; Enter picks the highlighted one.
    await type.fill('admin');
    await expect(page.getByRole('option')).toHaveText(['Administrator', 'Super administrator']);
    await type.press('Enter');
    await expect(type).toHaveValue('Administrator');
    await expect(page.getByRole('combobox', { name: 'Representative kind' })).toHaveCount(0);
  });

  test.describe('under the product\'s CSP', () => {
    // The other tests bypass the CSP for the accessibility audit; this one needs it in force (and
    // has no audit: its screen is audited by the tests above).
    test.use({ bypassCSP: false });

    test('the client bundle needs no eval and the CSP forbids it', async ({ page, request }) => {
      const response = await request.get('/panel');
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');

      const clientDir = path.resolve(process.env.CLIENT_DIR || 'dist/client');
      const assets = path.join(clientDir, 'assets');
      expect(existsSync(assets), `${assets} holds the built client the server serves`).toBe(true);
      const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
      expect(files.some((name) => name.startsWith('SchemaForm'))).toBe(true);
      const offenders = files.filter((name) => /\bnew\s+Function\b|(?<![\w$.])Function\s*\(|(?<![\w$.])eval\s*\(/.test(readFileSync(path.join(assets, name), 'utf8')));
      expect(offenders).toEqual([]);

      // And in the page itself: a generated form validates without any CSP violation.
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/panel/programs/create');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Field required').first()).toBeVisible();
      expect(violations).toEqual([]);
    });
  });
});

test('a super administrator picks the customer from the list the API gives', async ({ page }) => {
  await loginAs(page, 'superadmin', { open: false });
  await page.goto('/panel/users/create');
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await expect(customer).toBeVisible();
  await customer.click();
  await expect(page.getByRole('option', { name: 'Demo Company' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('option', { name: 'Demo Company' }).click();
  await expect(customer).toHaveValue('Demo Company');
});
