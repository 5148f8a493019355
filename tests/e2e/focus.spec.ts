// Focus is managed in the panel (issue 25, point 7): after a step of a form focus is on the new heading (or, back on
// the account picker, on the chosen account); a dialog's close returns it to the control that opened it, a form's
// success to the heading of the page then shown; and a text field's focus ring is as strong as a button's: 3 px,
// in a colour with 3:1 or more against what surrounds it, also when the customer's colour is too light for that.
import type { Locator, Page } from '@playwright/test';
import { apiCall, DEMO_USERS, expect, expectAccessible, latestCode, loginAs, outboxMark, test } from './helpers.ts';

type Rgb = [number, number, number];

function rgb(css: string): Rgb {
  const parts = css.match(/\d+(\.\d+)?/g);
  if (!parts || parts.length < 3) throw new Error(`not a colour: ${css}`);
  return [Number(parts[0]), Number(parts[1]), Number(parts[2])];
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrastRatio(a: Rgb, b: Rgb): number {
  const luminance = (c: Rgb) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused field's ring as the browser draws it, and the backgrounds it is drawn on: its card's and the page's. */
async function ringOf(field: Locator): Promise<{ width: string; style: string; colour: string; card: string; page: string }> {
  return field.evaluate((input) => {
    const control = input.closest('.field-control') as HTMLElement;
    const style = getComputedStyle(control);
    let node: HTMLElement | null = control.parentElement;
    let card = 'rgb(255, 255, 255)';
    for (; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') {
        card = background;
        break;
      }
    }
    return { width: style.outlineWidth, style: style.outlineStyle, colour: style.outlineColor, card, page: getComputedStyle(document.body).backgroundColor };
  });
}

async function expectStrongRing(page: Page, field: Locator) {
  await field.click();
  await expect(field).toBeFocused();
  const ring = await ringOf(field);
  expect(ring.width).toBe('3px');
  expect(ring.style).toBe('solid');
  expect(contrastRatio(rgb(ring.colour), rgb(ring.card))).toBeGreaterThanOrEqual(3);
  expect(contrastRatio(rgb(ring.colour), rgb(ring.page))).toBeGreaterThanOrEqual(3);
  // As strong as a button's ring (the same width and colour): Save, reached from the field with Tab.
  const button = page.getByRole('button', { name: 'Save', exact: true });
  for (let presses = 0; presses < 10 && !(await button.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  const buttonOutline = await button.evaluate((element) => ({ width: getComputedStyle(element).outlineWidth, colour: getComputedStyle(element).outlineColor }));
  expect(buttonOutline).toEqual({ width: ring.width, colour: ring.colour });
}

test('focus follows the transfer form: its steps, the Authorization dialog, and the success', async ({ page }) => {
  await loginAs(page, 'representative', { open: false });
  await page.goto('/panel/accounts/transfer');
  const heading = page.getByRole('heading', { level: 1, name: 'Transfer between accounts' });
  const picker = page.getByRole('group', { name: 'From account' });
  await picker.getByRole('radio', { name: /^Main PLN account/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  // The step: the form appears, and focus is on the page's heading, not lost on the page's body.
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Transfer between accounts');
  // Back to the picker: focus on the account chosen before.
  await page.getByRole('button', { name: 'Change account', exact: true }).click();
  await expect(picker.getByRole('radio', { name: /^Main PLN account/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();

  await page.getByRole('combobox', { name: 'To account' }).click();
  await page.getByRole('option', { name: /^Payroll PLN/ }).click();
  const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
  await expectStrongRing(page, amount);
  await amount.fill('11000');

  // The Authorization dialog closed: focus back on Save, the button that opened it.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  const authorization = page.getByRole('dialog', { name: 'Authorization' });
  await authorization.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(authorization).toHaveCount(0);
  await expect(save).toBeFocused();

  // Confirmed with the code, the success dialog's Ok: the accounts list, focus on its heading.
  const mark = outboxMark();
  await save.click();
  await authorization.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(DEMO_USERS.representative.phone, { after: mark }));
  await authorization.getByRole('button', { name: 'Confirm', exact: true }).click();
  const success = page.getByRole('dialog');
  await expect(success).toContainText('The transfer has been made.');
  await success.getByRole('button', { name: 'Ok', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accounts');
  await expectAccessible(page);
});

test('a too light customer colour still gives a field a ring of 3:1, and a settings form keeps focus on its heading after saving', async ({ page }) => {
  await loginAs(page, 'admin');
  await apiCall(page, 'PUT', '/api/customer/settings', { primaryColor: '#ffeb3b' });
  try {
    await page.goto('/panel/customers/settings?tab=4');
    const sender = page.getByRole('textbox', { name: 'SMS sender name' });
    await expect(sender).toBeVisible();
    await expectStrongRing(page, sender);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const success = page.getByRole('dialog');
    await expect(success).toContainText('Settings have been saved.');
    await success.getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(success).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Customer settings' })).toBeFocused();
  } finally {
    await apiCall(page, 'PUT', '/api/customer/settings', { primaryColor: null });
  }
});
