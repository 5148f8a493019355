// The integration API's readable documentation renders under the product's CSP (no eval, no inline script) and
// lists the payouts calls.
import { expect, test } from './helpers.ts';

test.describe('under the product\'s CSP', () => {
  // The page is @fastify/swagger-ui's own: what is tested is that it works under the CSP, which the
  // accessibility audit (it bypasses the CSP to inject axe) would switch off.
  test.use({ bypassCSP: false });

  test('the API documentation page renders the document', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /API/ }).first()).toBeVisible();
    await expect(page.getByText('/api/payout/recipient', { exact: true }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
