// The language of the SMS (issue 25, point 5) on the customer-settings screen: the demo customer is in Poland, so its
// messages are Polish and the text fields show the Polish defaults; choosing English shows the English ones at once,
// and saving it keeps no text of the customer's own. The panel in English and in Polish.
import { apiCall, expect, expectAccessible, followNavEntry, loginAs, test } from './helpers.ts';

type Settings = Record<string, unknown>;

const POLISH_NEW_PAYOUT = 'Masz wypłatę {PAYOUT_AMOUNT} z programu {PROGRAM_NAME} (nr {PAYOUT_REFERENCE}). Odbierz ją do {PAYOUT_END_DATE} na {PAYOUT_COLLECTION_URL}';
const ENGLISH_NEW_PAYOUT = 'You have a payout of {PAYOUT_AMOUNT} from {PROGRAM_NAME} (ref. {PAYOUT_REFERENCE}). Collect it by {PAYOUT_END_DATE} at {PAYOUT_COLLECTION_URL}';

test('the SMS language shows its default texts, in an English panel, and English replaces them once chosen', async ({ page }) => {
  await loginAs(page, 'admin');
  await followNavEntry(page, 'Customer settings');
  const language = page.getByRole('combobox', { name: 'Language of the SMS and e-mails' });
  await expect(language).toHaveValue('Polish');
  await expect(page.getByText('The texts below that you have not changed are sent in this language.')).toBeVisible();
  const message = page.getByRole('textbox', { name: 'SMS about a new payout' });
  await expect(message).toHaveValue(POLISH_NEW_PAYOUT);
  // Polish letters make the text UCS-2: 280 characters, 138 of them in use.
  await expect(page.getByText('Remaining: 142')).toBeVisible();
  await expectAccessible(page);

  await language.click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await expect(language).toHaveValue('English');
  await expect(message).toHaveValue(ENGLISH_NEW_PAYOUT);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Settings have been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  const stored = await apiCall<Settings>(page, 'GET', '/api/customer/settings');
  expect(stored).toMatchObject({ MESSAGES_LANGUAGE: 'en', PAYOUT_SMS_NOTIFICATION_MESSAGE: ENGLISH_NEW_PAYOUT });

  // A text the admin wrote stays as written when the language changes.
  await message.fill('Odbierz {PAYOUT_AMOUNT}');
  await language.click();
  await page.getByRole('option', { name: 'Polish', exact: true }).click();
  await expect(message).toHaveValue('Odbierz {PAYOUT_AMOUNT}');
  await apiCall(page, 'PUT', '/api/customer/settings', { MESSAGES_LANGUAGE: 'pl' });
});

test('in a Polish panel the language is named in Polish and the default texts follow the choice', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
  await followNavEntry(page, 'Ustawienia klienta');
  const language = page.getByRole('combobox', { name: 'Język SMS-ów i e-maili' });
  await expect(language).toHaveValue('polski');
  const message = page.getByRole('textbox', { name: 'SMS o nowej wypłacie' });
  await expect(message).toHaveValue(POLISH_NEW_PAYOUT);
  await language.click();
  await page.getByRole('option', { name: 'angielski', exact: true }).click();
  await expect(message).toHaveValue(ENGLISH_NEW_PAYOUT);
  await expectAccessible(page);
});
