// Webhooks in the panel: an admin (with the customer's API on) is refused a private address in the form, makes an
// endpoint for payout.created, sees its signing secret once, and after a payout follows the delivery in the log:
// its attempt and error (the endpoint's host does not resolve here), and "Send again". The same screens in Polish.
import { apiCall, expect, expectAccessible, followNavEntry, loginAs, navEntryNames, test } from './helpers.ts';

interface Delivery {
  id: number;
  attempts: number;
  state: string;
}

test('an admin makes a webhook endpoint, sees its secret once, and follows and resends its delivery', async ({ page }) => {
  await loginAs(page, 'admin');
  expect(await navEntryNames(page)).not.toContain('Webhooks');
  await apiCall(page, 'PUT', '/api/customer/settings', { API_ENABLED: true });
  let endpointId = 0;
  try {
    // The navigation shows the entry once the panel knows the API is on (here, after a reload).
    await page.reload();
    await followNavEntry(page, 'Webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'New endpoint' }).click();
    await expect(page).toHaveURL(/\/panel\/integration-api\/webhooks\/create$/);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/integration/webhooks') sent.push(request.url());
    });
    const url = page.getByRole('textbox', { name: 'Endpoint URL' });
    await url.fill('http://127.0.0.1:8080/in');
    await page.getByRole('combobox', { name: 'Events' }).click();
    await page.getByRole('option', { name: 'Payout created', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Webhook URL is invalid. Use an http or https address outside private networks')).toBeVisible();
    // Refused by the form itself (the URL input brings the address rule to it), before anything is sent.
    expect(sent).toEqual([]);
    const address = `https://hooks-${Date.now()}.example.com/payouts`;
    await url.fill(address);
    await page.getByRole('textbox', { name: 'Description' }).fill('Our ERP');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The webhook endpoint has been created.');
    const secret = await dialog.getByRole('textbox', { name: "The endpoint's signing secret. Copy it now: it is shown only this once." }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/panel\/integration-api\/webhooks$/);
    const row = page.getByRole('row').filter({ hasText: address });
    await expect(row).toContainText('Payout created');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(secret);
    await expectAccessible(page);
    const endpoints = await apiCall<{ items: { id: number; url: string }[] }>(page, 'GET', '/api/integration/webhooks');
    endpointId = endpoints.items.find((e) => e.url === address)!.id;

    // A payout: its event is queued with it and tried at once.
    const [account] = (await apiCall<{ items: { id: number }[] }>(page, 'GET', `/api/account?options=${encodeURIComponent('{"currency":["PLN"]}')}`)).items;
    const program = (await apiCall<{ items: { id: number; name: string }[] }>(page, 'GET', '/api/payout/program?limit=100')).items.find((p) => p.name === 'Employee bonuses')!;
    const [recipient] = (await apiCall<{ items: { id: number }[] }>(page, 'GET', `/api/payout/recipient?options=${encodeURIComponent('{"blocked":false}')}`)).items;
    const endDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) + ' 12:00:00';
    await apiCall(page, 'POST', '/api/payout', { accountId: account.id, programId: program.id, recipientId: recipient.id, amount: 1_000, endDate });
    const logOf = () => apiCall<{ items: Delivery[] }>(page, 'GET', `/api/integration/webhooks/deliveries?options=${encodeURIComponent(JSON.stringify({ endpointId }))}`);
    await expect.poll(async () => (await logOf()).items[0]?.attempts ?? 0, { timeout: 20_000 }).toBe(1);

    await row.getByRole('button', { name: /^Actions for / }).click();
    await row.getByRole('menuitem', { name: 'Deliveries', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook deliveries' })).toBeVisible();
    const delivery = page.getByRole('row').filter({ hasText: 'Payout created' });
    await expect(delivery).toHaveCount(1);
    await expect(delivery.getByText('Pending', { exact: true })).toBeVisible();
    await delivery.getByRole('button', { name: 'Details', exact: true }).click();
    const attempts = page.getByRole('region', { name: 'Attempts' });
    await expect(attempts.getByRole('row')).toHaveCount(2);
    await expect(attempts.getByRole('row').nth(1)).toContainText(/unreachable|did not answer/);
    await expect(page.getByRole('main')).toContainText(/"type" ?: ?"payout\.created"/);
    await expectAccessible(page);

    await delivery.getByRole('button', { name: /^Actions for / }).click();
    await delivery.getByRole('menuitem', { name: 'Send again', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Send this event to the endpoint again?');
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('dialog')).toContainText('The event is being sent again.');
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    // Its earlier attempt stays in the log beside the new one.
    await expect.poll(async () => (await apiCall<{ attemptLog: unknown[] }>(page, 'GET', `/api/integration/webhooks/deliveries/${(await logOf()).items[0].id}`)).attemptLog.length, { timeout: 20_000 }).toBe(2);

    // The same screens in Polish.
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Doręczenia webhooków' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Utworzono wypłatę' })).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole('group', { name: 'Język' }).getByRole('button', { name: 'English' }).click();
  } finally {
    if (endpointId) await apiCall(page, 'DELETE', `/api/integration/webhooks/${endpointId}`);
    await apiCall(page, 'PUT', '/api/customer/settings', { API_ENABLED: false });
  }
});
